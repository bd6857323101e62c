import { countKey, onPage } from '../../db/paging.js';
import { newsReview, type NewsReview } from './review.js';
import { SubjectNewsReader } from './subjects.js';
import { reindexNews } from './writes.js';
import {
  NEWS_GONE_MESSAGE,
  STAFF_ONLY_MESSAGE,
  assertReadable,
} from '../../platform/publishing/visibility.js';
import type { NewsDetail, NewsListItem } from '@school/common/api';
import { containsText } from '../../db/like.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TOKEN_INVALID, unauthorized } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { KeptAnswers } from './kept-answers.js';
import {
  NEWS_LIST_COLUMNS,
  filesOf,
  listedNews,
  newestEnd,
  newsListRows,
  toListItem,
  toNewsListItem,
} from './queries.js';

/** The three tabs of the home page's news box (portal spec §2 Home). */
export const HOME_NEWS_TYPES = [2, 3, 4];
export const HOME_NEWS_PER_TAB = 8;

export type { NewsFileInput } from './writes.js';
export { NEWS_GONE_MESSAGE, STAFF_ONLY_MESSAGE, assertReadable };

export interface NewsListFilter {
  typeId?: number;
  typeIds?: number[];
  newsTitle?: string;
  schChange?: number;
  /** 2: the intranet's view, which also holds staff-only items (staff only). */
  enableType?: number;
  createStaff?: number;
  deptId?: number;
  /** The items the caller wrote of newsType 1 news, 2 notices, 3 pictures, in any column. */
  myRelease?: number;
}

/** A page of a news list. */
export interface NewsPage {
  total: number;
  list: NewsListItem[];
}

/** Whether two lists of the same items carry the same view and like counts. */
const sameCounters = (a: readonly NewsListItem[], b: readonly NewsListItem[]) =>
  a.length === b.length &&
  a.every(
    (item, i) => item.viewCount === b[i]!.viewCount && item.flowerCount === b[i]!.flowerCount,
  );

/** A tab of the home page's news box. */
export interface HomeTab {
  typeId: number;
  typeName: string;
  list: NewsListItem[];
}

/**
 * News as the public pages read them: the lists, the home page's box, an
 * item's detail, the sub-news of special topics (`subjects`), and 【删除】.
 * Items are created and changed only by the one save (admin-save.ts).
 */
