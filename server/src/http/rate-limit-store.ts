import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Where a count stands: requests in the window so far, and milliseconds until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** How often windows that ended are deleted (each process does it; the delete is idempotent). */
const PRUNE_MS = 5 * 60_000;

/** Keys are client addresses; anything longer is cut to what the column holds. */
const KEY_MAX = 255;

/** Stand-ins for the key and the times in the compiled count statement. */
const KEY_SLOT = '\u0000key';
const NOW_SLOT = -987654321;
const ENDED_SLOT = -987654322;

/**
 * The API's rate limit counted in the database (table api_rate_limit), so
 * that the processes of one site share one count per client address: a
 * process per core would otherwise each allow the full limit. A request costs
 * one statement, an upsert that starts a new window when the key's last one
 * has ended and adds one otherwise, and answers the count (`store` is the
 * @fastify/rate-limit store over it). Windows run on the process's clock,
 * as the plugin's own in-memory store does.
 */
export class DatabaseRateLimits {
  /** The count statement, compiled once (building it costs more than running it). */
  private readonly count: ReturnType<typeof compileCount>;
  /** The longest window asked for: older rows are pruned. */
  private longestWindow = 60_000;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {
    this.count = compileCount(db);
  }

  /** Counts one request of `key` in a window of `timeWindow` ms; answers the count. */
  async hit(key: string, timeWindow: number): Promise<RateLimitCount> {
    const now = this.now();
    if (timeWindow > this.longestWindow) this.longestWindow = timeWindow;
    const { query, slots } = this.count;
    const parameters = [...query.parameters];
    for (const i of slots.key) parameters[i] = key.slice(0, KEY_MAX);
    for (const i of slots.now) parameters[i] = now;
    for (const i of slots.ended) parameters[i] = now - timeWindow;
    const { rows } = await this.db.executeQuery<{ hits: number; windowStart: number }>(
      CompiledQuery.raw(query.sql, parameters),
    );
    const row = rows[0]!;
    return {
      current: Number(row.hits),
      ttl: Math.max(0, Number(row.windowStart) + timeWindow - now),
    };
  }

  /** The count of `key` without counting (the plugin's `increment: false`). */
  async peek(key: string, timeWindow: number): Promise<RateLimitCount> {
    const now = this.now();
    const row = await this.db
      .selectFrom('apiRateLimit')
      .select(['hits', 'windowStart'])
      .where('key', '=', key.slice(0, KEY_MAX))
      .executeTakeFirst();
    const start = row ? Number(row.windowStart) : 0;
    if (!row || start <= now - timeWindow) return { current: 0, ttl: 0 };
    return { current: Number(row.hits), ttl: start + timeWindow - now };
  }

  /** Deletes the counts whose window has ended (they would start anew anyway). */
  async prune(): Promise<void> {
    await this.db
      .deleteFrom('apiRateLimit')
      .where('windowStart', '<=', this.now() - this.longestWindow)
      .execute();
  }

  /** Prunes every few minutes while `app` runs. */
  pruneWhileRunning(app: FastifyInstance): void {
    const timer = setInterval(() => {
      this.prune().catch((err: unknown) => app.log.warn({ err }, 'rate limit: prune failed'));
    }, PRUNE_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  /**
   * The store class @fastify/rate-limit makes (it calls `new` itself), over
   * these counts. A count that fails is logged by `onError` and handed to the
   * plugin as an error (its skipOnError decides).
   */
  store(onError: (err: unknown) => void): FastifyRateLimitStoreCtor {
    const hit = (key: string, timeWindow: number) => this.hit(key, timeWindow);
    const peek = (key: string, timeWindow: number) => this.peek(key, timeWindow);
    const answer =
      (callback: (error: Error | null, result?: RateLimitCount) => void) =>
      (work: Promise<RateLimitCount>) =>
        work.then(
          (result) => callback(null, result),
          (err: unknown) => {
            onError(err);
            callback(err instanceof Error ? err : new Error(String(err)));
          },
        );
    class DatabaseStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: RateLimitCount) => void,
        timeWindow: number,
      ): void {
        void answer(callback)(hit(key, timeWindow));
      }

      read(
        key: string,
        callback: (error: Error | null, result?: RateLimitCount) => void,
        timeWindow: number,
      ): void {
        void answer(callback)(peek(key, timeWindow));
      }

      child(): FastifyRateLimitStore {
        return new DatabaseStore();
      }
    }
    return DatabaseStore;
  }
}

/**
 * The count statement with stand-ins, and where they sit among its
 * parameters. On conflict both assignments see the row as it was, so a window
 * that ended restarts at 1 from now, and a live one adds one.
 */
function compileCount(db: Kysely<Database>) {
  const query = db
    .insertInto('apiRateLimit')
    .values({ key: KEY_SLOT, hits: 1, windowStart: NOW_SLOT })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when api_rate_limit.window_start <= ${ENDED_SLOT} then 1 else api_rate_limit.hits + 1 end`,
        windowStart: sql<number>`case when api_rate_limit.window_start <= ${ENDED_SLOT} then ${NOW_SLOT} else api_rate_limit.window_start end`,
      }),
    )
    .returning(['hits', 'windowStart'])
    .compile();
  const slotsOf = (value: unknown) =>
    query.parameters.flatMap((parameter, i) => (parameter === value ? [i] : []));
  const slots = { key: slotsOf(KEY_SLOT), now: slotsOf(NOW_SLOT), ended: slotsOf(ENDED_SLOT) };
  if (!slots.key.length || slots.now.length !== 2 || slots.ended.length !== 2) {
    throw new Error('rate limit: stand-ins lost');
  }
  return { query, slots };
}
