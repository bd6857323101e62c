import type { FastifyInstance } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import { withParameters } from '../db/compiled.js';
import type { Database } from '../db/schema.js';

/** Where a count stands: requests in the window so far, and milliseconds until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** How often windows that ended are deleted (each process does it; the delete is idempotent). */
const PRUNE_MS = 5 * 60_000;

/** How long hits far below the limit wait before they are added to the shared count. */
const SYNC_MS = 100;

/** Keys are client addresses; anything longer is cut to what the column holds. */
const KEY_MAX = 255;

/** Stand-ins for the key, the hits and the times in the compiled count statement. */
const KEY_SLOT = '\u0000key';
const HITS_SLOT = -987654320;
const NOW_SLOT = -987654321;
const ENDED_SLOT = -987654322;

/** What this process knows of a key's shared count. */
interface Known {
  /** The shared window, as the database answered it. */
  windowStart: number;
  timeWindow: number;
  /** The shared count at the last answer (this process's hits up to then included). */
  shared: number;
  /** This process's hits not yet added. */
  pending: number;
}

/**
 * The API's rate limit counted in the database (table api_rate_limit), so
 * that the processes of one site share one count per client address: a
 * process per core would otherwise each allow the full limit. Windows run on
 * the process's clock, as the plugin's own in-memory store does.
 *
 * A statement per request cost a third of the cheapest call's speed on one
 * SQLite process and two thirds with two processes (they queue for SQLite's
 * one write lock), so requests far from the limit are counted in batches: a
 * key's first request in a window and every request once this process sees
 * the key at half its limit or more are counted at once, one upsert that adds
 * them and what waited and answers the shared count; below half, a request is
 * counted here and added within SYNC_MS. Near the limit the count is thus the
 * database's; the most another process can be behind is what it let through
 * below half the limit in the last SYNC_MS. `store` is the @fastify/rate-limit
 * store over it.
 */
export class DatabaseRateLimits {
  /** The count statement, compiled once (building it costs more than running it). */
  private readonly count: ReturnType<typeof compileCount>;
  /** The longest window asked for: older rows are pruned. */
  private longestWindow = 60_000;
  private readonly known = new Map<string, Known>();
  private syncTimer: NodeJS.Timeout | undefined;

