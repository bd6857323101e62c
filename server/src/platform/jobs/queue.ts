import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../time.js';
import { JobStore, type Job } from './store.js';

export { jobRow, type Job } from './store.js';

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
  private readonly store: JobStore;

  constructor(
    db: Kysely<Database>,
    dialect: DialectName,
    private readonly now: Clock,
  ) {
    this.store = new JobStore(db, dialect, now, this.workerId);
  }

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
    await this.store.add(kind, key, payload, options);
    this.wake();
    return (await this.find(key))!;
  }

  find(key: string): Promise<Job | undefined> {
    return this.store.find(key);
  }

  /** Queued jobs due before this one (0: it is next). */
  position(job: Job): Promise<number> {
    return this.store.position(job);
  }

  /** Takes the next due job of a registered kind for this process, or answers undefined. */
  claim() {
    return this.store.claim(this.kinds);
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
      await this.store.requeue(job, this.now(), job.attempts - 1, null);
      return true;
    }
    const kind = this.kinds.get(job.kind)!;
    if (job.attempts > kind.maxAttempts) {
      // Taken over from stopped processes more often than it may run: it stopped them.
      await this.store.finish(job, 'failed', '多次运行均未完成');
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
        await this.store.requeue(job, new Date(this.now().getTime() + kind.repeatMs), 0, null);
      } else {
        await this.store.finish(job, 'done', null);
      }
    } catch (err) {
      if (controller.signal.reason instanceof Stopped) {
        // This process stops: the run does not count, the job waits for the next start.
        await this.store.requeue(job, this.now(), job.attempts - 1, null);
      } else {
        const reason = controller.signal.aborted
          ? `超过${Math.round(kind.timeoutMs / 1000)}秒未完成`
          : err instanceof Error
            ? err.message
            : String(err);
        this.log?.warn({ err, job: job.key }, 'job failed');
        if (job.attempts >= kind.maxAttempts) await this.store.finish(job, 'failed', reason);
        else {
          const delay = (kind.retryDelayMs ?? 30_000) * job.attempts;
          await this.store.requeue(
            job,
            new Date(this.now().getTime() + delay),
            job.attempts,
            reason,
          );
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
