import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, ReviewState } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { isSafeLink } from '@school/common';
import { canManage, isContentAdmin, MANAGE_MESSAGE } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import type { NewsFileInput, NewsService } from './service.js';
import {
  loadNewsItem,
  newsReview,
  newsState,
  publication,
  type NewsItemRow,
  type NewsReview,
} from './review.js';
import { NOT_OWN_MESSAGE, REVIEW_STATE_NAMES } from '../../platform/publishing/workflow.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import {
  checkItemFiles,
  existingFiles,
  type CmsFileInput,
} from '../../platform/files/item-files.js';
import { bodyAndCover, setFileUses } from '../../platform/files/uses.js';

export const CLOSED_COLUMN_MESSAGE = '该栏目只有管理员可以发布';
export const REVIEWER_ONLY_MESSAGE = '只有管理员可以审核';

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
  ) {
    this.review = newsReview(db, (newId, trx) => news.reindex(newId, trx), now);
  }

  /** The review steps and the one deletion path of news. */
  private readonly review: NewsReview;

  async list(filter: CmsNewsFilter, staff: AuthStaff, paging: Paging) {
    const onlyOwn = !isContentAdmin(staff) || Boolean(filter.mine);
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
        ...publication(row, this.now()),
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
      ...editableView(await this.draftOf(row)),
      ...newsState(row, this.now()),
      createStaff: row.createStaff,
      updateDate: displayTime(row.updatedAt),
    };
  }

  /** Creates (no newId) or updates an item; answers its newId. */
  async save(input: CmsSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    return this.write(input, staff, ip, { operType: input.newId ? '修改' : '新增' });
  }

  submit(newId: number, staff: AuthStaff, ip: string | null) {
    return this.review.submit(newId, staff, ip);
  }

  approve(newId: number, staff: AuthStaff, ip: string | null) {
    return this.review.approve(newId, staff, ip);
  }

  reject(newId: number, reason: string, staff: AuthStaff, ip: string | null) {
    return this.review.reject(newId, reason, staff, ip);
  }

  shelve(newId: number, staff: AuthStaff, ip: string | null) {
    return this.review.shelve(newId, staff, ip);
  }

  unshelve(newId: number, staff: AuthStaff, ip: string | null) {
    return this.review.unshelve(newId, staff, ip);
  }

  pin(newId: number, ifTop: 0 | 1, staff: AuthStaff, ip: string | null) {
    return this.review.pin(newId, ifTop, staff, ip);
  }

  /** The saved versions of an item, newest first. */
  async revisions(newId: number, staff: AuthStaff) {
    const row = await loadNewsItem(this.db, newId);
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
    const row = await loadNewsItem(this.db, revision.newsId);
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

  private async revisionRow(revisionId: number) {
    const revision = await this.db
      .selectFrom('newsRevision')
      .selectAll()
      .where('id', '=', revisionId)
      .executeTakeFirst();
    if (!revision) throw notFound('该版本不存在');
    return revision;
  }

  private async draftOf(row: NewsItemRow): Promise<NewsDraft> {
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

  /** The column must exist and be open to the caller. */
  private async assertColumnOpen(typeId: number, staff: AuthStaff) {
    const column = await this.db
      .selectFrom('newsType')
      .select(['id', 'teacherOpen'])
      .where('id', '=', typeId)
      .executeTakeFirst();
    if (!column) throw badRequest('栏目不存在');
    if (column.teacherOpen !== 1 && !isContentAdmin(staff)) throw forbidden(CLOSED_COLUMN_MESSAGE);
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
    const current = input.newId ? await loadNewsItem(this.db, input.newId) : undefined;
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
    const reviewState: ReviewState = isContentAdmin(staff)
      ? (current?.reviewState ?? 'approved')
      : 'draft';
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
}
