import { newsReview, type NewsReview } from './review.js';
import {
  NEWS_GONE_MESSAGE,
  STAFF_ONLY_MESSAGE,
  assertReadable,
} from '../../platform/publishing/visibility.js';
import type { Actor } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import type { NewsDetail, NewsItem } from '@school/common';
import { containsText } from '../../db/like.js';
import type { Kysely } from 'kysely';
import type { Database, NewsFileRole, ReviewState } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { assertCanManage, canManage } from '../../http/roles.js';
import { htmlToText } from '../../platform/search/terms.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { NEWS_LIST_COLUMNS, filesOf, newsListQuery, toListItem } from './queries.js';
import { bodyAndCover, filesInHtml, setFileUses } from '../../platform/files/uses.js';

/** The three tabs of the home page's news box (portal spec §2 Home). */
export const HOME_NEWS_TYPES = [2, 3, 4];
export const HOME_NEWS_PER_TAB = 8;

export type { Actor };
export { NEWS_GONE_MESSAGE, STAFF_ONLY_MESSAGE, assertReadable };

export interface NewsFileInput {
  role: NewsFileRole;
  fileId?: number | null;
  legacyPath?: string | null;
  fileName: string;
  caption?: string | null;
}

export interface NewsInput {
  typeId: number;
  title: string;
  description?: string;
  /** HTML; cleaned before it is stored. */
  content?: string;
  newsType?: number;
  contentKind?: number;
  ifTop?: number;
  schChange?: number | null;
  enableType?: number;
  ifShelves?: number;
  /** Read when no reviewState is given: 1 approved, 0 waiting (submitted), 2 sent back. */
  checkStatus?: number;
  /** Where the item starts in the review; checkStatus follows it. */
  reviewState?: ReviewState;
  source?: string | null;
  releaseUser?: string | null;
  coverFileId?: number | null;
  linkUrl?: string | null;
  deptId?: number | null;
  shelvesDate?: Date;
  files?: NewsFileInput[];
}

export interface SubjectNewsInput {
  newsId: number;
  title: string;
  content?: string;
  contentKind?: number;
  source?: string | null;
  releaseUser?: string | null;
  sort?: number;
  date?: Date;
  files?: NewsFileInput[];
}

export interface NewsListFilter {
  typeId?: number;
  typeIds?: number[];
  newsTitle?: string;
  schChange?: number;
  /** 2: the intranet's view, which also holds staff-only items (staff only). */
  enableType?: number;
  createStaff?: number;
}

/** The review state of an item made with the old site's checkStatus. */
const reviewStateOf = (checkStatus: number): ReviewState =>
  checkStatus === 1 ? 'approved' : checkStatus === 2 ? 'rejected' : 'submitted';

