import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, ReviewState } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { isSafeLink } from '@school/common';
import { canManage } from '../../http/permissions.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  NEWS_GONE_MESSAGE,
  inTransaction,
  type NewsFileInput,
  type NewsService,
} from './service.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { checkItemFiles, existingFiles, type CmsFileInput } from '../../platform/files/item-files.js';
import { bodyAndCover, setFileUses } from '../../platform/files/uses.js';

/** The review states as the platform's screens name them. */
export const REVIEW_STATE_NAMES: Record<ReviewState, string> = {
  draft: '草稿',
  submitted: '待审核',
  approved: '审核通过',
  rejected: '已退回',
};
export const REVIEW_STATES = Object.keys(REVIEW_STATE_NAMES) as ReviewState[];

export const CLOSED_COLUMN_MESSAGE = '该栏目只有管理员可以发布';
export const NOT_OWN_MESSAGE = '只能修改自己发布的内容';
export const REVIEWER_ONLY_MESSAGE = '只有管理员可以审核';
export const SHELVE_NEEDS_APPROVAL = '审核通过后才能上架';
const MANAGE_MESSAGE = '只有管理员或发布者可以进行此操作';
const REASON_MAX = 500;

/** The editable fields of an item: what a save writes and a revision keeps. */
export interface NewsDraft {
  typeId: number;
  title: string;
  description: string;
  /** Sanitised HTML. */
  content: string;
  newsType: number;
  contentKind: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  coverFileId: number | null;
  linkUrl: string | null;
  /** ISO time; the public sees the item from then on. */
  shelvesDate: string;
  files: NewsFileInput[];
}

export type { CmsFileInput } from '../../platform/files/item-files.js';

/** A save: no newId creates; fields left out keep their value (or the default, when creating). */
export interface CmsSaveInput {
  newId?: number;
  typeId: number;
  title: string;
  description?: string;
  content?: string;
  newsType?: number;
  contentKind?: number;
  schChange?: number | null;
  enableType?: number;
  source?: string | null;
  releaseUser?: string | null;
  coverFileId?: number | null;
  linkUrl?: string | null;
  shelvesDate?: Date;
  files?: CmsFileInput[];
}

export interface CmsNewsFilter {
  typeId?: number;
  reviewState?: ReviewState;
  /** Administrators: only their own items. */
  mine?: boolean;
  keyword?: string;
}

type ItemRow = {
  id: number;
  typeId: number;
  title: string;
  description: string;
  content: string;
  newsType: number;
  contentKind: number;
  schChange: number | null;
  enableType: number;
  source: string | null;
  releaseUser: string | null;
  coverFileId: number | null;
  linkUrl: string | null;
  shelvesDate: string;
  ifTop: number;
  ifShelves: number;
  reviewState: ReviewState;
  reviewNote: string | null;
  createStaff: number | null;
  deleted: number;
  updatedAt: string;
};

/** What the platform's forms show of a draft: the API's field names, dates as the school reads them. */
function editableView(draft: NewsDraft) {
  return {
    typeId: draft.typeId,
    newsTitle: draft.title,
    newsDesc: draft.description,
    newsContent: draft.content,
    newsType: draft.newsType,
    newcontenttype: draft.contentKind,
    schChange: draft.schChange,
    enableType: draft.enableType,
    source: draft.source,
    releaseUser: draft.releaseUser,
    coverFileId: draft.coverFileId,
    imgUrl: fileUrl(draft.coverFileId),
    newsUrl: draft.linkUrl,
    shelvesDate: displayTime(draft.shelvesDate),
    files: draft.files.map((file) => ({
      role: file.role,
      fileId: file.fileId ?? null,
      legacyPath: file.legacyPath ?? null,
      fileName: file.fileName,
      caption: file.caption ?? null,
      filePath: file.legacyPath ?? fileUrl(file.fileId),
      oldfile: file.legacyPath ? 1 : 0,
    })),
  };
}

/**
 * Authoring of news in the content-management platform: drafts, review,
 * shelving, pinning and revisions. Teachers write in the columns open to
 * them and act on their own items; administrators (isPower 1) review and act
 * on every item. Every change is one transaction with its operation-log row,
 * and keeps the search entry in line with what the public may see.
 */
