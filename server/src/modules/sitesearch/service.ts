import type { NewsItem, TeacherHit, VideoItem } from '@school/common/api';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { countKey, onPage, pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { iso, type Clock } from '../../time.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  NEWS_LIST_COLUMNS,
  VIDEO_LIST_COLUMNS,
  newsListQuery,
  toListItem,
  videoListItem,
} from '../../platform/publishing/rows.js';
import type { SearchIndex } from '../../platform/search/search-index.js';

/** What the five tabs of /sechresPage send (intranet.md §7 "search"). */
export interface SiteSearchQuery {
  /** 1 news, 4 pictures, 5 videos, 2 teachers, 3 phones. */
  type: 1 | 2 | 3 | 4 | 5;
  str?: string;
  typeId?: number;
  newcontenttype?: number;
  schChange?: number;
  releaseUser?: string;
  /** YYYY-MM-DD, Beijing time, both days included. */
  beginDate?: string;
  endDate?: string;
  videoTypeId?: number;
}

export interface SiteSearchAnswer {
  total: number;
  list: Array<NewsItem | VideoItem | TeacherHit>;
  newsList: NewsItem[];
  videoList: VideoItem[];
}

/** A picture set (查图片): a news item of newcontenttype 2. */
const PICTURE_SET = 2;

/** The instant a Beijing calendar day (YYYY-MM-DD) starts; a day that does not exist is refused. */
function dayStart(day: string, label: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(y, m - 1, d));
  if (utc.getUTCFullYear() !== y || utc.getUTCMonth() !== m - 1 || utc.getUTCDate() !== d) {
    throw badRequest(`${label}不正确`);
  }
  return new Date(utc.getTime() - 8 * 3600_000);
}

/**
 * The intranet's site search over what staff may read: listed news (staff-only
 * ones too) and picture sets, listed videos, and the active staff by name or
 * phone. A keyword is looked up in the search index; the filters narrow it.
 */
