import type { TInteger } from 'typebox';
import { Flag, Id, Type, call, type Static, type TSchema, endpoint, endpoints } from './shared.js';

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

/**
 * The review steps of a reviewed item (news, videos) under `<base>/`:
 * submit, approve, reject {reason}, shelve, unshelve, pin {ifTop}, each
 * answering `state` (the item's id and new state).
 */
export const reviewCalls = <K extends string, S extends TSchema>(
  idName: K,
  what: string,
  state: S,
) => {
  const id = itemId(idName, what);
  return {
    submit: call(Type.Object(id), state),
    approve: call(Type.Object(id), state),
    reject: call(
      Type.Object({
        ...id,
        reason: Type.String({ minLength: 1, errorMessage: '请填写退回原因' }),
      }),
      state,
    ),
    shelve: call(Type.Object(id), state),
    unshelve: call(Type.Object(id), state),
    pin: call(Type.Object({ ...id, ifTop: Flag('ifTop 须为 0 或 1') }), state),
  };
};

/**
 * The version calls of an authored item under `<base>/`: revisions {id}
 * (a list of `entry`), revision {revisionId} (one `version` in full) and
 * restore {id, revisionId} (answering the item's id).
 */
export const versionCalls = <K extends string, E extends TSchema, V extends TSchema>(
  idName: K,
  what: string,
  entry: E,
  version: V,
) => {
  const id = itemId(idName, what);
  return {
    revisions: call(Type.Object(id), Type.Array(entry)),
    revision: call(Type.Object({ revisionId: RevisionId }), version),
    restore: call(
      Type.Object({ ...id, revisionId: RevisionId }),
      Type.Object({ [idName]: Type.Integer() } as Record<K, TInteger>),
    ),
  };
};
