import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { CountCache, countKey } from '../../db/paging.js';
import type { Database, InfoTable } from '../../db/schema.js';
import type { SearchDocTable } from '../../db/tables/content.js';
import { iso, systemClock, type Clock } from '../../time.js';
import { ID_MASK, rankKey, rankRanges } from './rank-key.js';
import { indexTerms, queryTerms } from './terms.js';

export interface SearchDocInput {
  infoTable: InfoTable;
  objId: number;
  typeId: number;
  title: string;
  /** Shown under the title in results. */
  summary: string;
  /** Indexed with the title; not stored. */
  body: string;
  ifTop: number;
  enableType: number;
  listed: boolean;
  /** The date shown in results; the public finds the item once it has come (news: shelves date). */
  docDate: string;
  /** News: what the site search's filters read (newcontenttype, campus, publisher). */
  contentKind?: number;
  schChange?: number | null;
  releaseUser?: string | null;
}

export interface SearchQuery {
  keyword: string;
  /** Staff also find items meant for the intranet. */
  includeStaffOnly: boolean;
  typeIds?: number[];
  pageNum: number;
  pageSize: number;
}

/** What a result shows: these columns of its search_doc row. */
const HIT_COLUMNS = [
  'infoTable',
  'objId',
  'typeId',
  'title',
  'summary',
  'ifTop',
  'docDate',
] as const;

export type SearchHit = Pick<Selectable<SearchDocTable>, (typeof HIT_COLUMNS)[number]>;

/**
 * The search index of news and videos: one `search_doc` row per item with
 * what a result shows and who may see it, and an inverted index of its terms
 * (SQLite: the FTS5 table `search_listed` of the listed items, holding only the
 * index, under their place in the list as rowid (rank-key.ts); PostgreSQL: a
 * text[] column with a GIN index). A query looks terms up in the index, never
 * scanning every row. A listed item is found from its date on, read from the
 * app's clock, so scheduled news appears in the search when it goes live.
 */