export class SiteSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: SearchIndex,
    private readonly dialect: DialectName,
    private readonly now: Clock,
  ) {}

  async search(query: SiteSearchQuery, paging: Paging): Promise<SiteSearchAnswer> {
    const { begin, end } = this.range(query);
    if (query.type === 2 || query.type === 3) {
      const page = await this.people(query.type, query.str?.trim() ?? '', paging);
      return { total: page.total, list: page.list, newsList: [], videoList: [] };
    }
    if (query.type === 5) {
      const page = await this.videos(query, begin, end, paging);
      return { total: page.total, list: page.list, newsList: [], videoList: page.list };
    }
    const page = await this.news(query, begin, end, paging);
    return { total: page.total, list: page.list, newsList: page.list, videoList: [] };
  }

  /** The date range as stored instants: from the start of beginDate to the end of endDate. */
  private range(query: SiteSearchQuery) {
    const begin = query.beginDate ? dayStart(query.beginDate, '开始日期') : undefined;
    const endDay = query.endDate ? dayStart(query.endDate, '结束日期') : undefined;
    const end = endDay ? new Date(endDay.getTime() + 24 * 3600_000) : undefined;
    if (begin && end && end <= begin) throw badRequest('结束日期不能早于开始日期');
    return { begin: begin && iso(begin), end: end && iso(end) };
  }

  private async news(query: SiteSearchQuery, begin?: string, end?: string, paging?: Paging) {
    const keyword = query.str?.trim();
    const matching = keyword ? this.index.matchingIds('T_NEWS', keyword) : null;
    const kind = query.type === 4 ? PICTURE_SET : query.newcontenttype;
    const columns =
      query.typeId === undefined ? undefined : await this.columnAndChildren(query.typeId);
    const publisher = query.releaseUser?.trim();
    const now = this.now();
    const nowIso = iso(now);
    // With a keyword the matching items drive the lookup (SQLite: `+deleted` keeps the
    // list index out of it); without one, the listed news in their usual order.
    const base = (
      matching && this.dialect === 'sqlite'
        ? this.db
            .selectFrom('news')
            .innerJoin('newsType', 'newsType.id', 'news.typeId')
            .where(sql`+news.deleted`, '=', 0)
            .where('news.ifShelves', '=', 1)
            .where('news.checkStatus', '=', 1)
            .where('news.shelvesDate', '<=', nowIso)
        : newsListQuery(this.db, now)
    )
      .$if(columns !== undefined, (qb) => qb.where('news.typeId', 'in', columns!))
      .$if(kind !== undefined, (qb) => qb.where('news.contentKind', '=', kind!))
      .$if(query.schChange !== undefined, (qb) => qb.where('news.schChange', '=', query.schChange!))
      .$if(Boolean(publisher), (qb) => qb.where(containsText('news.releaseUser', publisher!)))
      .$if(begin !== undefined, (qb) => qb.where('news.shelvesDate', '>=', begin!))
      .$if(end !== undefined, (qb) => qb.where('news.shelvesDate', '<', end!))
      .$if(Boolean(keyword), (qb) =>
        matching
          ? qb.where('news.id', 'in', matching)
          : qb.where(containsText('news.title', keyword!)),
      );
    const countQuery = base.select((eb) => eb.fn.countAll<number>().as('n'));
    const pageIds = base
      .select('news.id')
      .orderBy('news.ifTop', 'desc')
      .orderBy('news.shelvesDate', 'desc')
      .orderBy('news.id', 'desc')
      .$call(onPage(paging!));
    // The count and the page's ids are kept between changes (a keyword's matches are sorted
    // whole); the rows are read fresh, so views, column and department names are current.
    const [total, ids] = await Promise.all([
      this.index.keep(`count ${countKey(countQuery, nowIso)}`, nowIso, async () =>
        Number((await countQuery.executeTakeFirstOrThrow()).n),
      ),
      this.index.keep(countKey(pageIds, nowIso), nowIso, async () =>
        (await pageIds.execute()).map((row) => row.id),
      ),
    ]);
    const rows = ids.length
      ? await this.db
          .selectFrom('news')
          .innerJoin('newsType', 'newsType.id', 'news.typeId')
          .select(NEWS_LIST_COLUMNS)
          .where('news.id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { total, list: ids.flatMap((id) => (byId.has(id) ? [toListItem(byId.get(id)!)] : [])) };
  }

  private async videos(query: SiteSearchQuery, begin?: string, end?: string, paging?: Paging) {
    const keyword = query.str?.trim();
    const matching = keyword ? this.index.matchingIds('TF_VIDEO', keyword) : null;
    const publisher = query.releaseUser?.trim();
    const base = this.db
      .selectFrom('video')
      .innerJoin('videoType', 'videoType.id', 'video.typeId')
      .where('video.deleted', '=', 0)
      .where('video.ifShelves', '=', 1)
      .where('video.checkStatus', '=', 1)
      .$if(query.videoTypeId !== undefined, (qb) =>
        qb.where('video.typeId', '=', query.videoTypeId!),
      )
      .$if(Boolean(publisher), (qb) => qb.where(containsText('video.releaseUser', publisher!)))
      .$if(begin !== undefined, (qb) => qb.where('video.createdAt', '>=', begin!))
      .$if(end !== undefined, (qb) => qb.where('video.createdAt', '<', end!))
      .$if(Boolean(keyword), (qb) =>
        matching
          ? qb.where('video.id', 'in', matching)
          : qb.where(containsText('video.title', keyword!)),
      );
    return pageOf(
      base,
      paging!,
      (q) =>
        q
          .select(VIDEO_LIST_COLUMNS)
          .orderBy('video.ifTop', 'desc')
          .orderBy('video.createdAt', 'desc')
          .orderBy('video.id', 'desc'),
      videoListItem,
    );
  }

  /** 查老师 by name, 查电话 by phone: active staff, with their main department. */
  private async people(type: 2 | 3, text: string, paging: Paging) {
    const base = this.db
      .selectFrom('staff')
      .where('staff.status', '=', 1)
      .$if(Boolean(text), (qb) =>
        qb.where(containsText(type === 2 ? 'staff.name' : 'staff.phone', text)),
      );
    const page = await pageOf(
      base,
      paging,
      (q) =>
        q
          .select(['staff.id', 'staff.name', 'staff.phone', 'staff.email', 'staff.photoFileId'])
          .select((eb) =>
            eb
              .selectFrom('staffDepartment')
              .innerJoin('department', 'department.id', 'staffDepartment.deptId')
              .select('department.name')
              .whereRef('staffDepartment.staffId', '=', 'staff.id')
              .orderBy('staffDepartment.isPrimary', 'desc')
              .orderBy('department.id')
              .limit(1)
              .as('deptName'),
          )
          .orderBy('staff.sort')
          .orderBy('staff.id'),
      (row): TeacherHit => ({
        teaId: row.id,
        teaName: row.name,
        teaPhone: row.phone,
        email: row.email,
        deptName: row.deptName ?? null,
        teaPic: fileUrl(row.photoFileId),
      }),
    );
    return page;
  }

  /** A column and the columns below it (a parent column groups its children's items). */
  private async columnAndChildren(typeId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('newsType')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', typeId), eb('parentId', '=', typeId)]))
      .execute();
    return rows.length ? rows.map((row) => row.id) : [typeId];
  }
}
