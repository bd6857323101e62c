import type { TInteger } from 'typebox';
import {
  Flag,
  Id,
  Type,
  type Access,
  type Static,
  type TSchema,
  endpoint,
  endpoints,
} from './shared.js';
import { ConfirmSensitive, SensitiveReason } from './sensitive-words.js';

/** The shared field schemas (fields.ts), for the server's route builders of the platform. */
export { EnabledFlag, OrNull, SortNumber } from './fields.js';

/** The content-management platform's own calls (api/cms/*) and the bodies its route builders take. */

/** The platform's home: what waits for the caller (counts; reviewer: isPower 1). */
export const CmsOverview = Type.Object({
  reviewer: Type.Boolean(),
  newsToReview: Type.Integer(),
  videosToReview: Type.Integer(),
  myDrafts: Type.Integer(),
  mySubmitted: Type.Integer(),
  myRejected: Type.Integer(),
  scheduledNews: Type.Integer(),
  /**
   * The new school's first steps, for administrators (null for others): whether each is done
   * as far as the server can tell (null: it cannot).
   */
  firstSteps: Type.Union([
    Type.Object({
      /** The short name set, and a logo or a theme colour (站点设置). */
      siteSettings: Type.Boolean(),
      /** More staff than the first administrator (人员导入). */
      staffImport: Type.Boolean(),
      /** An import from the old site has run (从旧站导入). */
      siteImport: Type.Union([Type.Boolean(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type CmsOverview = Static<typeof CmsOverview>;

export const cmsCalls = endpoints('cms', {
  overview: endpoint(
    '/cms/overview',
    'staff',
    '内容管理：首页待办（待审核、我的草稿、被退回、定时发布）',
    undefined,
    CmsOverview,
  ),
});

/**
 * The content path's version of an authored item (news, sub-news, videos,
 * introduction pages, people): every edit form answers the row's `version`,
 * an integer bumped by every write to it; a save may send it back (a form
 * sends it as text; '' is the same as none). When the item has changed since,
 * the save answers 409 `内容刚被他人修改，请刷新后重试` and writes nothing.
 * Without it the server still refuses a change that lands between its own
 * read and write.
 */
export const ContentVersion = Type.Integer({ minimum: 0 });
export const SaveVersion = Type.Integer({
  minimum: 0,
  maximum: 2_147_483_647,
  errorMessage: '版本号不正确，请刷新后重试',
});

/** An authored item's id under its own name (newId, videoId, wwfzId ...). */
const itemId = <K extends string>(idName: K, what: string) =>
  ({ [idName]: Id(`请选择${what}`) }) as Record<K, TInteger>;

const RevisionId = Id('请选择版本');

/** The steps of the review workflow (server platform/publishing/workflow.ts), each its own call. */
export type ReviewStep = 'submit' | 'approve' | 'reject' | 'shelve' | 'unshelve' | 'pin';

/**
 * The review calls of a reviewed item (news, videos) under `base`:
 * `<base>/submit`, `approve`, `reject {reason}`, `shelve`, `unshelve` and
 * `pin {ifTop}`, each answering `state` (the item's id and new state). Who
 * may take a step is the server's service to decide; `access` is the door's
 * rule and `shelvers` words who may shelve on the API page.
 */
export const reviewEndpoints = <B extends string, K extends string, S extends TSchema>(
  base: B,
  idName: K,
  what: string,
  state: S,
  options: { shelvers: string; access: Record<ReviewStep, Access> },
) => {
  const id = Type.Object(itemId(idName, what));
  // The steps that submit or publish run the sensitive-word check (sensitive-words.ts).
  const screened = Type.Object({
    ...itemId(idName, what),
    confirmSensitive: ConfirmSensitive,
    sensitiveReason: SensitiveReason,
  });
  const { access, shelvers } = options;
  const at = <P extends ReviewStep>(step: P) => `${base}/${step}` as `${B}/${P}`;
  return endpoints('cms', {
    submit: endpoint(
      at('submit'),
      access.submit,
      `内容管理：${what}提交审核（草稿或被退回的，本人）`,
      screened,
      state,
    ),
    approve: endpoint(
      at('approve'),
      access.approve,
      `内容管理：${what}审核通过（仅管理员）`,
      screened,
      state,
    ),
    reject: endpoint(
      at('reject'),
      access.reject,
      `内容管理：退回${what}并写明原因（仅管理员）`,
      Type.Object({
        ...itemId(idName, what),
        reason: Type.String({ minLength: 1, errorMessage: '请填写退回原因' }),
      }),
      state,
    ),
    shelve: endpoint(
      at('shelve'),
      access.shelve,
      `内容管理：${what}上架（审核通过后；${shelvers}）`,
      screened,
      state,
    ),
    unshelve: endpoint(
      at('unshelve'),
      access.unshelve,
      `内容管理：${what}下架（${shelvers}）`,
      id,
      state,
    ),
    pin: endpoint(
      at('pin'),
      access.pin,
      `内容管理：${what}置顶（ifTop 1）或取消置顶（ifTop 0），仅管理员`,
      Type.Object({ ...itemId(idName, what), ifTop: Flag('ifTop 须为 0 或 1') }),
      state,
    ),
  });
};

/**
 * A list's release-date range (发布日期 起止, issue 18): YYYY-MM-DD, Beijing
 * days, both ends included; '' is not given (a form's empty field).
 */
export const ListDateRange = {
  beginDate: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      errorMessage: '开始日期格式不正确，应为 YYYY-MM-DD',
    }),
  ),
  endDate: Type.Optional(
    Type.String({
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      errorMessage: '结束日期格式不正确，应为 YYYY-MM-DD',
    }),
  ),
};

/** The most items one bulk call takes (a list page holds at most 100 rows). */
export const BATCH_MAX = 100;

/** Comma-joined ids of a bulk call ('3,5,8'), as a form or the list's selection sends them. */
const BatchIds = Type.String({
  minLength: 1,
  maxLength: 1200,
  pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
  errorMessage: '请选择要处理的内容',
});

/**
 * The answer of a bulk call: the ids done and, for each id not done, why
 * (the single call's refusal). Every item is its own step, in its own
 * transaction, exactly as the single call: an item is either fully changed
 * or left as it was, never half.
 */
export const BatchResult = Type.Object({
  done: Type.Array(Type.Integer()),
  refused: Type.Array(Type.Object({ id: Type.Integer(), message: Type.String() })),
});
export type BatchResult = Static<typeof BatchResult>;

/** The bulk actions of a reviewed item's list. */
export type BatchStep = 'approve' | 'unshelve' | 'remove';

/**
 * The bulk calls of a reviewed item's list under `base` (issue 18):
 * `<base>/batchApprove`, `batchUnshelve` and `batchDelete`, each taking `ids`
 * and running the single call's step (with its permission check) item by
 * item, answering what was done and what was refused.
 */
export const batchEndpoints = <B extends string>(
  base: B,
  what: string,
  access: Record<BatchStep, Access>,
) =>
  endpoints('cms', {
    approve: endpoint(
      `${base}/batchApprove` as `${B}/batchApprove`,
      access.approve,
      `内容管理：批量审核通过${what}（ids 逗号分隔，最多${BATCH_MAX}条；逐条检查，答复完成与被拒绝的）`,
      Type.Object({ ids: BatchIds }),
      BatchResult,
    ),
    unshelve: endpoint(
      `${base}/batchUnshelve` as `${B}/batchUnshelve`,
      access.unshelve,
      `内容管理：批量下架${what}（逐条按单条下架的权限检查）`,
      Type.Object({ ids: BatchIds }),
      BatchResult,
    ),
    remove: endpoint(
      `${base}/batchDelete` as `${B}/batchDelete`,
      access.remove,
      `内容管理：批量删除${what}（逐条按单条删除的权限检查）`,
      Type.Object({ ids: BatchIds }),
      BatchResult,
    ),
  });

/**
 * The version calls of an authored item under `base`: `<base>/revisions {id}`
 * (a list of `entry`, newest first), `<base>/revision {revisionId}` (one
 * `version` in full, in the shape of the edit form) and `<base>/restore {id,
 * revisionId}` (saved again as a new version; answers the item's id).
 */
export const versionEndpoints = <
  B extends string,
  K extends string,
  E extends TSchema,
  V extends TSchema,
>(
  base: B,
  idName: K,
  what: string,
  schemas: { entry: E; version: V },
  access: Access,
) => {
  const id = itemId(idName, what);
  return endpoints('cms', {
    revisions: endpoint(
      `${base}/revisions` as `${B}/revisions`,
      access,
      `内容管理：${what}保存过的版本（新的在前）`,
      Type.Object(id),
      Type.Array(schemas.entry),
    ),
    revision: endpoint(
      `${base}/revision` as `${B}/revision`,
      access,
      `内容管理：${what}一个版本的全部内容（与编辑表单同形，用于比较）`,
      Type.Object({ revisionId: RevisionId }),
      schemas.version,
    ),
    restore: endpoint(
      `${base}/restore` as `${B}/restore`,
      access,
      `内容管理：把${what}恢复到某个版本（作为新版本保存）`,
      Type.Object({ ...id, revisionId: RevisionId }),
      Type.Object({ [idName]: Type.Integer() } as Record<K, TInteger>),
    ),
  });
};