  private readonly now: () => number;
  private readonly onError: (err: unknown) => void;
  private readonly syncMs: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: {
      /** The clock windows run on (milliseconds). */
      now?: () => number;
      /** Where a count that failed is told. */
      onError?: (err: unknown) => void;
      /** How long hits far below the limit wait (SYNC_MS). */
      syncMs?: number;
    } = {},
  ) {
    this.count = compileCount(db);
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
    this.syncMs = options.syncMs ?? SYNC_MS;
  }

  /** Counts one request of `key` in a window of `timeWindow` ms, limit `max`; answers the count. */
  async hit(key: string, timeWindow: number, max = 0): Promise<RateLimitCount> {
    const now = this.now();
    const id = key.slice(0, KEY_MAX);
    if (timeWindow > this.longestWindow) this.longestWindow = timeWindow;
    const known = this.known.get(id);
    if (known && known.windowStart + timeWindow > now) {
      const current = known.shared + known.pending + 1;
      if (current * 2 < max) {
        known.pending += 1;
        this.syncSoon();
        return { current, ttl: known.windowStart + timeWindow - now };
      }
    } else if (known) {
      // The window ended: what waited belonged to it.
      known.pending = 0;
    }
    const waiting = known?.pending ?? 0;
    if (known) known.pending = 0;
    const { hits, windowStart } = await this.add(id, waiting + 1, timeWindow, now);
    return { current: hits, ttl: Math.max(0, windowStart + timeWindow - now) };
  }

  /** Adds `hits` to the shared count of `id`; answers it, and keeps what it answered. */
  private async add(id: string, hits: number, timeWindow: number, now: number) {
    const { query, slots } = this.count;
    const parameters = [...query.parameters];
    for (const i of slots.key) parameters[i] = id;
    for (const i of slots.hits) parameters[i] = hits;
    for (const i of slots.now) parameters[i] = now;
    for (const i of slots.ended) parameters[i] = now - timeWindow;
    const { rows } = await this.db.executeQuery<{ hits: number; windowStart: number }>(
      withParameters(query, parameters),
    );
    const answer = { hits: Number(rows[0]!.hits), windowStart: Number(rows[0]!.windowStart) };
    const known = this.known.get(id);
    if (!known || answer.windowStart > known.windowStart) {
      this.known.set(id, {
        windowStart: answer.windowStart,
        timeWindow,
        shared: answer.hits,
        pending: known?.pending ?? 0,
      });
    } else if (answer.windowStart === known.windowStart) {
      // Answers of one process may arrive out of order: the count only grows in a window.
      known.shared = Math.max(known.shared, answer.hits);
    }
    return answer;
  }

  private syncSoon(): void {
    this.syncTimer ??= setTimeout(() => {
      this.syncTimer = undefined;
      this.sync().catch(this.onError);
    }, this.syncMs);
    this.syncTimer.unref();
  }

  /** Adds the hits that wait to the shared counts, and forgets the windows that ended. */
  async sync(): Promise<void> {
    const now = this.now();
    const adds: Promise<unknown>[] = [];
    for (const [id, known] of this.known) {
      if (known.windowStart + known.timeWindow <= now) {
        this.known.delete(id);
      } else if (known.pending > 0) {
        const hits = known.pending;
        known.pending = 0;
        adds.push(this.add(id, hits, known.timeWindow, now));
      }
    }
    await Promise.all(adds);
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

  /** Deletes the counts whose window has ended (they would start anew anyway), here and there. */
  async prune(): Promise<void> {
    for (const [id, known] of this.known) {
      if (known.windowStart + known.timeWindow <= this.now() && known.pending === 0) {
        this.known.delete(id);
      }
    }
    await this.db
      .deleteFrom('apiRateLimit')
      .where('windowStart', '<=', this.now() - this.longestWindow)
      .execute();
  }

  /** Prunes every few minutes while `app` runs; what waits is added when it closes. */
  pruneWhileRunning(app: FastifyInstance): void {
    const timer = setInterval(() => {
      this.prune().catch((err: unknown) => app.log.warn({ err }, 'rate limit: prune failed'));
    }, PRUNE_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearTimeout(this.syncTimer);
      await this.sync().catch(this.onError);
    });
  }

  /**
   * The store class @fastify/rate-limit makes (it calls `new` itself), over
   * these counts. A count that fails goes to `onError` and to the plugin as an
   * error (its skipOnError decides).
   */
  store(): FastifyRateLimitStoreCtor {
    const onError = this.onError;
    const hit = (key: string, timeWindow: number, max: number) => this.hit(key, timeWindow, max);
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
        max: number,
      ): void {
        void answer(callback)(hit(key, timeWindow, max));
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
 * that ended restarts from now with the hits added, and a live one adds them.
 */
function compileCount(db: Kysely<Database>) {
  const query = db
    .insertInto('apiRateLimit')
    .values({ key: KEY_SLOT, hits: HITS_SLOT, windowStart: NOW_SLOT })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when api_rate_limit.window_start <= ${ENDED_SLOT} then ${HITS_SLOT} else api_rate_limit.hits + ${HITS_SLOT} end`,
        windowStart: sql<number>`case when api_rate_limit.window_start <= ${ENDED_SLOT} then ${NOW_SLOT} else api_rate_limit.window_start end`,
      }),
    )
    .returning(['hits', 'windowStart'])
    .compile();
  const slotsOf = (value: unknown) =>
    query.parameters.flatMap((parameter, i) => (parameter === value ? [i] : []));
  const slots = {
    key: slotsOf(KEY_SLOT),
    hits: slotsOf(HITS_SLOT),
    now: slotsOf(NOW_SLOT),
    ended: slotsOf(ENDED_SLOT),
  };
  if (
    !slots.key.length ||
    slots.hits.length !== 3 ||
    slots.now.length !== 2 ||
    slots.ended.length !== 2
  ) {
    throw new Error('rate limit: stand-ins lost');
  }
  return { query, slots };
}