export class NewsService {
  /** The review steps and the one deletion path of news. */
  readonly review: NewsReview;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
  ) {
    this.review = newsReview(db, (newId, trx) => this.reindex(newId, trx), now);
  }

  async list(
    filter: NewsListFilter,
    staff: AuthStaff | null,
    paging: Paging,
    /** count: false when only the first items are wanted (no pager): the total is then the page's size. */
    options: { count: boolean } = { count: true },
  ): Promise<{ total: number; list: NewsItem[] }> {
    const includeStaffOnly = Boolean(staff) && filter.enableType === 2;
    const keyword = filter.newsTitle?.trim();
    const base = newsListQuery(this.db, this.now())
      .$if(filter.typeId !== undefined, (qb) => qb.where('news.typeId', '=', filter.typeId!))
      .$if(Boolean(filter.typeIds?.length), (qb) => qb.where('news.typeId', 'in', filter.typeIds!))
      .$if(!includeStaffOnly, (qb) => qb.where('news.enableType', '=', 1))
      .$if(filter.schChange !== undefined, (qb) =>
        qb.where('news.schChange', '=', filter.schChange!),
      )
      .$if(filter.createStaff !== undefined, (qb) =>
        qb.where('news.createStaff', '=', filter.createStaff!),
      )
      .$if(Boolean(keyword), (qb) => qb.where(containsText('news.title', keyword!)));
    const counted = options.count
      ? await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      : undefined;
    const rows = await base
      .select(NEWS_LIST_COLUMNS)
      .orderBy('news.ifTop', 'desc')
      .orderBy('news.shelvesDate', 'desc')
      .orderBy('news.id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute();
    return { total: counted ? Number(counted.n) : rows.length, list: rows.map(toListItem) };
  }

  /** The home page's news box: the latest items of each tab, pinned first. */
  async home(staff: AuthStaff | null) {
    const types = await this.db
      .selectFrom('newsType')
      .select(['id', 'name'])
      .where('id', 'in', HOME_NEWS_TYPES)
      .execute();
    return Promise.all(
      HOME_NEWS_TYPES.map(async (typeId) => ({
        typeId,
        typeName: types.find((t) => t.id === typeId)?.name ?? '',
        list: (
          await this.list(
            { typeId },
            staff,
            { pageNum: 1, pageSize: HOME_NEWS_PER_TAB },
            { count: false },
          )
        ).list,
      })),
    );
  }

  private async row(newId: number) {
    return this.db
      .selectFrom('news')
      .select([
        'id',
        'typeId',
        'enableType',
        'deleted',
        'ifShelves',
        'checkStatus',
        'createStaff',
        'title',
        'shelvesDate',
      ])
      .where('id', '=', newId)
      .executeTakeFirst();
  }

  /** An item the caller may read, for the calls that act on one (views, likes, footprints). */
  async readable(newId: number, staff: AuthStaff | null) {
    const row = await this.row(newId);
    assertReadable(row, staff, this.now());
    return row!;
  }

  async detail(newId: number, staff: AuthStaff | null): Promise<NewsDetail> {
    await this.readable(newId, staff);
    const row = await this.db
      .selectFrom('news')
      .innerJoin('newsType', 'newsType.id', 'news.typeId')
      .select([...NEWS_LIST_COLUMNS, 'news.content', 'news.ifShelves', 'news.checkStatus'])
      .where('news.id', '=', newId)
      .executeTakeFirstOrThrow();
    return {
      ...toListItem(row),
      newsContent: row.content,
      published: row.ifShelves === 1 && row.checkStatus === 1 && row.shelvesDate <= iso(this.now()),
      ...(await filesOf(this.db, newId, null)),
    };
  }

  async subjectList(newId: number, staff: AuthStaff | null, paging: Paging) {
    await this.readable(newId, staff);
    const base = this.db
      .selectFrom('subjectNews')
      .where('newsId', '=', newId)
      .where('deleted', '=', 0);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'newsId', 'title', 'statusDate', 'createdAt', 'flowerCount', 'viewCount'])
      .orderBy('sort')
      .orderBy('statusDate', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute();
    return {
      total: Number(n),
      list: rows.map((row) => ({
        subjectNewId: row.id,
        newId: row.newsId,
        newsTitle: row.title,
        statusDate: displayTime(row.statusDate),
        createDate: displayTime(row.createdAt),
        flowerCount: row.flowerCount,
        viewCount: row.viewCount,
      })),
    };
  }

  /** A sub-news the caller may read (through its special topic). */
  async readableSubject(subjectNewId: number, staff: AuthStaff | null) {
    const row = await this.db
      .selectFrom('subjectNews')
      .select(['id', 'newsId', 'deleted', 'createStaff'])
      .where('id', '=', subjectNewId)
      .executeTakeFirst();
    if (!row || row.deleted === 1) throw notFound(NEWS_GONE_MESSAGE);
    const parent = await this.readable(row.newsId, staff);
    return { ...row, parent };
  }

  async subjectDetail(subjectNewId: number, staff: AuthStaff | null) {
    const { parent } = await this.readableSubject(subjectNewId, staff);
    const row = await this.db
      .selectFrom('subjectNews')
      .selectAll()
      .where('id', '=', subjectNewId)
      .executeTakeFirstOrThrow();
    return {
      subjectNewId: row.id,
      newId: row.newsId,
      typeId: parent.typeId,
      newsTitle: row.title,
      newsContent: row.content,
      newcontenttype: row.contentKind,
      source: row.source,
      releaseUser: row.releaseUser,
      createStaff: row.createStaff,
      parentCreateStaff: parent.createStaff,
      viewCount: row.viewCount,
      flowerCount: row.flowerCount,
      statusDate: displayTime(row.statusDate),
      createDate: displayTime(row.createdAt),
      ...(await filesOf(this.db, row.newsId, row.id)),
    };
  }

  /** 【删除】 of the public pages: the workflow's one deletion path. */
  async remove(newId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    await this.review.remove(newId, staff, ip);
  }

  /** A sub-news goes with the rights on its special topic, or its own creator. */
  async removeSubject(subjectNewId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    const row = await this.db
      .selectFrom('subjectNews')
      .innerJoin('news', 'news.id', 'subjectNews.newsId')
      .select(['subjectNews.deleted', 'subjectNews.createStaff', 'news.createStaff as parentStaff'])
      .where('subjectNews.id', '=', subjectNewId)
      .executeTakeFirst();
    if (!row || row.deleted === 1) throw notFound(NEWS_GONE_MESSAGE);
    if (!canManage(staff, row.createStaff)) assertCanManage(staff, row.parentStaff);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subjectNews')
        .set({ deleted: 1 })
        .where('id', '=', subjectNewId)
        .execute();
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: 'T_SUBJECT_NEWS',
        objId: subjectNewId,
        operType: '删除',
        ip,
        at: this.now(),
      });
    });
  }

  /**
   * Creates an item with its files and search entry; the content platform and
   * the demo seed use it. `db` may be a transaction the caller holds.
   */
  async create(input: NewsInput, actor: Actor | null, db = this.db): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const content = sanitizeRichText(input.content ?? '');
    const now = this.now();
    const shelvesDate = iso(input.shelvesDate ?? now);
    const reviewState = input.reviewState ?? reviewStateOf(input.checkStatus ?? 1);
    return inTransaction(db, async (trx) => {
      const { id } = await trx
        .insertInto('news')
        .values({
          typeId: input.typeId,
          title,
          description: input.description?.trim() ?? '',
          content,
          newsType: input.newsType ?? 1,
          contentKind: input.contentKind ?? 1,
          ifTop: input.ifTop ?? 0,
          schChange: input.schChange ?? null,
          enableType: input.enableType ?? 1,
          ifShelves: input.ifShelves ?? 1,
          checkStatus: reviewState === 'approved' ? 1 : 0,
          reviewState,
          reviewNote: null,
          deleted: 0,
          source: input.source ?? null,
          releaseUser: input.releaseUser ?? actor?.staff.name ?? null,
          createStaff: actor?.staff.id ?? null,
          deptId: input.deptId ?? null,
          coverFileId: input.coverFileId ?? null,
          linkUrl: input.linkUrl ?? null,
          viewCount: 0,
          flowerCount: 0,
          shelvesDate,
          statusDate: shelvesDate,
          createdAt: iso(now),
          updatedAt: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertFiles(trx, id, null, input.files ?? []);
      await setFileUses(trx, 'T_NEWS', id, bodyAndCover(content, input.coverFileId));
      await this.reindex(id, trx);
      if (actor) {
        await writeOperLog(trx, {
          staffId: actor.staff.id,
          staffName: actor.staff.name,
          infoTable: 'T_NEWS',
          objId: id,
          operType: '新增',
          ip: actor.ip,
          at: now,
        });
      }
      return id;
    });
  }

  async createSubject(input: SubjectNewsInput, actor: Actor | null, db = this.db): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const date = iso(input.date ?? this.now());
    const content = sanitizeRichText(input.content ?? '');
    return inTransaction(db, async (trx) => {
      const { id } = await trx
        .insertInto('subjectNews')
        .values({
          newsId: input.newsId,
          title,
          content,
          contentKind: input.contentKind ?? 1,
          source: input.source ?? null,
          releaseUser: input.releaseUser ?? actor?.staff.name ?? null,
          createStaff: actor?.staff.id ?? null,
          deleted: 0,
          sort: input.sort ?? 0,
          viewCount: 0,
          flowerCount: 0,
          statusDate: date,
          createdAt: iso(this.now()),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertFiles(trx, input.newsId, id, input.files ?? []);
      await setFileUses(trx, 'T_SUBJECT_NEWS', id, filesInHtml(content));
      if (actor) {
        await writeOperLog(trx, {
          staffId: actor.staff.id,
          staffName: actor.staff.name,
          infoTable: 'T_SUBJECT_NEWS',
          objId: id,
          operType: '新增',
          ip: actor.ip,
          at: this.now(),
        });
      }
      return id;
    });
  }

  /**
   * Brings an item's search entry in line with the row: its text, and whether
   * the public may find it (the search adds the shelves date at query time).
   */
  async reindex(newId: number, db = this.db): Promise<void> {
    const row = await db
      .selectFrom('news')
      .select([
        'typeId',
        'title',
        'description',
        'content',
        'ifTop',
        'enableType',
        'ifShelves',
        'checkStatus',
        'deleted',
        'shelvesDate',
      ])
      .where('id', '=', newId)
      .executeTakeFirstOrThrow();
    const text = htmlToText(row.content);
    await this.search.upsert(
      {
        infoTable: 'T_NEWS',
        objId: newId,
        typeId: row.typeId,
        title: row.title,
        summary: row.description.trim() || text.slice(0, 200),
        body: text,
        ifTop: row.ifTop,
        enableType: row.enableType,
        listed: row.deleted === 0 && row.ifShelves === 1 && row.checkStatus === 1,
        docDate: row.shelvesDate,
      },
      db,
    );
  }

  /** Sets an item's own files (not its sub-news') to `files`, in their order. */
  async replaceFiles(newsId: number, files: NewsFileInput[], db = this.db): Promise<void> {
    await db
      .deleteFrom('newsFile')
      .where('newsId', '=', newsId)
      .where('subjectId', 'is', null)
      .execute();
    await this.insertFiles(db, newsId, null, files);
  }

  /** Sets a sub-news' files to `files`, in their order. */
  async replaceSubjectFiles(
    newsId: number,
    subjectId: number,
    files: NewsFileInput[],
    db = this.db,
  ): Promise<void> {
    await db.deleteFrom('newsFile').where('subjectId', '=', subjectId).execute();
    await this.insertFiles(db, newsId, subjectId, files);
  }

  private async insertFiles(
    trx: Kysely<Database>,
    newsId: number,
    subjectId: number | null,
    files: NewsFileInput[],
  ) {
    if (files.length === 0) return;
    await trx
      .insertInto('newsFile')
      .values(
        files.map((file, sort) => ({
          newsId,
          subjectId,
          role: file.role,
          fileId: file.fileId ?? null,
          legacyPath: file.legacyPath ?? null,
          fileName: file.fileName,
          caption: file.caption ?? null,
          sort,
        })),
      )
      .execute();
  }
}
