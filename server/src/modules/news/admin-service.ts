import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, ReviewState } from '../../db/schema.js';

import { forbidden } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';

import { canManage, isContentAdmin, MANAGE_MESSAGE } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { dayRange } from '../../http/dates.js';
import type { AuthStaff } from '../../platform/auth/session.js';

import type { FileService } from '../../platform/files/service.js';
import type { SystemSave } from '../../platform/publishing/save.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import {
  newsDraftOf,
  newsEditableView,
  writeNews,
  type CmsSaveInput,
  type NewsDraft,
  type NewsSaveDeps,
} from './admin-save.js';
import {
  loadNewsItem,
  newsReview,
  newsState,
  type NewsItemRow,
  type NewsReview,
  type NewsReviewAnswer,
} from './review.js';
import { ReviewedService } from '../../platform/publishing/reviewed-service.js';
import { reindexNews } from './writes.js';
import {
  getContentRevision,
  listContentRevisions,
  revisionInFull,
  revisionToRestore,
} from '../../platform/publishing/revisions.js';

import { existingFiles } from '../../platform/files/item-files.js';
import type { SensitiveWords } from '../../platform/content/sensitive-words.js';

export type { CmsFileInput } from '../../platform/files/item-files.js';
export type { CmsSaveInput, NewsDraft } from './admin-save.js';

export interface CmsNewsFilter {
  typeId?: number;
  reviewState?: ReviewState;
  /** Administrators: only their own items. */
  mine?: boolean;
  /** Only picture and video sets (newcontenttype 2, 3). */
  media?: boolean;
  keyword?: string;
  /** 发布日期 起止 (YYYY-MM-DD, Beijing days): the shelves date. */
  beginDate?: string;
  endDate?: string;
}

/**
 * Authoring of news in the content-management platform: drafts, review,
 * shelving, pinning and revisions. Teachers write in the columns open to
 * them and act on their own items; administrators (isPower 1) review and act
 * on every item. Every change is one transaction with its operation-log row,
 * and keeps the search entry in line with what the public may see.
 */
/** The notice group's column: department announcements (17) and regulations (19) below it. */
const NOTICE_GROUP = 18;

export class CmsNewsService extends ReviewedService<NewsItemRow, NewsReviewAnswer> {
  constructor(
    private readonly db: Kysely<Database>,
    search: SearchIndex,
    private readonly now: Clock,
    files: FileService,
    /** The sensitive-word check of submitting and publishing (none: not screened). */
    words?: SensitiveWords,
  ) {
    super();
    this.review = newsReview(db, (newId, trx) => reindexNews(trx, search, newId), now, words);
    this.saveDeps = { db, search, files, now };
  }

  /** The review steps and the one deletion path of news. */
  protected readonly review: NewsReview;
  private readonly saveDeps: NewsSaveDeps;

  async list(filter: CmsNewsFilter, staff: AuthStaff, paging: Paging) {
    const onlyOwn = !isContentAdmin(staff) || Boolean(filter.mine);
    const keyword = filter.keyword?.trim();
    const { from, to } = dayRange(filter.beginDate, filter.endDate);
    // Counted from news alone (every item has a column), so the count reads an index only.
    const base = this.db
      .selectFrom('news')
      .where('news.deleted', '=', 0)
      .$if(onlyOwn, (qb) => qb.where('news.createStaff', '=', staff.id))
      .$if(filter.typeId !== undefined, (qb) => qb.where('news.typeId', '=', filter.typeId!))
      .$if(filter.reviewState !== undefined, (qb) =>
        qb.where('news.reviewState', '=', filter.reviewState!),
      )
      .$if(Boolean(filter.media), (qb) => qb.where('news.contentKind', 'in', [2, 3]))
      .$if(Boolean(keyword), (qb) => qb.where(containsText('news.title', keyword!)))
      .$if(from !== undefined, (qb) => qb.where('news.shelvesDate', '>=', iso(from!)))
      .$if(to !== undefined, (qb) => qb.where('news.shelvesDate', '<', iso(to!)));
    return pageOf(
      base,
      paging,
      (query) =>
        query
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
          .orderBy('news.id', 'desc'),
      (row) => ({
        newId: row.id,
        typeId: row.typeId,
        typeName: row.typeName,
        newsTitle: row.title,
        ...newsState(row, this.now()),
        enableType: row.enableType,
        releaseUser: row.releaseUser,
        createStaff: row.createStaff,
        shelvesDate: displayTime(row.shelvesDate),
        createDate: displayTime(row.createdAt),
        updateDate: displayTime(row.updatedAt),
      }),
    );
  }

  /**
   * The send-notice shortcut's check (api/notice/checkSend): a notice is an
   * item of a column of the notice group (18: 部门公告 17, 规章制度 19); the
   * caller may send one when they may post to one of them. Answers why not,
   * or null when they may.
   */
  async noticeRefusal(staff: AuthStaff): Promise<string | null> {
    const open = await this.db
      .selectFrom('newsType')
      .select('id')
      .where('parentId', '=', NOTICE_GROUP)
      .$if(!isContentAdmin(staff), (qb) => qb.where('teacherOpen', '=', 1))
      .executeTakeFirst();
    return open ? null : '您暂无发布通知的权限，请联系管理员开通通知公告栏目';
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
      mayPost: !parents.has(row.id) && (isContentAdmin(staff) || row.teacherOpen === 1),
    }));
  }

  /** Deletes an item (administrator or author), as the public page's 【删除】 does. */
  async remove(newId: number, staff: AuthStaff, ip: string | null) {
    await this.review.remove(newId, staff, ip);
    return { newId };
  }

  /** An item as its edit form shows it, with where it stands in the review. */
  async get(newId: number, staff: AuthStaff) {
    const row = await loadNewsItem(this.db, newId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return {
      newId: row.id,
      ...newsEditableView(await newsDraftOf(this.db, row)),
      ...newsState(row, this.now()),
      createStaff: row.createStaff,
      updateDate: displayTime(row.updatedAt),
      version: row.version,
    };
  }

  /**
   * Creates (no newId) or updates an item; answers its newId. `system`: the
   * seed's, the importer's or a factory's save in the author's name.
   */
  async save(
    input: CmsSaveInput,
    staff: AuthStaff,
    ip: string | null,
    system: SystemSave = {},
  ): Promise<number> {
    const operType = input.newId ? '修改' : '新增';
    return writeNews(this.saveDeps, input, staff, ip, { ...system, operType });
  }

  /** The saved versions of an item, newest first. */
  async revisions(newId: number, staff: AuthStaff) {
    const row = await loadNewsItem(this.db, newId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return listContentRevisions(this.db, 'T_NEWS', newId, (draft: NewsDraft) => ({
      newsTitle: draft.title,
    }));
  }

  /** One saved version in full, in the shape of `get`, for comparing. */
  async revision(revisionId: number, staff: AuthStaff) {
    const found = await getContentRevision<NewsDraft>(this.db, 'T_NEWS', revisionId);
    const row = await loadNewsItem(this.db, found.objId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return revisionInFull(found, 'newId', newsEditableView);
  }

  /** Saves an earlier version again, as a new revision. */
  async restore(newId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    const snapshot = await revisionToRestore<NewsDraft>(this.db, 'T_NEWS', newId, revisionId);
    // Files deleted from storage since then cannot come back; the rest belonged to this item.
    const existing = await existingFiles(this.db, [
      snapshot.coverFileId,
      ...snapshot.files.map((f) => f.fileId),
    ]);
    const kept = (id: number | null | undefined) => id == null || existing.has(id);
    await writeNews(
      this.saveDeps,
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
    return { newId };
  }
}
