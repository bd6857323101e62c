import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, type TestClock } from '../../../test-kit/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test-kit/database.js';
import { JobQueue, jobRow, type JobKind } from '../queue.js';

/** A kind whose runs the test decides: each run takes the next answer (or waits for its abort). */
function scripted(
  kind: string,
  answers: Array<'ok' | 'fail' | 'hang'>,
  extra: Partial<JobKind> = {},
) {
  const runs: unknown[] = [];
  const job: JobKind<{ n?: number }> = {
    kind,
    timeoutMs: 60_000,
    maxAttempts: 3,
    retryDelayMs: 60_000,
    ...extra,
    run: (payload, signal) => {
      runs.push(payload);
      const answer = answers.shift() ?? 'ok';
      if (answer === 'ok') return Promise.resolve();
      if (answer === 'fail') return Promise.reject(new Error('坏了'));
      return new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    },
  };
  return { job, runs };
}

describe('the durable job queue', () => {
  let database: TestDatabase;
  let clock: TestClock;
  const queues: JobQueue[] = [];
  const queue = () => {
    const made = new JobQueue(database.db, database.dialect, clock.now);
    queues.push(made);
    return made;
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = createTestClock();
  });
  afterEach(async () => {
    for (const made of queues.splice(0)) await made.stop();
    await database.close();
  });

  it('keeps one job per key, runs due jobs in order and leaves a done job done', async () => {
    const q = queue();
    const { job, runs } = scripted('k', []);
    q.register(job);
    const first = await q.enqueue('k', 'a', { n: 1 });
    const again = await q.enqueue('k', 'a', { n: 9 });
    expect(again.id).toBe(first.id);
    await q.enqueue('k', 'b', { n: 2 }, { runAfter: new Date(clock.now().getTime() + 60_000) });
    await q.enqueue('k', 'c', { n: 3 });
    expect(await q.position((await q.find('c'))!)).toBe(1);
    expect(await q.runOnce()).toBe(true);
    expect(await q.runOnce()).toBe(true);
    // b is not due yet.
    expect(await q.runOnce()).toBe(false);
    expect(runs).toEqual([{ n: 1 }, { n: 3 }]);
    expect((await q.find('a'))!.state).toBe('done');
    clock.advanceMinutes(1);
    expect(await q.runOnce()).toBe(true);
    expect(runs).toEqual([{ n: 1 }, { n: 3 }, { n: 2 }]);
    // Asked again: a done job stays done unless `again`.
    expect((await q.enqueue('k', 'a', {})).state).toBe('done');
    expect((await q.enqueue('k', 'a', { n: 4 }, { again: true })).state).toBe('queued');
  });

  it('tries a failed job again after a delay, up to its limit, then marks it failed', async () => {
    const q = queue();
    const { job, runs } = scripted('k', ['fail', 'fail', 'fail']);
    q.register(job);
    await q.enqueue('k', 'x', {});
    await q.runOnce();
    let row = await jobRow(database.db, 'x');
    expect(row).toMatchObject({ state: 'queued', attempts: 1, error: '坏了' });
    // Not before its delay (one minute after the first failure, two after the second).
    expect(await q.runOnce()).toBe(false);
    clock.advanceMinutes(1);
    await q.runOnce();
    clock.advanceMinutes(1);
    expect(await q.runOnce()).toBe(false);
    clock.advanceMinutes(1);
    await q.runOnce();
    row = await jobRow(database.db, 'x');
    expect(row).toMatchObject({ state: 'failed', attempts: 3, error: '坏了', lockedBy: null });
    expect(runs).toHaveLength(3);
  });

  it('aborts a run past its time limit and counts it as a failure', async () => {
    const q = queue();
    const { job } = scripted('k', ['hang'], { timeoutMs: 50, maxAttempts: 1 });
    q.register(job);
    await q.enqueue('k', 'slow', {});
    await q.runOnce();
    expect(await jobRow(database.db, 'slow')).toMatchObject({
      state: 'failed',
      error: '超过0秒未完成',
    });
  });

  it('takes over a job whose process died once its lock runs out, never before', async () => {
    const dead = queue();
    dead.register(scripted('k', []).job);
    const alive = queue();
    const { job, runs } = scripted('k', []);
    alive.register(job);
    await alive.enqueue('k', 'orphan', { n: 1 });
    // The dead process claimed it and never finished.
    expect((await dead.claim())!.key).toBe('orphan');
    expect(await alive.runOnce()).toBe(false);
    clock.advanceMinutes(1);
    expect(await alive.runOnce()).toBe(false);
    // The lock is the kind's time limit (1 min) and a margin (30 s).
    clock.advanceMinutes(1);
    expect(await alive.runOnce()).toBe(true);
    expect(runs).toEqual([{ n: 1 }]);
    expect(await jobRow(database.db, 'orphan')).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('lets two processes claim at once without running a job twice', async () => {
    const a = queue();
    const b = queue();
    a.register(scripted('k', []).job);
    b.register(scripted('k', []).job);
    for (let n = 0; n < 12; n++) await a.enqueue('k', `j${n}`, { n });
    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).claim()));
    const keys = claims.flatMap((claim) => (claim ? [claim.key] : []));
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
  });

  it('queues a job its stopping process was running again at once, its attempt not counted', async () => {
    const q = queue();
    const { job } = scripted('k', ['hang']);
    q.register(job);
    q.start();
    await q.enqueue('k', 'cut', {});
    for (let i = 0; i < 200 && (await jobRow(database.db, 'cut'))!.state !== 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await q.stop();
    expect(await jobRow(database.db, 'cut')).toMatchObject({
      state: 'queued',
      attempts: 0,
      lockedBy: null,
    });
    // The next process takes it at once.
    const next = queue();
    const after = scripted('k', ['ok']);
    next.register(after.job);
    expect(await next.runOnce()).toBe(true);
    expect(await jobRow(database.db, 'cut')).toMatchObject({ state: 'done' });
  });

  it('queues a job claimed as its process stops again at once, without running it', async () => {
    const q = queue();
    const { job, runs } = scripted('k', ['hang']);
    q.register(job);
    await q.enqueue('k', 'cut', {});
    // The worker's first claim is under way when the stop comes.
    q.start();
    await q.stop();
    expect(runs).toHaveLength(0);
    expect(await jobRow(database.db, 'cut')).toMatchObject({
      state: 'queued',
      attempts: 0,
      lockedBy: null,
    });
  });

  it('runs a recurring job again after its interval', async () => {
    const q = queue();
    const { job, runs } = scripted('daily', [], { repeatMs: 24 * 3_600_000 });
    q.register(job);
    await q.schedule('daily', 'daily');
    await q.schedule('daily', 'daily');
    expect(await q.runOnce()).toBe(true);
    expect(await q.runOnce()).toBe(false);
    expect(await jobRow(database.db, 'daily')).toMatchObject({
      state: 'queued',
      runAfter: '2026-03-03T08:00:00.000Z',
    });
    clock.advanceMinutes(24 * 60);
    expect(await q.runOnce()).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('never claims a kind this process does not run', async () => {
    const q = queue();
    q.register(scripted('mine', []).job);
    await q.enqueue('theirs', 'other', {});
    expect(await q.runOnce()).toBe(false);
    expect((await q.find('other'))!.state).toBe('queued');
  });
});
