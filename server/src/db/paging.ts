import { type Compilable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { Kept } from '../cache/kept.js';
import { nextDue, readContentVersion } from './content-version.js';
import type { Database } from './schema.js';
import { siteVersionOf } from './site-version.js';

/** The page a list call asks for (pageNum from 1); http/paging.ts reads it from the body. */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

export const offsetOf = ({ pageNum, pageSize }: Paging) => (pageNum - 1) * pageSize;

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
 * selection), `list` the rows `rows` selects and orders from it on this page
 * (joining what the count need not read), each made an item by `item`.
 */
export async function pageOf<DB, TB extends keyof DB, O, Joined extends keyof DB, Row, Item>(
  base: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  rows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, Joined, Row>,
  item: (row: Row) => Item,
): Promise<{ total: number; list: Item[] }> {
  const total = await countRows(base);
  const found = await rows(base).$call(onPage(paging)).execute();
  return { total, list: found.map(item) };
}

/** How an answer `keep` holds is kept, besides the content version and the next due item. */
export interface KeepOptions<T> {
  /**
   * The ISO time at which the answer changes by itself though nothing was written (a 新
   * badge that runs out): it is not served from then on. Undefined: it holds as long as
   * the content does.
   */
  until?: (answer: T) => string | undefined;
  /** About how many bytes the answer holds, counted against the cache's byte limit. */
  size?: (answer: T) => number;
}

interface Answer {
  value: unknown;
  until: string;
  bytes: number;
}

/**
 * Counts of lists and searches (and the search's pages, and the public API's answers)
 * kept in memory between changes, so a list's `total` is not recounted over every match on
 * each request (at 100,000 news a column's count read ~10,000 index entries, the count of
 * the search's most common word ~77,000 entries and 50 ms). An answer is kept under the
 * site's content version (db/content-version.ts, raised with every write to a content
 * table, migration 0028) and until the next scheduled item's date, when an item goes live
 * by itself. The version is the process's SiteVersion (db/site-version.ts), which hears
 * this process's commits as they happen and other processes' through the cluster bus and
 * its poll of the row; where none polls (a seeder, a script) each request reads the
 * version row instead. Counts are exact, never capped. Bounded: at most `limit` answers
 * and `maxBytes` bytes, the least recently used out first; a burst of requests for one
 * missing answer computes it once.
 */
export class CountCache {
  private stamp: number | null = null;
  /** The time the kept answers were read from on (a test clock may go back). */
  private from = '';
  /** ISO time of the next scheduled item; the kept answers hold until then. */
  private until = '';
  private readonly kept: Kept<Answer>;
  /** Answers being computed under the current stamp, so a burst of misses computes once. */
  private readonly pending = new Map<string, Promise<unknown>>();

  /** `name`: what its lookups are counted under (cache/kept.ts, on the shared store). */
  constructor(
    private readonly db: Kysely<Database>,
    name: string,
  ) {
    this.kept = new Kept<Answer>({ name, bytesOf: (answer) => answer.bytes });
  }

  /**
   * The count `query` answers: kept under `key` (what the count depends on,
   * besides the time) while the content and `nowIso`'s scheduled items hold.
   */
  count(key: string, nowIso: string, query: () => Promise<number>): Promise<number> {
    return this.keep(`count ${key}`, nowIso, query);
  }

  /**
   * Any answer that depends only on the site's content and the time, kept as a count is.
   * What it answers may be shared by concurrent callers: never change it.
   */
  async keep<T>(
    key: string,
    nowIso: string,
    query: () => Promise<T>,
    options: KeepOptions<T> = {},
  ): Promise<T> {
    // The version could not be read: answer, keep nothing.
    if (!(await this.refresh(nowIso))) return query();
    const hit = this.kept.get(key);
    if (hit && nowIso < hit.until) return hit.value as T;
    if (hit) this.kept.delete(key);
    const computing = this.pending.get(key);
    if (computing) return computing as Promise<T>;
    const stamp = this.stamp;
    const work = query().then((answer) => {
      // A newer stamp came while computing: the answer may be older than it, keep nothing.
      if (stamp === this.stamp) this.store(key, answer, options);
      return answer;
    });
    this.pending.set(key, work);
    const done = () => {
      if (this.pending.get(key) === work) this.pending.delete(key);
    };
    work.then(done, done);
    return work;
  }

  private store<T>(key: string, answer: T, options: KeepOptions<T>) {
    const own = options.until?.(answer);
    const until = own !== undefined && own < this.until ? own : this.until;
    const bytes = options.size?.(answer) ?? (JSON.stringify(answer)?.length ?? 0) * 2;
    this.kept.set(key, { value: answer, until, bytes });
  }

  /** Brings the stamp up to date; false when the version cannot be known now. */
  private async refresh(nowIso: string): Promise<boolean> {
    const live = siteVersionOf(this.db);
    let stamp: number;
    let due: () => Promise<string | undefined>;
    if (live?.live) {
      const freshness = await live.fresh();
      if (!freshness) return false;
      stamp = freshness.version;
      due = async () =>
        freshness.expiresAt === Infinity ? undefined : new Date(freshness.expiresAt).toISOString();
    } else {
      stamp = await readContentVersion(this.db);
      due = () => nextDue(this.db, nowIso);
    }
    if (stamp === this.stamp && this.from <= nowIso && nowIso < this.until) return true;
    // No scheduled item: the answers hold until the content changes.
    const until = (await due()) ?? '\uffff';
    this.kept.clear();
    this.pending.clear();
    this.stamp = stamp;
    this.from = nowIso;
    this.until = until;
    return true;
  }
}

/** The key of a count: its query's SQL and parameters, the time left out (CountCache keeps that). */
export function countKey(query: Compilable, nowIso: string): string {
  const { sql: text, parameters } = query.compile();
  return JSON.stringify([text, parameters.map((p) => (p === nowIso ? null : p))]);
}
