import { type Compilable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { nextDue, readContentVersion } from './content-version.js';
import type { Database } from './schema.js';
import { offsetOf, type Paging } from '../http/paging.js';

/** How many rows a list's query (before its selection) matches: the `total` of a page. */
export async function countRows<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number | string }).n);
}

/** The rows of one page: `.$call(onPage(paging))`. */
export const onPage =
  (paging: Paging) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.limit(paging.pageSize).offset(offsetOf(paging));

/**
 * One page of a list: `total` counted on `base` (the query before its
 * selection), `list` the rows `rows` selects and orders from it on this page,
 * each made an item by `item`.
 */
export async function pageOf<DB, TB extends keyof DB, O, Row, Item>(
  base: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  rows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  item: (row: Row) => Item,
): Promise<{ total: number; list: Item[] }> {
  const total = await countRows(base);
  const found = await rows(base).$call(onPage(paging)).execute();
  return { total, list: found.map(item) };
}

/**
 * Counts of lists and searches (and the search's pages) kept in memory
 * between changes, so a list's `total` is not recounted over every match on
 * each request (at 100,000 news a column's count read ~10,000 index entries,
 * the count of the search's most common word ~77,000 entries and 50 ms). An
 * answer is kept under the site's content version (db/content-version.ts,
 * raised with every write to news and search entries, migration 0028) and
 * until the next scheduled item's date, when an item goes live by itself:
 * each request reads the version (one primary-key row), so every process sees a
 * change at once, whoever made it. Counts are exact, never capped.
 */
export class CountCache {
  private stamp: number | null = null;
  /** The time the kept answers were read from on (a test clock may go back). */
  private from = '';
  /** ISO time of the next scheduled item; the kept answers hold until then. */
  private until = '';
  private readonly kept = new Map<string, unknown>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit = 2000,
  ) {}

  /**
   * The count `query` answers: kept under `key` (what the count depends on,
   * besides the time) while the content and `nowIso`'s scheduled items hold.
   */
  count(key: string, nowIso: string, query: () => Promise<number>): Promise<number> {
    return this.keep(`count ${key}`, nowIso, query);
  }

  /** Any answer that depends only on news and search entries and the time, kept as a count is. */
  async keep<T>(key: string, nowIso: string, query: () => Promise<T>): Promise<T> {
    await this.refresh(nowIso);
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const stamp = this.stamp;
    const answer = await query();
    // A write between the stamp's read and the query: keep nothing, the next call asks again.
    if (stamp === this.stamp) {
      if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(key, answer);
    }
    return answer;
  }

  private async refresh(nowIso: string) {
    const stamp = await readContentVersion(this.db);
    if (stamp === this.stamp && this.from <= nowIso && nowIso < this.until) return;
    this.kept.clear();
    this.stamp = stamp;
    this.from = nowIso;
    // No scheduled item: the counts hold until the content changes.
    this.until = (await nextDue(this.db, nowIso)) ?? '\uffff';
  }
}

/** The key of a count: its query's SQL and parameters, the time left out (CountCache keeps that). */
export function countKey(query: Compilable, nowIso: string): string {
  const { sql: text, parameters } = query.compile();
  return JSON.stringify([text, parameters.map((p) => (p === nowIso ? null : p))]);
}
