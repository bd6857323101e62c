import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestClock,
  type TestApp,
  type TestClock,
} from '../../../test-kit/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test-kit/database.js';
import { createFile, createStaff } from '../../../test-kit/factories.js';
import { JobQueue } from '../../jobs/queue.js';

describe('the job queue takes turns per person', () => {
  let database: TestDatabase;
  let clock: TestClock;
  const queues: JobQueue[] = [];
  const ran: string[] = [];
  /** A queue whose `convert` runs record their key, or hang until aborted when `hang` says. */
  const queue = (hang = false) => {
    const made = new JobQueue(database.db, database.dialect, clock.now);
    made.register<{ name: string }>({
      kind: 'convert',
      timeoutMs: 60_000,
      maxAttempts: 1,
      run: ({ name }, signal) => {
        ran.push(name);
        if (!hang) return Promise.resolve();
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      },
    });
    queues.push(made);
    return made;
  };
  const ask = (q: JobQueue, name: string, requester?: string) =>
    q.enqueue('convert', name, { name }, { requester });

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = createTestClock();
    ran.length = 0;
  });
  afterEach(async () => {
    for (const made of queues.splice(0)) await made.stop();
    await database.close();
  });

  it('runs a colleague’s job second when one teacher queued two before it', async () => {
    const q = queue();
    await ask(q, 'a1', 'staff:1');
    await ask(q, 'a2', 'staff:1');
    await ask(q, 'b1', 'staff:2');
    while (await q.runOnce());
    expect(ran).toEqual(['a1', 'b1', 'a2']);
  });

  it('alternates between people, and a job nobody asked for is not held back', async () => {
    const q = queue();
    for (const name of ['a1', 'a2', 'a3']) await ask(q, name, 'staff:1');
    for (const name of ['b1', 'b2']) await ask(q, name, 'staff:2');
    await ask(q, 'purge');
    while (await q.runOnce());
    expect(ran).toEqual(['a1', 'b1', 'purge', 'a2', 'b2', 'a3']);
  });

  it('gives a second worker the colleague’s job while the teacher’s first one runs', async () => {
    const busy = queue(true);
    await ask(busy, 'a1', 'staff:1');
    await ask(busy, 'a2', 'staff:1');
    await ask(busy, 'a3', 'staff:1');
    await ask(busy, 'b1', 'staff:2');
    const first = await busy.claim();
    expect(first?.key).toBe('a1');
    // a1 runs on one worker; the other takes B's, not A's next.
    const other = queue();
    const second = await other.claim();
    expect(second?.key).toBe('b1');
    const third = await other.claim();
    expect(third?.key).toBe('a2');
  });
});

describe('an office preview records who asked for it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // Only the claims below take jobs.
    await t.services.jobs.stop();
  });
  afterAll(() => t?.close());

  it('queues a teacher’s previews under their name, and a colleague’s goes before their second', async () => {
    const teacherA = await createStaff(t.db, { name: '甲老师' });
    const teacherB = await createStaff(t.db, { name: '乙老师' });
    const doc = (n: string, by: number) =>
      createFile(t.services, `${n}.docx`, 'application/octet-stream', Buffer.from(n), by);
    const a1 = await doc('甲一', teacherA.id);
    const a2 = await doc('甲二', teacherA.id);
    const b1 = await doc('乙一', teacherB.id);
    const previews = t.services.officePreviews;
    expect((await previews.forFile(a1, 'docx', teacherA.id)).state).toBe('pending');
    expect((await previews.forFile(a2, 'docx', teacherA.id)).state).toBe('pending');
    // A share link's visitor: the turn is the document's uploader's.
    expect((await previews.forFile(b1, 'docx')).state).toBe('pending');
    const rows = await t.db
      .selectFrom('job')
      .select(['payload', 'requestedBy'])
      .where('kind', '=', 'office-preview')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [JSON.parse(row.payload).fileId, row.requestedBy])).toEqual([
      [a1, `staff:${teacherA.id}`],
      [a2, `staff:${teacherA.id}`],
      [b1, `staff:${teacherB.id}`],
    ]);
    const order: number[] = [];
    for (let job = await t.services.jobs.claim(); job; job = await t.services.jobs.claim()) {
      if (job.kind === 'office-preview') order.push(JSON.parse(job.payload).fileId);
    }
    expect(order).toEqual([a1, b1, a2]);
  });
});
