import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database, JobState } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';

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

/**
 * The job table as the queue (queue.ts) reads and writes it: asking for work, the claim
 * that hands a due job to one process only, and the end of a run. Every write of a run is
 * guarded by this process's lock on the row.
 */
export class JobStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly now: Clock,
    /** This process, as the claims name it. */
    private readonly workerId: string,
  ) {}

  /** A new row, or none when the key has one (`again`: a done or failed one is queued anew). */
  async add(
    kind: string,
    key: string,
    payload: unknown,
    options: { runAfter?: Date; again?: boolean; requester?: string },
  ): Promise<void> {
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
  private due(at: string, kinds: string[]) {
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
  async claim(
    kinds: ReadonlyMap<string, { timeoutMs: number }>,
  ): Promise<(Job & { payload: string }) | undefined> {
    const names = [...kinds.keys()];
    const now = this.now();
    const at = iso(now);
    const lockedUntil = (kind: string) =>
      iso(new Date(now.getTime() + (kinds.get(kind)?.timeoutMs ?? 0) + LOCK_MARGIN_MS));
    if (this.dialect === 'postgres') {
      // Skips rows another process is claiming this instant; the outer WHERE checks again.
      // The lock is the longest time limit of the kinds (the row's kind is not known yet).
      const longest = Math.max(0, ...[...kinds.values()].map((kind) => kind.timeoutMs));
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
            .where(this.due(at, names))
            .orderBy((eb) => this.byTurn(eb))
            .orderBy('job.runAfter')
            .orderBy('job.id')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .where(this.due(at, names))
        .returning([...JOB_COLUMNS, 'payload'])
        .executeTakeFirst();
    }
    for (;;) {
      const seen = await this.db
        .selectFrom('job')
        .select(['id', 'kind', 'state', 'lockedUntil'])
        .where(this.due(at, names))
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

  async finish(job: { id: number }, state: 'done' | 'failed', error: string | null) {
    await this.release(job, { state }, error);
  }

  async requeue(job: { id: number }, runAfter: Date, attempts: number, error: string | null) {
    await this.release(job, { state: 'queued', attempts, runAfter: iso(runAfter) }, error);
  }

  /** Lets go of a job this worker is running: its next state, and the error it ended with. */
  private async release(
    job: { id: number },
    next: { state: 'done' | 'failed' | 'queued'; attempts?: number; runAfter?: string },
    error: string | null,
  ) {
    await this.db
      .updateTable('job')
      .set({
        ...next,
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
}

/** For tests and tools: a job's row as stored. */
export const jobRow = (db: Kysely<Database>, key: string) =>
  db.selectFrom('job').selectAll().where('key', '=', key).executeTakeFirst();
