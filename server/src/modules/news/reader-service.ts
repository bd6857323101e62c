import type { NewsSearchHit } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database, InfoTable } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { assertCanManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { EngagementService } from '../../platform/engagement/service.js';
import { fileUrl } from '../../platform/files/service.js';
import { isListed } from '../../platform/publishing/visibility.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { NewsService } from './service.js';

/** Which item of a news page a reader acts on: the news item, or one sub-news of a topic. */
export interface NewsTarget {
  newId: number;
  /** A sub-news of the topic `newId` (the spec sends it as subjectId or subjectNewId). */
  subjectNewId?: number;
}

const NOT_OF_TOPIC = '子新闻不属于该专题';

/**
 * What readers do around news beyond reading one item: the column lists, the
 * keyword search, the sub-news a topic opens with, views, likes and
 * footprints. Each checks that the caller may read the item first.
 */
export class NewsReaderService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly news: NewsService,
    private readonly engagement: EngagementService,
    private readonly search: SearchIndex,
    private readonly now: Clock,
  ) {}

  /** The columns below `parentId` (all, without one). */
  columns(parentId: number | undefined) {
    return this.db
      .selectFrom('newsType')
      .select(['id as typeId', 'name as typeName', 'parentId'])
      .$if(parentId !== undefined, (qb) => qb.where('parentId', '=', parentId!))
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The column tree: top columns with their children. */
  async columnTree() {
    const rows = await this.columns(undefined);
    return rows
      .filter((r) => r.parentId === 0)
      .map((root) => ({ ...root, children: rows.filter((r) => r.parentId === root.typeId) }));
  }

  /** News, media, columns, pictures and videos whose title or text holds the keyword. */
  async find(
    query: { keyword: string | undefined; typeId?: number; enableType: number },
    staff: AuthStaff | null,
    paging: Paging,
  ) {
    const keyword = query.keyword?.trim() ?? '';
    if (!keyword) throw badRequest('请输入搜索内容');
    const includeStaffOnly = Boolean(staff) && query.enableType === 2;
    const { typeId } = query;
    if (includeStaffOnly) return this.hits(keyword, typeId, true, paging);
    // Without staff-only items the answer is the same whoever asks: kept between content
    // changes, with its views and likes read fresh (they change without a new version).
    const answer = await this.news.kept.keep(
      ['find', keyword, typeId, paging],
      iso(this.now()),
      () => this.hits(keyword, typeId, false, paging),
    );
    return { ...answer, list: await this.withCounters(answer.list) };
  }

  /** Copies of `hits` with the view and like counts of their news items and videos as they are now. */
  private async withCounters(hits: NewsSearchHit[]): Promise<NewsSearchHit[]> {
    const videoIds = hits.flatMap((hit) => (hit.videoId === null ? [] : [hit.videoId]));
    const [news, videos] = await Promise.all([
      this.news.kept.withCounters(hits.filter((hit) => hit.videoId === null)),
      videoIds.length
        ? this.db
            .selectFrom('video')
            .select(['id', 'viewCount', 'flowerCount'])
            .where('id', 'in', videoIds)
            .execute()
        : [],
    ]);
    const newsById = new Map(news.map((hit) => [hit.newId, hit]));
    const videoById = new Map(videos.map((row) => [row.id, row]));
    return hits.map((hit) => {
      if (hit.videoId === null) return newsById.get(hit.newId) ?? hit;
      const now = videoById.get(hit.videoId);
      return now ? { ...hit, viewCount: now.viewCount, flowerCount: now.flowerCount } : hit;
    });
  }

  /** A page of the search's hits with their rows' fields (byline, cover, author, counters) and column names. */
  private async hits(
    keyword: string,
    typeId: number | undefined,
    includeStaffOnly: boolean,
    paging: Paging,
  ) {
    const result = await this.search.query({
      keyword,
      includeStaffOnly,
      typeIds: typeId ? [typeId] : undefined,
      ...paging,
    });
    const byTable = (table: InfoTable) =>
      result.list.filter((hit) => hit.infoTable === table).map((hit) => hit.objId);
    const [rows, columns] = await Promise.all([
      this.rowsOf(byTable('T_NEWS'), byTable('TF_VIDEO')),
      this.columnNames(result.list.map((hit) => hit.typeId)),
    ]);
    return {
      total: result.total,
      keyword,
      list: result.list.map((hit): NewsSearchHit => {
        const video = hit.infoTable === 'TF_VIDEO';
        const row = rows.get(`${video ? 'TF_VIDEO' : 'T_NEWS'}:${hit.objId}`);
        return {
          // The page opens a hit by typeId with newId: for a video (13), the video's id.
          newId: hit.objId,
          videoId: video ? hit.objId : null,
          typeId: hit.typeId,
          typeName: columns.get(hit.typeId) ?? '',
          newsTitle: hit.title,
          newsDesc: hit.summary,
          ifTop: hit.ifTop,
          releaseUser: row?.releaseUser ?? null,
          imgUrl: fileUrl(row?.coverFileId),
          createStaff: row?.createStaff ?? null,
          viewCount: row?.viewCount ?? 0,
          flowerCount: row?.flowerCount ?? 0,
          shelvesDate: displayTime(hit.docDate),
        };
      }),
    };
  }

  /**
   * The fields of a page of hits that their rows hold (the index does not), by
   * `infoTable:objId`: one read by primary key per table, never one per hit.
   */
  private async rowsOf(newsIds: number[], videoIds: number[]) {
    const columns = [
      'id',
      'releaseUser',
      'coverFileId',
      'createStaff',
      'viewCount',
      'flowerCount',
    ] as const;
    const [news, videos] = await Promise.all([
      newsIds.length
        ? this.db.selectFrom('news').select(columns).where('id', 'in', newsIds).execute()
        : [],
      videoIds.length
        ? this.db.selectFrom('video').select(columns).where('id', 'in', videoIds).execute()
        : [],
    ]);
    return new Map([
      ...news.map((row) => [`T_NEWS:${row.id}`, row] as const),
      ...videos.map((row) => [`TF_VIDEO:${row.id}`, row] as const),
    ]);
  }

  /** The names of the columns a page of hits is in. */
  private async columnNames(typeIds: number[]) {
    if (typeIds.length === 0) return new Map<number, string>();
    const rows = await this.db
      .selectFrom('newsType')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(typeIds)])
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** A sub-news; with only the topic's newId, the topic's first one (null when it has none). */
  async subjectNews(ids: { newId?: number; subjectNewId?: number }, staff: AuthStaff | null) {
    let { subjectNewId } = ids;
    if (!subjectNewId) {
      if (!ids.newId) throw badRequest('请选择专题子新闻');
      const first = await this.news.subjects.list(ids.newId, staff, { pageNum: 1, pageSize: 1 });
      subjectNewId = first.list[0]?.subjectNewId;
      if (!subjectNewId) return null;
    }
    const detail = await this.news.subjects.detail(subjectNewId, staff);
    if (ids.newId && detail.newId !== ids.newId) throw badRequest(NOT_OF_TOPIC);
    return detail;
  }

  /**
   * A view by anyone (api/news/view, beyond the spec): counted once per
   * visitor and day on an item the caller may read that is on the portal (a
   * preview counts nothing); `visitor` null (a crawler) counts nothing.
   */
  async view(target: NewsTarget, staff: AuthStaff | null, visitor: string | null) {
    if (target.subjectNewId) {
      const sub = await this.news.subjects.readable(target.subjectNewId, staff);
      if (sub.newsId !== target.newId) throw badRequest(NOT_OF_TOPIC);
      const live = isListed(sub.parent, this.now());
      return this.engagement.countVisit('T_SUBJECT_NEWS', sub.id, live ? visitor : null);
    }
    const row = await this.news.readable(target.newId, staff);
    const live = isListed(row, this.now());
    return this.engagement.countVisit('T_NEWS', row.id, live ? visitor : null);
  }

  /** One view by a logged-in reader: a footprint row, and the day's one count (see `view`). */
  async recordView(target: NewsTarget, staff: AuthStaff, ip: string | null) {
    const { infoTable, objId } = await this.readableTarget(target, staff);
    return { viewCount: await this.engagement.recordView(infoTable, objId, staff, ip) };
  }

  /** Who viewed an item: a content administrator, its creator, or (sub-news) its topic's creator. */
  async footprints(target: NewsTarget, staff: AuthStaff, paging: Paging) {
    if (target.subjectNewId) {
      const sub = await this.news.subjects.readable(target.subjectNewId, staff);
      if (sub.createStaff !== staff.id) assertCanManage(staff, sub.parent.createStaff);
      return this.engagement.footprints('T_SUBJECT_NEWS', target.subjectNewId, paging);
    }
    const row = await this.news.readable(target.newId, staff);
    assertCanManage(staff, row.createStaff);
    return this.engagement.footprints('T_NEWS', target.newId, paging);
  }

  /** Whether the caller already liked the item, and its count. */
  async likeState(target: NewsTarget, staff: AuthStaff) {
    const { infoTable, objId } = await this.readableTarget(target, staff);
    return {
      liked: await this.engagement.hasLiked(infoTable, objId, staff.id),
      flowerCount: await this.engagement.flowerCount(infoTable, objId),
    };
  }

  /** Likes an item once per person; answers the new count. */
  async like(target: NewsTarget, staff: AuthStaff) {
    const { infoTable, objId } = await this.readableTarget(target, staff);
    return { flowerCount: await this.engagement.like(infoTable, objId, staff) };
  }

  /** Likes and views of a sub-news count on the sub-news; the rest on the news item. */
  private async readableTarget(
    target: NewsTarget,
    staff: AuthStaff,
  ): Promise<{ infoTable: InfoTable; objId: number }> {
    if (target.subjectNewId) {
      const sub = await this.news.subjects.readable(target.subjectNewId, staff);
      if (sub.newsId !== target.newId) throw badRequest(NOT_OF_TOPIC);
      return { infoTable: 'T_SUBJECT_NEWS', objId: target.subjectNewId };
    }
    await this.news.readable(target.newId, staff);
    return { infoTable: 'T_NEWS', objId: target.newId };
  }
}