export class NewsService {
  /** The review steps and the one deletion path of news (not screened for sensitive words). */
  readonly review: NewsReview;
  /** The sub-news of special topics: lists, details, readability, deletion. */
  readonly subjects: SubjectNewsReader<Awaited<ReturnType<NewsService['readable']>>>;
  /** What the public calls answer an anonymous caller, kept between content changes. */
  readonly kept: KeptAnswers;
  /**
   * The last anonymous home box answered, with the kept tabs and counters it was made of:
   * the same object is answered while neither changes, so its JSON is made once (keptOk).
   */
  private lastHome: { tabs: HomeTab[]; items: NewsListItem[]; answer: HomeTab[] } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
  ) {
    this.kept = new KeptAnswers(db);
    this.review = this.reviewIn(db);
    this.subjects = new SubjectNewsReader(db, (newId, staff) => this.readable(newId, staff), now);
  }

  /** The review steps on `db`: a transaction of the caller's (the importer's) that they join. */
  reviewIn(db: Kysely<Database>): NewsReview {
    return newsReview(db, (newId, trx) => reindexNews(trx, this.search, newId), this.now);
  }

  async list(
    filter: NewsListFilter,
    staff: AuthStaff | null,
    paging: Paging,
    /** count: false when only the first items are wanted (no pager): the total is then the page's size. */
    options: { count: boolean } = { count: true },
  ): Promise<NewsPage> {
    const now = this.now();
    if (staff) return (await this.page(filter, staff, paging, options, now)).answer;
    const { answer } = await this.kept.keep(
      ['list', filter, paging, options.count],
      iso(now),
      () => this.page(filter, null, paging, options, now),
      (page) => page.until,
    );
    return { total: answer.total, list: await this.kept.withCounters(answer.list) };
  }

  /** A page of a list as `list` answers it, and when its 新 badges run out. */
  private async page(
    filter: NewsListFilter,
    staff: AuthStaff | null,
    paging: Paging,
    options: { count: boolean },
    now: Date,
  ): Promise<{ answer: NewsPage; until: string | undefined }> {
    const mine = filter.myRelease === undefined ? undefined : { newsType: filter.myRelease };
    if (mine && !staff) throw unauthorized(TOKEN_INVALID);
    const includeStaffOnly = Boolean(staff) && (filter.enableType === 2 || mine !== undefined);
    const keyword = filter.newsTitle?.trim();
    const typeId = mine ? undefined : filter.typeId;
    const createStaff = mine ? staff!.id : filter.createStaff;
    // No join in the filter: the column (news_type) always exists (a foreign key), and the
    // count and the page's ids then read the list index alone.
    const base = this.db
      .selectFrom('news')
      .where(listedNews(now))
      .$if(typeId !== undefined, (qb) => qb.where('news.typeId', '=', typeId!))
      .$if(mine !== undefined, (qb) => qb.where('news.newsType', '=', mine!.newsType))
      .$if(filter.deptId !== undefined, (qb) => qb.where('news.deptId', '=', filter.deptId!))
      .$if(Boolean(filter.typeIds?.length), (qb) => qb.where('news.typeId', 'in', filter.typeIds!))
      .$if(!includeStaffOnly, (qb) => qb.where('news.enableType', '=', 1))
      .$if(filter.schChange !== undefined, (qb) =>
        qb.where('news.schChange', '=', filter.schChange!),
      )
      .$if(createStaff !== undefined, (qb) => qb.where('news.createStaff', '=', createStaff!))
      .$if(Boolean(keyword), (qb) => qb.where(containsText('news.title', keyword!)));
    const nowIso = iso(now);
    const countQuery = base.select((eb) => eb.fn.countAll<number>().as('n'));
    const total = options.count
      ? await this.search.counts.count(countKey(countQuery, nowIso), nowIso, async () =>
          Number((await countQuery.executeTakeFirstOrThrow()).n),
        )
      : undefined;
    // The page's ids from the list index alone (its order is the index's, so rows skipped
    // on a deep page are never read), kept between changes as the count is; then the rows of
    // those ids only, read fresh (views and likes change them without a new stamp).
    const pageIds = base
      .select('news.id')
      .orderBy('news.ifTop', 'desc')
      .orderBy('news.shelvesDate', 'desc')
      .orderBy('news.id', 'desc')
      .$call(onPage(paging));
    const ids = await this.search.counts.keep(countKey(pageIds, nowIso), nowIso, async () =>
      (await pageIds.execute()).map((row) => row.id),
    );
    const rows = await newsListRows(this.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      answer: {
        total: total ?? ids.length,
        // An item deleted between the two reads is left out.
        list: ids.flatMap((id) => (byId.has(id) ? [toNewsListItem(byId.get(id)!, now)] : [])),
      },
      until: newestEnd(rows, now),
    };
  }

  /**
   * The staff home's six lists (intranet.md §7 "home news"): slot n is one page
   * of column typeIdN; a slot without a column is empty.
   */
  async teachHome(
    slots: Array<{ typeId?: number; pageNum?: number; pageSize?: number }>,
    enableType: number | undefined,
    staff: AuthStaff,
  ) {
    return Promise.all(
      slots.map(async ({ typeId, pageNum = 1, pageSize = 5 }) =>
        typeId === undefined
          ? []
          : (
              await this.list(
                { typeId, enableType },
                staff,
                { pageNum, pageSize },
                { count: false },
              )
            ).list,
      ),
    );
  }

  /** The home page's news box: the latest items of each tab, pinned first. */
  async home(staff: AuthStaff | null): Promise<HomeTab[]> {
    const now = this.now();
    if (staff) return (await this.homeTabs(staff, now)).tabs;
    const { tabs } = await this.kept.keep(
      ['home'],
      iso(now),
      () => this.homeTabs(null, now),
      (home) => home.until,
    );
    const items = await this.kept.withCounters(tabs.flatMap((tab) => tab.list));
    const last = this.lastHome;
    if (last?.tabs === tabs && sameCounters(last.items, items)) return last.answer;
    let at = 0;
    const answer = tabs.map((tab) => ({ ...tab, list: items.slice(at, (at += tab.list.length)) }));
    this.lastHome = { tabs, items, answer };
    return answer;
  }

  private async homeTabs(staff: AuthStaff | null, now: Date) {
    const types = await this.db
      .selectFrom('newsType')
      .select(['id', 'name'])
      .where('id', 'in', HOME_NEWS_TYPES)
      .execute();
    const pages = await Promise.all(
      HOME_NEWS_TYPES.map((typeId) =>
        this.page(
          { typeId },
          staff,
          { pageNum: 1, pageSize: HOME_NEWS_PER_TAB },
          { count: false },
          now,
        ),
      ),
    );
    const tabs: HomeTab[] = HOME_NEWS_TYPES.map((typeId, i) => ({
      typeId,
      typeName: types.find((t) => t.id === typeId)?.name ?? '',
      list: pages[i]!.answer.list,
    }));
    const ends = pages.flatMap((page) => (page.until ? [page.until] : []));
    return { tabs, until: ends.sort()[0] };
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
    if (staff) return this.freshDetail(newId, staff);
    const now = this.now();
    const detail = await this.kept.keep(['detail', newId], iso(now), () =>
      this.freshDetail(newId, null),
    );
    return (await this.kept.withCounters([detail]))[0]!;
  }

  private async freshDetail(newId: number, staff: AuthStaff | null): Promise<NewsDetail> {
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

  /** 【删除】 of the public pages: the workflow's one deletion path. */
  async remove(newId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    await this.review.remove(newId, staff, ip);
  }
}
