import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, JobState } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';

/** A kind of background work, registered by the area that does it. */
export interface JobKind<Payload = unknown> {
  kind: string;
  /** How long one run may take: then its signal aborts (the run kills what it started). */
  timeoutMs: number;
  /** Runs in all; a failed run before the last is tried again after `retryDelayMs`. */
  maxAttempts: number;
  retryDelayMs?: number;
  /** A recurring job (a daily purge): after a run it waits this long and runs again. */
  repeatMs?: number;
  run(payload: Payload, signal: AbortSignal): Promise<void>;
}

export interface Job {
  id: number;
  kind: string;
  key: string;
  state: JobState;
  attempts: number;
  runAfter: string;
  lockedUntil: string | null;
  error: string | null;
  updatedAt: string;
}

const JOB_COLUMNS = [
  'id',
  'kind',
  'key',
  'state',
  'attempts',
  'runAfter',
  'lockedUntil',
  'error',
  'updatedAt',
] as const;

/** A claim holds a job this much longer than its time limit (the stop of a killed run). */
const LOCK_MARGIN_MS = 30_000;
/** How often an idle worker looks for due jobs another process queued (its own wake it). */
const POLL_MS = 2_000;
/** A run that ignores its abort is given up on after this. */
const ABORT_GRACE_MS = 5_000;

class Stopped extends Error {}

/**
 * The durable job queue (issue 19): jobs are rows (`job`, one per dedupe
 * key), so they outlive the process. One worker per process runs one job at
 * a time (office conversions take a core each; this school runs on two). A
 * claim is a guarded UPDATE — on PostgreSQL of the row `FOR UPDATE SKIP
 * LOCKED` picked, on SQLite of the row seen, only while it still is in the
 * state seen — so several processes never run one job twice. A claim locks
 * the job for its time limit and a margin: a job left running by a process
 * that died is taken again once its lock ran out; a process that stops
 * cleanly aborts its run and queues the job again at once. Areas register
 * their kinds (`register`) and ask for work (`enqueue`).
 */