export class SearchIndex {
  /** The counts of lists and searches, kept between changes (one per process). */
  readonly counts: CountCache;
  /** Kept answers being read now, by key: concurrent requests for one wait for it (`keep`). */
  private readonly reading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: Clock = systemClock,
  ) {
    this.counts = new CountCache(db, 'search-counts');
  }

  async upsert(doc: SearchDocInput, db: Kysely<Database> = this.db): Promise<void> {
    const terms = indexTerms(`${doc.title} ${doc.body}`);
    const values = {
      infoTable: doc.infoTable,
      objId: doc.objId,
      typeId: doc.typeId,
      title: doc.title.slice(0, 200),
      summary: doc.summary.slice(0, 1000),
      ifTop: doc.ifTop,
      enableType: doc.enableType,
      listed: doc.listed ? 1 : 0,
      docDate: doc.docDate,
      contentKind: doc.contentKind ?? 0,
      schChange: doc.schChange ?? null,
      releaseUser: doc.releaseUser ?? null,
    };
    const existing = await db
      .selectFrom('searchDoc')
      .select(['id', 'ifTop', 'docDate', 'listed'])
      .where('infoTable', '=', doc.infoTable)
      .where('objId', '=', doc.objId)
      .executeTakeFirst();
    if (this.dialect === 'postgres') {
      const withTerms = { ...values, terms: sql`${terms}::text[]` };
      if (existing) {
        await db.updateTable('searchDoc').set(withTerms).where('id', '=', existing.id).execute();
      } else {
        await db.insertInto('searchDoc').values(withTerms).execute();
      }
      return;
    }
    let id = existing?.id;
    if (existing) {
      await db.updateTable('searchDoc').set(values).where('id', '=', existing.id).execute();
      if (existing.listed) {
        const was = rankKey(existing.ifTop, existing.docDate, existing.id);
        await sql`DELETE FROM search_listed WHERE rowid = ${was}`.execute(db);
      }
    } else {
      id = (
        await db.insertInto('searchDoc').values(values).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    if (!doc.listed) return;
    const tags = [
      doc.enableType === 1 ? '' : STAFF_ONLY_TAG,
      typeTag(doc.typeId),
      kindTag(doc.infoTable),
    ].filter(Boolean);
    await sql`INSERT INTO search_listed(rowid, title, body, tags) VALUES (
      ${rankKey(doc.ifTop, doc.docDate, id!)},
      ${indexTerms(doc.title).join(' ')},
      ${terms.join(' ')},
      ${tags.join(' ')})`.execute(db);
  }

  /**
   * The ids of the listed items of `infoTable` whose title or body hold every
   * term of `keyword`, as a subquery for a list's `where(id, 'in', ...)`; null
   * when the keyword has no terms.
   */
  matchingIds(infoTable: InfoTable, keyword: string) {
    const terms = queryTerms(keyword);
    if (terms.length === 0) return null;
    return (
      this.db
        .selectFrom('searchDoc')
        .select('objId')
        // SQLite: `+` keeps the kind's index out of it, so the matching terms drive the lookup.
        .where(
          this.dialect === 'postgres' ? sql.ref('infoTable') : sql`+info_table`,
          '=',
          infoTable,
        )
        .where(this.hasTerms(terms))
    );
  }

  /**
   * The listed entries of `infoTable` whose title or body hold every term of `keyword`, to
   * filter, count and order on the entries' own columns (the site search: never reading the
   * item's row); null when the keyword has no terms. `column` names a column for the
   * caller's conditions. SQLite, without statistics, is told how to read them:
   * - `walk` (for conditions on the columns of `search_doc_order_idx`, migration 0034): the
   *   listed entries are read in list order from that index alone, each checked against
   *   the matches (`+id`): page 1 of 校园 at 100,000 items in 7 ms where sorting its 77,800
   *   matches took 40, a count in 30, and about as much for any word, however many matches;
   * - else (a condition on another column: the publisher) the matches are probed by rowid
   *   (`+column` keeps the other indexes out of it): linear in the matches.
   */
  listedMatches(infoTable: InfoTable, keyword: string, walk: boolean) {
    const terms = queryTerms(keyword);
    if (terms.length === 0) return null;
    const sqlite = this.dialect === 'sqlite';
    const column = <C extends keyof SearchDocTable & string>(name: C) =>
      sqlite && !(walk && (name === 'infoTable' || name === 'listed'))
        ? sql<SearchDocTable[C]>`+${sql.ref(`searchDoc.${name}`)}`
        : sql.ref<SearchDocTable[C]>(`searchDoc.${name}`);
    const query = this.db
      .selectFrom('searchDoc')
      .where(column('infoTable'), '=', infoTable)
      .where(column('listed'), '=', 1)
      .where(this.hasTerms(terms, sqlite && walk));
    return { query, column };
  }

  /**
   * The matches' ids (SQLite: of listed entries, the index holding no other); `checked`: SQLite
   * checks each entry's id against the matches rather than looking them up.
   */
  private hasTerms(terms: string[], checked = false) {
    return (eb: ExpressionBuilder<Database, 'searchDoc'>) =>
      this.dialect === 'postgres'
        ? eb(sql`terms`, '@>', sql`${terms}::text[]`)
        : eb(
            checked ? sql<number>`+${sql.ref('searchDoc.id')}` : 'id',
            'in',
            sql<number>`(SELECT rowid & ${ID_MASK} FROM search_listed WHERE search_listed MATCH ${`body : ${allOf(terms)}`})`,
          );
  }

  /**
   * An answer kept between changes (`CountCache.keep`), read once when many
   * ask at the same moment: at the start of a load, or after a change, 32
   * requests for one search page would otherwise each sort every match, one
   * after another on the worker's connection (the site search's most common
   * word: about 100 ms each at 100,000 news, so seconds for the last one).
   * A request that finds the answer being read waits for it, then asks the
   * kept answers again, which hold it unless the content or the time moved
   * on meanwhile (then it reads its own): nobody gets an answer older than a
   * change they could have seen.
   */
  async keep<T>(key: string, nowIso: string, query: () => Promise<T>): Promise<T> {
    for (let reading = this.reading.get(key); reading; reading = this.reading.get(key)) {
      await reading.catch(() => undefined);
    }
    const answer = this.counts.keep(key, nowIso, query);
    this.reading.set(key, answer);
    try {
      return await answer;
    } finally {
      if (this.reading.get(key) === answer) this.reading.delete(key);
    }
  }

  /**
   * A page of the listed items matching the keyword that the caller may see, dated up to now:
   * pinned first, then those whose title holds the keyword, then the newest.
   */
  async query(query: SearchQuery): Promise<{ total: number; list: SearchHit[] }> {
    const terms = queryTerms(query.keyword);
    if (terms.length === 0) return { total: 0, list: [] };
    const nowIso = iso(this.now());
    const { total, ids } =
      this.dialect === 'sqlite'
        ? await this.inListOrder(query, terms, nowIso)
        : await this.sorted(query, terms, nowIso);
    const rows = ids.length
      ? await this.db
          .selectFrom('searchDoc')
          .select(['id', ...HIT_COLUMNS])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(rows.map(({ id, ...hit }) => [id, hit]));
    const list = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { total, list };
  }

  /**
   * SQLite: the page read from `search_listed` in its rowid order, which is the list's
   * (rank-key.ts), in four runs: pinned title hits, other pinned matches, title hits, the
   * rest; each run is walked from its newest to the page's end, so a page costs about its own
   * rows whatever the number of matches (page 1 of a word in 78,000 items: 0.2 ms, where
   * sorting them took 40). Only the total counts every match, kept between changes.
   */
  private async inListOrder(query: SearchQuery, terms: string[], nowIso: string) {
    const seen = (expression: string) => {
      let match = expression;
      if (query.typeIds?.length) {
        // A column number that is no whole number the index holds (1e21) names no column.
        const columns = query.typeIds
          .filter((typeId) => Number.isSafeInteger(typeId) && typeId >= 0)
          .map(typeTag);
        match = `(${match}) AND tags : (${columns.join(' OR ') || NO_COLUMN_TAG})`;
      }
      return query.includeStaffOnly ? match : `(${match}) NOT tags : ${STAFF_ONLY_TAG}`;
    };
    const all = allOf(terms);
    const matched = seen(`body : ${all}`);
    const ranges = rankRanges(nowIso);
    const runs = ranges.flatMap((range) => [
      { match: seen(`title : ${all}`), range },
      { match: seen(`(body : ${all}) NOT (title : ${all})`), range },
    ]);
    const counted = (match: string, range: [bigint, bigint]) =>
      this.keep(`count listed ${match} ${range.join('-')}`, nowIso, () =>
        this.listedCount(match, range),
      );
    const counts = await Promise.all(ranges.map((range) => counted(matched, range)));
    const total = counts.reduce((sum, n) => sum + n, 0);
    let skip = (query.pageNum - 1) * query.pageSize;
    const ids: number[] = [];
    if (skip >= total) return { total, ids };
    for (const run of runs) {
      if (ids.length === query.pageSize) break;
      const found = await this.listedPage(run.match, run.range, query.pageSize - ids.length, skip);
      if (found.length) {
        ids.push(...found);
        skip = 0;
      } else if (skip > 0) {
        // The whole run lies before the page.
        skip -= await counted(run.match, run.range);
      }
    }
    return { total, ids };
  }

  private async listedCount(match: string, [from, to]: [bigint, bigint]): Promise<number> {
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_listed
      WHERE search_listed MATCH ${match} AND rowid BETWEEN ${from} AND ${to}`.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  private async listedPage(
    match: string,
    [from, to]: [bigint, bigint],
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`SELECT rowid & ${ID_MASK} AS id FROM search_listed
      WHERE search_listed MATCH ${match} AND rowid BETWEEN ${from} AND ${to}
      ORDER BY rowid DESC LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return rows.map((row) => Number(row.id));
  }

  /**
   * PostgreSQL: the matches from the GIN index, sorted into the list's order; the count and
   * each page's ids kept between changes.
   */
  private async sorted(query: SearchQuery, terms: string[], nowIso: string) {
    const base = this.db
      .selectFrom('searchDoc')
      .where('listed', '=', 1)
      .where('docDate', '<=', nowIso)
      .$if(!query.includeStaffOnly, (qb) => qb.where('enableType', '=', 1))
      .$if(Boolean(query.typeIds?.length), (qb) => qb.where('typeId', 'in', query.typeIds!))
      .where(this.hasTerms(terms));
    const countQuery = base.select((eb) => eb.fn.countAll<number>().as('n'));
    const total = await this.keep(`count ${countKey(countQuery, nowIso)}`, nowIso, async () =>
      Number((await countQuery.executeTakeFirstOrThrow()).n),
    );
    if ((query.pageNum - 1) * query.pageSize >= total) return { total, ids: [] };
    // A title hit holds every term of the keyword in its title, as SQLite's title column does.
    const titleHit = sql<number>`CASE WHEN ${sql.join(
      terms.map((term) => containsText('title', term)),
      sql` AND `,
    )} THEN 1 ELSE 0 END`;
    const page = base
      .select('id')
      .orderBy('ifTop', 'desc')
      .orderBy(titleHit, 'desc')
      .orderBy('docDate', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize);
    // The title-first order sorts every match: a page's ids are kept as its count is, until
    // the content or the time changes them (ids only, so what is kept stays small).
    const ids = await this.keep(countKey(page, nowIso), nowIso, async () =>
      (await page.execute()).map((row) => row.id),
    );
    return { total, ids };
  }
}

/** Marks an entry meant for staff only in `search_listed`'s tags. */
const STAFF_ONLY_TAG = 's';
const typeTag = (typeId: number) => `t${typeId}`;
/** A tag no entry has. */
const NO_COLUMN_TAG = 'none';
const kindTag = (infoTable: InfoTable) => (infoTable === 'TF_VIDEO' ? 'v' : 'n');

/** An FTS5 expression: every term (each quoted: a term is letters and digits or Han characters). */
const allOf = (terms: string[]) => `(${terms.map((term) => `"${term}"`).join(' AND ')})`;
