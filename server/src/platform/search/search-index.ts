import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { containsText } from '../../db/like.js';
import { CountCache, countKey } from '../../db/paging.js';
import type { Database, InfoTable } from '../../db/schema.js';
import type { SearchDocTable } from '../../db/tables/content.js';
import { iso, systemClock, type Clock } from '../../time.js';
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

export interface SearchHit {
  infoTable: InfoTable;
  objId: number;
  typeId: number;
  title: string;
  summary: string;
  ifTop: number;
  docDate: string;
}

/**
 * The search index of news and videos: one `search_doc` row per item with
 * what a result shows and who may see it, and an inverted index of its terms
 * (SQLite: an FTS5 table holding only the index; PostgreSQL: a text[] column
 * with a GIN index). A query looks terms up in the index, never scanning
 * every row. A listed item is found from its date on, read from the app's
 * clock, so scheduled news appears in the search when it goes live.
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
    this.counts = new CountCache(db);
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
      .select('id')
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
    if (id) {
      await db.updateTable('searchDoc').set(values).where('id', '=', id).execute();
      await sql`DELETE FROM search_fts WHERE rowid = ${id}`.execute(db);
    } else {
      id = (
        await db.insertInto('searchDoc').values(values).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    await sql`INSERT INTO search_fts(rowid, terms) VALUES (${id}, ${terms.join(' ')})`.execute(db);
  }

  /** Changes what the public may see without re-indexing the text. */
  async setListed(infoTable: InfoTable, objId: number, listed: boolean, db = this.db) {
    await db
      .updateTable('searchDoc')
      .set({ listed: listed ? 1 : 0 })
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .execute();
  }

  /**
   * The ids of the items of `infoTable` whose title or body hold every term of
   * `keyword`, as a subquery for a list's `where(id, 'in', ...)`; null when
   * the keyword has no terms.
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

  /** `checked`: SQLite checks each entry's id against the matches rather than looking them up. */
  private hasTerms(terms: string[], checked = false) {
    return (eb: ExpressionBuilder<Database, 'searchDoc'>) =>
      this.dialect === 'postgres'
        ? eb(sql`terms`, '@>', sql`${terms}::text[]`)
        : eb(
            checked ? sql<number>`+${sql.ref('searchDoc.id')}` : 'id',
            'in',
            sql<number>`(SELECT rowid FROM search_fts WHERE search_fts MATCH ${terms
              .map((t) => `"${t}"`)
              .join(' AND ')})`,
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

  async query(query: SearchQuery): Promise<{ total: number; list: SearchHit[] }> {
    const terms = queryTerms(query.keyword);
    if (terms.length === 0) return { total: 0, list: [] };
    const nowIso = iso(this.now());
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
    if ((query.pageNum - 1) * query.pageSize >= total) return { total, list: [] };
    const titleHit = sql<number>`CASE WHEN ${containsText('title', query.keyword.trim())} THEN 1 ELSE 0 END`;
    const page = base
      .select('id')
      .orderBy('ifTop', 'desc')
      .orderBy(titleHit, 'desc')
      .orderBy('docDate', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize);
    // The title-first order sorts every match (7 ms for the most common word at 100,000
    // items): a page's ids are kept as its count is, until the content or the time changes
    // them (ids only, so what is kept stays small); the hits are read by id.
    const ids = await this.keep(countKey(page, nowIso), nowIso, async () =>
      (await page.execute()).map((row) => row.id),
    );
    const rows = ids.length
      ? await this.db
          .selectFrom('searchDoc')
          .select(['id', 'infoTable', 'objId', 'typeId', 'title', 'summary', 'ifTop', 'docDate'])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(rows.map(({ id, ...hit }) => [id, hit]));
    const list = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { total, list };
  }
}