export class CmsNewsService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Creates items and keeps their files and search entries (`reindex`). */
    private readonly news: NewsService,
    private readonly now: Clock,
  ) {}

  async list(filter: CmsNewsFilter, staff: AuthStaff, paging: Paging) {
    const onlyOwn = staff.isPower !== 1 || Boolean(filter.mine);
    const keyword = filter.keyword?.trim();
    // Counted from news alone (every item has a column), so the count reads an index only.
    const base = this.db
      .selectFrom('news')
      .where('news.deleted', '=', 0)
      .$if(onlyOwn, (qb) => qb.where('news.createStaff', '=', staff.id))
      .$if(filter.typeId !== undefined, (qb) => qb.where('news.typeId', '=', filter.typeId!))
      .$if(filter.reviewState !== undefined, (qb) =>
        qb.where('news.reviewState', '=', filter.reviewState!),
      )
      .$if(Boolean(keyword), (qb) => qb.where(containsText('news.title', keyword!)));
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('newsType', 'newsType.id', 'news.typeId')
      .select([
        'news.id',
        'news.typeId',
        'newsType.name as typeName',
        'news.title',
        'news.reviewState',
        'news.reviewNote',
        'news.ifShelves',
        'news.ifTop',
        'news.enableType',
        'news.releaseUser',
        'news.createStaff',
        'news.shelvesDate',
        'news.createdAt',
        'news.updatedAt',
      ])
      .orderBy('news.updatedAt', 'desc')
      .orderBy('news.id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute();
    return {
      total: Number(n),
      list: rows.map((row) => ({
        newId: row.id,
        typeId: row.typeId,
        typeName: row.typeName,
        newsTitle: row.title,
        reviewState: row.reviewState,
        reviewStateName: REVIEW_STATE_NAMES[row.reviewState],
        reviewNote: row.reviewNote,
        ifShelves: row.ifShelves,
        ifTop: row.ifTop,
        enableType: row.enableType,
        releaseUser: row.releaseUser,
        createStaff: row.createStaff,
        ...this.publication(row),
        shelvesDate: displayTime(row.shelvesDate),
        createDate: displayTime(row.createdAt),
        updateDate: displayTime(row.updatedAt),
      })),
    };
  }

  /**
   * The column tree as the editor offers it: every column with whether the
   * caller may post to it: columns without children (a parent column's own
   * items no list shows), for teachers only the open ones.
   */
  async columns(staff: AuthStaff) {
    const rows = await this.db
      .selectFrom('newsType')
      .select(['id', 'name', 'parentId', 'teacherOpen', 'sort'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const parents = new Set(rows.map((row) => row.parentId));
    return rows.map((row) => ({
      typeId: row.id,
      typeName: row.name,
      parentId: row.parentId,
      teacherOpen: row.teacherOpen,
      mayPost: !parents.has(row.id) && (staff.isPower === 1 || row.teacherOpen === 1),
    }));
  }

  /** Deletes an item (administrator or author), as the public page's 【删除】 does. */
  async remove(newId: number, staff: AuthStaff, ip: string | null) {
    await this.news.remove(newId, staff, ip);
    return { newId };
  }

  /** An item as its edit form shows it, with where it stands in the review. */
  async get(newId: number, staff: AuthStaff) {
    const row = await this.item(newId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return {
      newId: row.id,
      ...editableView(await this.draftOf(row)),
      ...this.state(row),
      createStaff: row.createStaff,
      updateDate: displayTime(row.updatedAt),
    };
  }

  /** Creates (no newId) or updates an item; answers its newId. */
  async save(input: CmsSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    return this.write(input, staff, ip, { operType: input.newId ? '修改' : '新增' });
  }

  async submit(newId: number, staff: AuthStaff, ip: string | null) {
    return this.transition(newId, staff, ip, {
      operType: '提交审核',
      allowed: (row) => canManage(staff, row.createStaff),
      refusal: '只能提交自己发布的内容',
      check: (row) => {
        if (row.reviewState !== 'draft' && row.reviewState !== 'rejected') {
          throw this.wrongState(row, '不能提交审核');
        }
      },
      change: () => ({ reviewState: 'submitted', checkStatus: 0, ifShelves: 0 }),
    });
  }

  async approve(newId: number, staff: AuthStaff, ip: string | null) {
    if (staff.isPower !== 1) throw forbidden(REVIEWER_ONLY_MESSAGE);
    return this.transition(newId, staff, ip, {
      operType: '审核通过',
      check: (row) => {
        if (row.reviewState !== 'submitted') throw this.wrongState(row, '不能审核');
      },
      change: () => ({ reviewState: 'approved', checkStatus: 1, reviewNote: null }),
    });
  }

  async reject(newId: number, reason: string, staff: AuthStaff, ip: string | null) {
    if (staff.isPower !== 1) throw forbidden(REVIEWER_ONLY_MESSAGE);
    const note = reason.trim();
    if (!note) throw badRequest('请填写退回原因');
    if (note.length > REASON_MAX) throw badRequest(`退回原因不能超过${REASON_MAX}个字`);
    return this.transition(newId, staff, ip, {
      operType: '退回',
      check: (row) => {
        if (row.reviewState !== 'submitted') throw this.wrongState(row, '不能退回');
      },
      change: () => ({ reviewState: 'rejected', checkStatus: 0, ifShelves: 0, reviewNote: note }),
    });
  }

  async shelve(newId: number, staff: AuthStaff, ip: string | null) {
    return this.transition(newId, staff, ip, {
      operType: '上架',
      allowed: (row) => canManage(staff, row.createStaff),
      refusal: MANAGE_MESSAGE,
      check: (row) => {
        if (row.reviewState !== 'approved') throw badRequest(SHELVE_NEEDS_APPROVAL);
        if (row.ifShelves === 1) throw badRequest('该内容已经上架');
      },
      change: () => ({ ifShelves: 1 }),
    });
  }

  async unshelve(newId: number, staff: AuthStaff, ip: string | null) {
    return this.transition(newId, staff, ip, {
      operType: '下架',
      allowed: (row) => canManage(staff, row.createStaff),
      refusal: MANAGE_MESSAGE,
      check: (row) => {
        if (row.ifShelves !== 1) throw badRequest('该内容当前未上架');
      },
      change: () => ({ ifShelves: 0 }),
    });
  }

  async pin(newId: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null) {
    if (staff.isPower !== 1) throw forbidden('只有管理员可以置顶');
    return this.transition(newId, staff, ip, {
      operType: ifTop === 1 ? '置顶' : '取消置顶',
      change: () => ({ ifTop }),
    });
  }

  /** The saved versions of an item, newest first. */
  async revisions(newId: number, staff: AuthStaff) {
    const row = await this.item(newId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    const rows = await this.db
      .selectFrom('newsRevision')
      .select(['id', 'staffName', 'createdAt', 'snapshot'])
      .where('newsId', '=', newId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((revision) => ({
      revisionId: revision.id,
      staffName: revision.staffName,
      createdAt: displayTime(revision.createdAt),
      newsTitle: (JSON.parse(revision.snapshot) as NewsDraft).title,
    }));
  }

  /** One saved version in full, in the shape of `get`, for comparing. */
  async revision(revisionId: number, staff: AuthStaff) {
    const revision = await this.revisionRow(revisionId);
    const row = await this.item(revision.newsId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return {
      revisionId: revision.id,
      newId: revision.newsId,
      staffName: revision.staffName,
      createdAt: displayTime(revision.createdAt),
      ...editableView(JSON.parse(revision.snapshot) as NewsDraft),
    };
  }

  /** Saves an earlier version again, as a new revision. */
  async restore(newId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    const revision = await this.revisionRow(revisionId);
    if (revision.newsId !== newId) throw notFound('该版本不存在');
    const snapshot = JSON.parse(revision.snapshot) as NewsDraft;
    // Files deleted from storage since then cannot come back; the rest belonged to this item.
    const existing = await existingFiles(this.db, [
      snapshot.coverFileId,
      ...snapshot.files.map((f) => f.fileId),
    ]);
    const kept = (id: number | null | undefined) => id == null || existing.has(id);
    return this.write(
      {
        ...snapshot,
        newId,
        shelvesDate: new Date(snapshot.shelvesDate),
        coverFileId: kept(snapshot.coverFileId) ? snapshot.coverFileId : null,
        files: snapshot.files.filter((f) => kept(f.fileId)),
      },
      staff,
      ip,
      { operType: '恢复版本', trusted: snapshot },
    );
  }

  // ---- internals ----

  private async item(newId: number): Promise<ItemRow> {
    const row = await this.db
      .selectFrom('news')
      .select([
        'id',
        'typeId',
        'title',
        'description',
        'content',
        'newsType',
        'contentKind',
        'schChange',
        'enableType',
        'source',
        'releaseUser',
        'coverFileId',
        'linkUrl',
        'shelvesDate',
        'ifTop',
        'ifShelves',
        'reviewState',
        'reviewNote',
        'createStaff',
        'deleted',
        'updatedAt',
      ])
      .where('id', '=', newId)
      .executeTakeFirst();
    if (!row || row.deleted === 1) throw notFound(NEWS_GONE_MESSAGE);
    return row;
  }

  private async revisionRow(revisionId: number) {
    const revision = await this.db
      .selectFrom('newsRevision')
      .selectAll()
      .where('id', '=', revisionId)
      .executeTakeFirst();
    if (!revision) throw notFound('该版本不存在');
    return revision;
  }

  private async draftOf(row: ItemRow): Promise<NewsDraft> {
    const files = await this.db
      .selectFrom('newsFile')
      .select(['role', 'fileId', 'legacyPath', 'fileName', 'caption'])
      .where('newsId', '=', row.id)
      .where('subjectId', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return {
      typeId: row.typeId,
      title: row.title,
      description: row.description,
      content: row.content,
      newsType: row.newsType,
      contentKind: row.contentKind,
      schChange: row.schChange,
      enableType: row.enableType,
      source: row.source,
      releaseUser: row.releaseUser,
      coverFileId: row.coverFileId,
      linkUrl: row.linkUrl,
      shelvesDate: row.shelvesDate,
      files: files.map((f) => ({
        role: f.role,
        fileId: f.fileId,
        legacyPath: f.legacyPath,
        fileName: f.fileName,
        caption: f.caption,
      })),
    };
  }

  /** Whether the public sees the item now, or will when its shelves date comes. */
  private publication(row: { reviewState: ReviewState; ifShelves: number; shelvesDate: string }) {
    const released = row.reviewState === 'approved' && row.ifShelves === 1;
    const due = row.shelvesDate <= iso(this.now());
    return { live: released && due, scheduled: released && !due };
  }

  private state(
    row: Pick<ItemRow, 'reviewState' | 'reviewNote' | 'ifShelves' | 'ifTop' | 'shelvesDate'>,
  ) {
    return {
      reviewState: row.reviewState,
      reviewStateName: REVIEW_STATE_NAMES[row.reviewState],
      reviewNote: row.reviewNote,
      ifShelves: row.ifShelves,
      ifTop: row.ifTop,
      ...this.publication(row),
    };
  }

  private wrongState(row: Pick<ItemRow, 'reviewState'>, action: string) {
    return badRequest(`当前状态为${REVIEW_STATE_NAMES[row.reviewState]}，${action}`);
  }

  /** The column must exist and be open to the caller. */
  private async assertColumnOpen(typeId: number, staff: AuthStaff) {
    const column = await this.db
      .selectFrom('newsType')
      .select(['id', 'teacherOpen'])
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (!column) throw badRequest('栏目不存在');
    if (column.teacherOpen !== 1 && staff.isPower !== 1) throw forbidden(CLOSED_COLUMN_MESSAGE);
  }

  /**
   * Files a save may attach: stored files the caller uploaded (any, for
   * isPower 1), and those the item already has or, on a restore, had. A file
   * of the old site (legacyPath) only stays where it already is.
   */
  private async write(
    input: CmsSaveInput,
    staff: AuthStaff,
    ip: string | null,
    options: { operType: string; trusted?: NewsDraft },
  ): Promise<number> {
    const current = input.newId ? await this.item(input.newId) : undefined;
    if (current && !canManage(staff, current.createStaff)) throw forbidden(NOT_OWN_MESSAGE);
    await this.assertColumnOpen(input.typeId, staff);
    const before = current ? await this.draftOf(current) : undefined;

    const now = this.now();
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const linkUrl = (input.linkUrl === undefined ? before?.linkUrl : input.linkUrl)?.trim() || null;
    if (linkUrl && !isSafeLink(linkUrl)) {
      throw badRequest('链接地址须以 http:// 或 https:// 开头');
    }
    const text = (value: string | null | undefined, previous: string | null | undefined) =>
      (value === undefined ? previous : value)?.trim() || null;
    const coverFileId =
      input.coverFileId === undefined ? (before?.coverFileId ?? null) : input.coverFileId;
    const known = [before, options.trusted].filter((d): d is NewsDraft => Boolean(d));
    const draft: NewsDraft = {
      typeId: input.typeId,
      title,
      description: (input.description ?? before?.description ?? '').trim(),
      content: sanitizeRichText(input.content ?? before?.content ?? ''),
      newsType: input.newsType ?? before?.newsType ?? 1,
      contentKind: input.contentKind ?? before?.contentKind ?? 1,
      schChange: input.schChange === undefined ? (before?.schChange ?? null) : input.schChange,
      enableType: input.enableType ?? before?.enableType ?? 1,
      source: text(input.source, before?.source),
      releaseUser: text(input.releaseUser, before?.releaseUser) ?? staff.name,
      coverFileId,
      linkUrl,
      shelvesDate: input.shelvesDate ? iso(input.shelvesDate) : (before?.shelvesDate ?? iso(now)),
      files: await checkItemFiles(
        this.db,
        input.files ?? before?.files ?? [],
        coverFileId,
        staff,
        known,
      ),
    };

    // A teacher's change goes back to the review; an administrator's keeps its state.
    const reviewState: ReviewState =
      staff.isPower === 1 ? (current?.reviewState ?? 'approved') : 'draft';
    const actor = { staff, ip };

    return inTransaction(this.db, async (trx) => {
      let newId: number;
      if (!current) {
        newId = await this.news.create(
          {
            ...draft,
            shelvesDate: new Date(draft.shelvesDate),
            ifShelves: 0,
            ifTop: 0,
            reviewState,
          },
          actor,
          trx,
        );
      } else {
        newId = current.id;
        if (!(await this.hasRevisions(newId, trx))) {
          // The item as it was before its first change on the platform, so it can come back.
          await this.addRevision(trx, newId, before!, {
            staffId: current.createStaff,
            staffName: current.releaseUser ?? '',
            at: current.updatedAt,
          });
        }
        const { files, ...fields } = draft;
        await trx
          .updateTable('news')
          .set({
            ...fields,
            statusDate: draft.shelvesDate,
            reviewState,
            checkStatus: reviewState === 'approved' ? 1 : 0,
            ifShelves: reviewState === 'approved' ? current.ifShelves : 0,
            updatedAt: iso(now),
          })
          .where('id', '=', newId)
          .execute();
        await this.news.replaceFiles(newId, files, trx);
        await setFileUses(trx, 'T_NEWS', newId, bodyAndCover(fields.content, fields.coverFileId));
        await this.news.reindex(newId, trx);
        await writeOperLog(trx, {
          staffId: staff.id,
          staffName: staff.name,
          infoTable: 'T_NEWS',
          objId: newId,
          operType: options.operType,
          ip,
          at: now,
        });
      }
      await this.addRevision(trx, newId, draft, {
        staffId: staff.id,
        staffName: staff.name,
        at: iso(now),
      });
      return newId;
    });
  }

  private async hasRevisions(newId: number, db: Kysely<Database>) {
    const row = await db
      .selectFrom('newsRevision')
      .select('id')
      .where('newsId', '=', newId)
      .limit(1)
      .executeTakeFirst();
    return Boolean(row);
  }

  private async addRevision(
    db: Kysely<Database>,
    newsId: number,
    draft: NewsDraft,
    by: { staffId: number | null; staffName: string; at: string },
  ) {
    await db
      .insertInto('newsRevision')
      .values({
        newsId,
        staffId: by.staffId,
        staffName: by.staffName,
        createdAt: by.at,
        snapshot: JSON.stringify(draft),
      })
      .execute();
  }

  /**
   * One step of the workflow: permission, the step's own rule on the current
   * row, then the change, guarded by the state it was read in (a concurrent
   * step makes this one fail, not both succeed), the search entry and the
   * operation log, in one transaction. Answers the item's new state.
   */
  private async transition(
    newId: number,
    staff: AuthStaff,
    ip: string | null,
    step: {
      operType: string;
      allowed?: (row: ItemRow) => boolean;
      refusal?: string;
      check?: (row: ItemRow) => void;
      change: () => Partial<{
        reviewState: ReviewState;
        checkStatus: number;
        reviewNote: string | null;
        ifShelves: number;
        ifTop: number;
      }>;
    },
  ) {
    const row = await this.item(newId);
    if (step.allowed && !step.allowed(row)) throw forbidden(step.refusal);
    step.check?.(row);
    const change = step.change();
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('news')
        .set({ ...change, updatedAt: iso(now) })
        .where('id', '=', newId)
        .where('deleted', '=', 0)
        .where('reviewState', '=', row.reviewState)
        .where('ifShelves', '=', row.ifShelves)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        throw new AppError(409, '内容刚被他人修改，请刷新后重试');
      }
      await this.news.reindex(newId, trx);
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: 'T_NEWS',
        objId: newId,
        operType: step.operType,
        ip,
        at: now,
      });
    });
    return { newId, ...this.state({ ...row, ...change }) };
  }
}
