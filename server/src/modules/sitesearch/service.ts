import type { DriveRow, NewsItem, TeacherHit, VideoItem } from '@school/common/api';
import { type CompiledQuery, type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import { containsText } from '../../db/like.js';
import { CountCache, countRows, onPage, pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { iso, type Clock } from '../../time.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  VIDEO_LIST_COLUMNS,
  newsListQuery,
  newsListRows,
  toListItem,
  videoListItem,
  videoListQuery,
} from '../../platform/publishing/rows.js';
import type { AuthStaff } from '../../http/auth.js';
import type { FileSearches } from '../../platform/search/file-search.js';
import type { SearchIndex } from '../../platform/search/search-index.js';

/** What the five tabs of /sechresPage send (intranet.md §7 "search"). */
export interface SiteSearchQuery {
  /** 1 news, 4 pictures, 5 videos, 2 teachers, 3 phones, 6 drive files. */
  type: 1 | 2 | 3 | 4 | 5 | 6;
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
  list: Array<NewsItem | VideoItem | TeacherHit | DriveRow>;
  newsList: NewsItem[];
  videoList: VideoItem[];
}

/** A picture set (查图片): a news item of newcontenttype 2. */
const PICTURE_SET = 2;

/** What a news or picture answer depends on besides the content, the time and the page. */
interface NewsFilter {
  keyword?: string;
  typeId?: number;
  kind?: number;
  schChange?: number;
  publisher?: string;
  begin?: string;
  end?: string;
}

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
  /** Answers kept under the site's content version and its next scheduled item. */
  private readonly kept: CountCache;
  /** The counters statement per number of ids, compiled once. */
  private readonly counterQueries = new Map<number, CompiledQuery>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: SearchIndex,
    private readonly now: Clock,
    private readonly files: FileSearches,
  ) {
    this.kept = new CountCache(db, 'site-search');
  }

  async search(
    query: SiteSearchQuery,
    paging: Paging,
    viewer: AuthStaff,
  ): Promise<SiteSearchAnswer> {
    const { begin, end } = this.range(query);
    if (query.type === 6) {
      const page = await this.files.find(viewer, query.str?.trim() ?? '', paging);
      return { total: page.total, list: page.list, newsList: [], videoList: [] };
    }
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
    const nowIso = iso(this.now());
    const kind = query.type === 4 ? PICTURE_SET : query.newcontenttype;
    const filter: NewsFilter = {
      keyword: query.str?.trim() || undefined,
      typeId: query.typeId,
      kind,
      schChange: query.schChange,
      publisher: query.releaseUser?.trim() || undefined,
      begin,
      end,
    };
    // The whole answer is kept between content changes (the site search does not depend on
    // who asks); views and likes change without a new version and are read fresh.
    const key = JSON.stringify(['news', filter, paging!.pageNum, paging!.pageSize]);
    const answer = await this.kept.keep(key, nowIso, () => this.readNews(filter, nowIso, paging!), {
      size: (kept) => JSON.stringify(kept).length * 2,
    });
    return { total: answer.total, list: await this.withCounters(answer.list) };
  }

  private async readNews(filter: NewsFilter, nowIso: string, paging: Paging) {
    const { keyword, kind, publisher, begin, end } = filter;
    const columns =
      filter.typeId === undefined ? undefined : await this.columnAndChildren(filter.typeId);
    const matches = keyword ? this.index.listedMatches('T_NEWS', keyword, !publisher) : null;
    let count: Promise<number>;
    let pageIds: Promise<number[]>;
    if (matches) {
      // A keyword's matches are counted and ordered in the search index, whose entries carry
      // the list's order and filters (migration 0034): never reading a news row.
      const { query, column } = matches;
      const base = query
        .where(column('docDate'), '<=', nowIso)
        .$if(columns !== undefined, (qb) => qb.where(column('typeId'), 'in', columns!))
        .$if(kind !== undefined, (qb) => qb.where(column('contentKind'), '=', kind!))
        .$if(filter.schChange !== undefined, (qb) =>
          qb.where(column('schChange'), '=', filter.schChange!),
        )
        .$if(Boolean(publisher), (qb) =>
          qb.where(containsText('searchDoc.releaseUser', publisher!)),
        )
        .$if(begin !== undefined, (qb) => qb.where(column('docDate'), '>=', begin!))
        .$if(end !== undefined, (qb) => qb.where(column('docDate'), '<', end!));
      count = countRows(base);
      pageIds = base
        .select('searchDoc.objId')
        .orderBy('searchDoc.ifTop', 'desc')
        .orderBy('searchDoc.docDate', 'desc')
        .orderBy('searchDoc.objId', 'desc')
        .$call(onPage(paging))
        .execute()
        .then((rows) => rows.map((row) => row.objId));
    } else {
      // The listed news in their usual order (news_list_idx); a keyword without terms
      // (punctuation, say) is looked for in the titles.
      const base = newsListQuery(this.db, this.now())
        .$if(columns !== undefined, (qb) => qb.where('news.typeId', 'in', columns!))
        .$if(kind !== undefined, (qb) => qb.where('news.contentKind', '=', kind!))
        .$if(filter.schChange !== undefined, (qb) =>
          qb.where('news.schChange', '=', filter.schChange!),
        )
        .$if(Boolean(publisher), (qb) => qb.where(containsText('news.releaseUser', publisher!)))
        .$if(begin !== undefined, (qb) => qb.where('news.shelvesDate', '>=', begin!))
        .$if(end !== undefined, (qb) => qb.where('news.shelvesDate', '<', end!))
        .$if(Boolean(keyword), (qb) => qb.where(containsText('news.title', keyword!)));
      count = countRows(base);
      pageIds = base
        .select('news.id')
        .orderBy('news.ifTop', 'desc')
        .orderBy('news.shelvesDate', 'desc')
        .orderBy('news.id', 'desc')
        .$call(onPage(paging))
        .execute()
        .then((rows) => rows.map((row) => row.id));
    }
    const [total, ids] = await Promise.all([count, pageIds]);
    const rows = await newsListRows(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { total, list: ids.flatMap((id) => (byId.has(id) ? [toListItem(byId.get(id)!)] : [])) };
  }

  /** Copies of `items` with their view and like counts as they are now (one statement). */
  private async withCounters(items: NewsItem[]): Promise<NewsItem[]> {
    if (!items.length) return [];
    const ids = items.map((item) => item.newId);
    let compiled = this.counterQueries.get(ids.length);
    if (!compiled) {
      compiled = this.db
        .selectFrom('news')
        .select(['id', 'viewCount', 'flowerCount'])
        .where('id', 'in', ids)
        .compile();
      // Its parameters are the ids in order, so another page's ids can take their place.
      this.counterQueries.set(ids.length, compiled);
    }
    const { rows } = await this.db.executeQuery<{
      id: number;
      viewCount: number;
      flowerCount: number;
    }>(withParameters(compiled, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return items.map((item) => {
      const now = byId.get(item.newId);
      return now ? { ...item, viewCount: now.viewCount, flowerCount: now.flowerCount } : item;
    });
  }

  private async videos(query: SiteSearchQuery, begin?: string, end?: string, paging?: Paging) {
    const keyword = query.str?.trim();
    const matching = keyword ? this.index.matchingIds('TF_VIDEO', keyword) : null;
    const publisher = query.releaseUser?.trim();
    const base = videoListQuery(this.db)
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