export class JobQueue {
  /** This process, as the claims name it. */
  readonly workerId = randomUUID();
  private readonly kinds = new Map<string, JobKind<never>>();
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private woken = false;
  private current?: AbortController;
  private log?: FastifyBaseLogger;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: Clock,
  ) {}

  register<Payload>(kind: JobKind<Payload>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind as JobKind<never>);
  }

  /**
   * Asks for a job: a new row, or the job already waiting or running under
   * `key` (the same work asked twice is one job). `again`: a job of the key
   * that is done or failed is queued once more.
   */
  async enqueue(
    kind: string,
    key: string,
    payload: unknown,
    options: { runAfter?: Date; again?: boolean; requester?: string } = {},
  ): Promise<Job> {
    const at = iso(this.now());
    const runAfter = iso(options.runAfter ?? this.now());
    await this.db
      .insertInto('job')
      .values({
        kind,
        key,
        payload: JSON.stringify(payload ?? {}),
        state: 'queued',
        attempts: 0,
        runAfter,
        requestedBy: options.requester ?? null,
        createdAt: at,
        updatedAt: at,
      })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    if (options.again) {
      await this.db
        .updateTable('job')
        .set({
          state: 'queued',
          attempts: 0,
          runAfter,
          error: null,
          lockedUntil: null,
          lockedBy: null,
          payload: JSON.stringify(payload ?? {}),
          requestedBy: options.requester ?? null,
          updatedAt: at,
        })
        .where('key', '=', key)
        .where('state', 'in', ['done', 'failed'])
        .execute();
    }
    this.wake();
    return (await this.find(key))!;
  }

  find(key: string): Promise<Job | undefined> {
    return this.db.selectFrom('job').select(JOB_COLUMNS).where('key', '=', key).executeTakeFirst();
  }

  /** Queued jobs due before this one (0: it is next). */
  async position(job: Job): Promise<number> {
    const row = await this.db
      .selectFrom('job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where((eb) =>
        eb.or([
          eb('runAfter', '<', job.runAfter),
          eb.and([eb('runAfter', '=', job.runAfter), eb('id', '<', job.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Due: queued and its time come, or running under a lock that ran out (its process died). */
  private due(at: string) {
    const kinds = [...this.kinds.keys()];
    return (eb: ExpressionBuilder<Database, 'job'>) =>
      eb.and([
        eb('job.kind', 'in', kinds.length ? kinds : ['']),
        eb.or([
          eb.and([eb('job.state', '=', 'queued'), eb('job.runAfter', '<=', at)]),
          eb.and([eb('job.state', '=', 'running'), eb('job.lockedUntil', '<', at)]),
        ]),
      ]);
  }

  /**
   * Turns per person: among due jobs, first those whose requester has had
   * the fewest of their jobs run (running, done or failed) since this one
   * was queued, then the oldest. So two of one teacher's conversions queued
   * before a colleague's let the colleague's run second, people take turns
   * while their jobs wait, and while one teacher's job runs another worker
   * takes someone else's. Jobs asked by nobody (a daily purge) always count
   * as first in their turn.
   */
  private byTurn(eb: ExpressionBuilder<Database, 'job'>) {
    return eb
      .selectFrom('job as mine')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('mine.requestedBy', '=', 'job.requestedBy')
      .whereRef('mine.updatedAt', '>=', 'job.updatedAt')
      .where('mine.state', 'in', ['running', 'done', 'failed']);
  }

  /** Takes the next due job for this process, or answers undefined. */
  async claim(): Promise<(Job & { payload: string }) | undefined> {
    const now = this.now();
    const at = iso(now);
    const lockedUntil = (kind: string) =>
      iso(new Date(now.getTime() + (this.kinds.get(kind)?.timeoutMs ?? 0) + LOCK_MARGIN_MS));
    if (this.dialect === 'postgres') {
      // Skips rows another process is claiming this instant; the outer WHERE checks again.
      // The lock is the longest time limit of the kinds (the row's kind is not known yet).
      const longest = Math.max(0, ...[...this.kinds.values()].map((kind) => kind.timeoutMs));
      return this.db
        .updateTable('job')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          lockedBy: this.workerId,
          lockedUntil: iso(new Date(now.getTime() + longest + LOCK_MARGIN_MS)),
          updatedAt: at,
        }))
        .where('job.id', '=', (eb) =>
          eb
            .selectFrom('job')
            .select('job.id')
            .where(this.due(at))
            .orderBy((eb) => this.byTurn(eb))
            .orderBy('job.runAfter')
            .orderBy('job.id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .where(this.due(at))
        .returning([...JOB_COLUMNS, 'payload'])
        .executeTakeFirst();
    }
    for (;;) {
      const seen = await this.db
        .selectFrom('job')
        .select(['id', 'kind', 'state', 'lockedUntil'])
        .where(this.due(at))
        .orderBy((eb) => this.byTurn(eb))
        .orderBy('runAfter')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!seen) return undefined;
      // Only while the row is as it was seen: another process's claim in between wins.
      const row = await this.db
        .updateTable('job')
        .set((eb) => ({
          state: 'running',
          attempts: eb('attempts', '+', 1),
          lockedBy: this.workerId,
          lockedUntil: lockedUntil(seen.kind),
          updatedAt: at,
        }))
        .where('id', '=', seen.id)
        .where('state', '=', seen.state)
        .where((eb) =>
          seen.lockedUntil === null
            ? eb('lockedUntil', 'is', null)
            : eb('lockedUntil', '=', seen.lockedUntil),
        )
        .returning([...JOB_COLUMNS, 'payload'])
        .executeTakeFirst();
      if (row) return row;
    }
  }

  /** Claims one due job and runs it; answers whether there was one. */
  async runOnce(): Promise<boolean> {
    // Made before the claim, so a stop that comes while the claim is under way is heard.
    const controller = new AbortController();
    this.current = controller;
    let job: Awaited<ReturnType<JobQueue['claim']>>;
    try {
      job = await this.claim();
    } finally {
      if (this.current === controller) this.current = undefined;
    }
    if (!job) return false;
    if (controller.signal.reason instanceof Stopped) {
      // This process stopped as it claimed the job: it waits for the next start, not counted.
      await this.requeue(job, this.now(), job.attempts - 1, null);
      return true;
    }
    const kind = this.kinds.get(job.kind)!;
    if (job.attempts > kind.maxAttempts) {
      // Taken over from stopped processes more often than it may run: it stopped them.
      await this.finish(job, 'failed', '多次运行均未完成');
      return true;
    }
    this.current = controller;
    const timer = setTimeout(() => controller.abort(new Error('超时')), kind.timeoutMs);
    timer.unref?.();
    try {
      await this.withAbort(
        kind.run(JSON.parse(job.payload) as never, controller.signal),
        controller,
      );
      if (kind.repeatMs) {
        await this.requeue(job, new Date(this.now().getTime() + kind.repeatMs), 0, null);
      } else {
        await this.finish(job, 'done', null);
      }
    } catch (err) {
      if (controller.signal.reason instanceof Stopped) {
        // This process stops: the run does not count, the job waits for the next start.
        await this.requeue(job, this.now(), job.attempts - 1, null);
      } else {
        const reason = controller.signal.aborted
          ? `超过${Math.round(kind.timeoutMs / 1000)}秒未完成`
          : err instanceof Error
            ? err.message
            : String(err);
        this.log?.warn({ err, job: job.key }, 'job failed');
        if (job.attempts >= kind.maxAttempts) await this.finish(job, 'failed', reason);
        else {
          const delay = (kind.retryDelayMs ?? 30_000) * job.attempts;
          await this.requeue(job, new Date(this.now().getTime() + delay), job.attempts, reason);
        }
      }
    } finally {
      clearTimeout(timer);
      this.current = undefined;
    }
    return true;
  }

  /** The run, or its abort (a run that ignores its signal is left behind after a grace). */
  private withAbort(run: Promise<void>, controller: AbortController): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let grace: NodeJS.Timeout | undefined;
      controller.signal.addEventListener('abort', () => {
        grace = setTimeout(() => reject(controller.signal.reason), ABORT_GRACE_MS);
        grace.unref?.();
      });
      run.then(
        () => {
          clearTimeout(grace);
          if (controller.signal.aborted) reject(controller.signal.reason);
          else resolve();
        },
        (err: unknown) => {
          clearTimeout(grace);
          reject(controller.signal.aborted ? controller.signal.reason : err);
        },
      );
    });
  }

  private async finish(job: { id: number }, state: 'done' | 'failed', error: string | null) {
    await this.db
      .updateTable('job')
      .set({
        state,
        error: error?.slice(0, 1000) ?? null,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: iso(this.now()),
      })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('lockedBy', '=', this.workerId)
      .execute();
  }

  private async requeue(
    job: { id: number },
    runAfter: Date,
    attempts: number,
    error: string | null,
  ) {
    await this.db
      .updateTable('job')
      .set({
        state: 'queued',
        attempts,
        runAfter: iso(runAfter),
        error: error?.slice(0, 1000) ?? null,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: iso(this.now()),
      })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('lockedBy', '=', this.workerId)
      .execute();
  }

  /** Makes sure a recurring job exists (at start): its first run is due now. */
  async schedule(kind: string, key: string): Promise<void> {
    await this.enqueue(kind, key, {});
  }

  /** Starts the worker: one job after another, looking again every few seconds when idle. */
  start(log?: FastifyBaseLogger): void {
    if (this.running) return;
    this.running = true;
    this.log = log;
    this.loop = (async () => {
      while (this.running) {
        let worked = false;
        try {
          worked = await this.runOnce();
        } catch (err) {
          this.log?.warn({ err }, 'job queue: claim failed');
        }
        if (!worked && this.running) await this.idle();
      }
    })();
  }

  /** Looks for work now (a job was queued by this process). */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    // Asked while a claim is under way: the worker looks again before it idles.
    else this.woken = true;
  }

  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, POLL_MS);
      timer.unref?.();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }

  /** Stops the worker: a running job is aborted and queued again for the next start. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.current?.abort(new Stopped());
    this.wake();
    await this.loop;
  }

  /** Runs the worker while the app is up (tests close their apps, which stops it). */
  runWhile(app: FastifyInstance, atStart?: () => Promise<void>): void {
    app.addHook('onReady', async () => {
      await atStart?.();
      this.start(app.log);
    });
    app.addHook('onClose', async () => this.stop());
  }
}

/** For tests and tools: a job's row as stored. */
export const jobRow = (db: Kysely<Database>, key: string) =>
  db.selectFrom('job').selectAll().where('key', '=', key).executeTakeFirst();
