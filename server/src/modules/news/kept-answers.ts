import { type CompiledQuery, type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import { CountCache, type KeepOptions } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';

/** Lists longer than this read their counters with a statement built for them (pages are ≤ 50). */
const COMPILED_UP_TO = 64;

/** The fields of a news answer that views and likes change without a new content version. */
interface Counted {
  newId: number;
  viewCount: number;
  flowerCount: number;
}

/** The JSON size of an answer in memory, roughly: two bytes a character. */
const sizeOf = (answer: unknown) => JSON.stringify(answer).length * 2;

/**
 * What the public news calls answer an anonymous caller, kept between content changes
 * (issue 20: API p99 under 10 ms at 100,000 news): a kept answer is served without its
 * queries. It is the same for every anonymous caller (staff get theirs fresh, so
 * staff-only and unpublished items never enter it), kept under the site's content version
 * and the next scheduled item as the kept counts are (CountCache), and until a 新 badge
 * in it runs out. Views and likes change an item without a new version, so an answer's
 * counters are read fresh on every request: one statement over the answer's ids.
 */
export class KeptAnswers {
  private readonly cache: CountCache;
  /** The counters statement per number of ids, compiled once (building it costs more than running it). */
  private readonly counterQueries = new Map<number, CompiledQuery>();

  constructor(private readonly db: Kysely<Database>) {
    this.cache = new CountCache(db, 'news-answers');
  }

  /** The answer under `key` (what it depends on besides the time), computed by `query` when not kept. */
  keep<T>(
    key: unknown[],
    nowIso: string,
    query: () => Promise<T>,
    until?: KeepOptions<T>['until'],
  ): Promise<T> {
    return this.cache.keep(JSON.stringify(key), nowIso, query, { until, size: sizeOf });
  }

  /** Copies of `items` with their view and like counts as they are now. */
  async withCounters<T extends Counted>(items: readonly T[]): Promise<T[]> {
    if (!items.length) return [];
    const ids = items.map((item) => item.newId);
    const { rows } = await this.db.executeQuery<{
      id: number;
      viewCount: number;
      flowerCount: number;
    }>(withParameters(this.counters(ids.length), ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return items.map((item) => {
      const now = byId.get(item.newId);
      // Gone since it was kept: the next content version drops the answer; keep its counts.
      return now ? { ...item, viewCount: now.viewCount, flowerCount: now.flowerCount } : item;
    });
  }

  private counters(n: number): CompiledQuery {
    const kept = this.counterQueries.get(n);
    if (kept) return kept;
    const query = this.db
      .selectFrom('news')
      .select(['id', 'viewCount', 'flowerCount'])
      .where(
        'id',
        'in',
        Array.from({ length: n }, (_, i) => i),
      )
      .compile();
    // Its parameters are the ids in order, so another list's ids can take their place.
    if (query.parameters.length !== n) throw new Error('news counters: parameters are not the ids');
    if (n <= COMPILED_UP_TO) this.counterQueries.set(n, query);
    return query;
  }
}
