import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { demoContext, seedDemoReports } from '../demo-content.js';
import { seedDemoStaff } from '../demo-staff.js';
import { addVolume } from '../volume.js';
import { untruths } from './demo-truth-oracle.js';

/**
 * The demo reads true: a title's key words are in its body, the date fits the school calendar,
 * no body says a sentence twice and no two bodies are the same (demo-truth-oracle.ts), for
 * items sampled from the demo and from a volume run, at two fixed clocks of the school year.
 */

/** Every `step`th row, so a sample spreads over all columns and kinds. */
function spread<T>(rows: T[], size: number): T[] {
  const step = Math.max(1, Math.floor(rows.length / size));
  return rows.filter((_, i) => i % step === 0).slice(0, size);
}

function report(items: Array<{ title: string; content: string; date: Date }>, now: Date) {
  const problems = items.flatMap((item) =>
    untruths(item, now).map((p) => `${item.date.toISOString().slice(0, 10)} ${item.title}: ${p}`),
  );
  const bodies = new Map<string, string>();
  for (const item of items) {
    const other = bodies.get(item.content);
    if (other) problems.push(`same body: ${other} / ${item.title}`);
    bodies.set(item.content, item.title);
  }
  return problems;
}

describe.each(['2026-03-10T04:00:00.000Z', '2026-11-28T04:00:00.000Z'])(
  'the demo seeded on %s',
  (clock) => {
    const now = new Date(clock);
    let t: TestApp;
    let demoNewsUpTo = 0;
    beforeAll(async () => {
      t = await createTestApp();
      await seedDemoStaff(t.db, 'Seed#Demo2026');
      // The demo's reports, as the seed makes them (videos play the sample clip: no ffmpeg).
      const ctx = await demoContext(t.db, t.services, t.config, now, { ffmpeg: '/nonexistent' });
      await seedDemoReports(ctx);
      const last = await t.db
        .selectFrom('news')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      demoNewsUpTo = Number(last.id);
      await addVolume(t.db, t.services, 400, now);
    }, 300_000);
    afterAll(() => t?.close());

    const dated = (rows: Array<{ title: string; content: string; date: Date | string }>) =>
      rows.map((row) => ({ ...row, date: new Date(row.date) }));

    it('writes each of 200 demo items from one event: key words, calendar, no repeats', async () => {
      const news = await t.db
        .selectFrom('news')
        .select(['title', 'content', 'shelvesDate as date'])
        .where('id', '<=', demoNewsUpTo)
        .orderBy('id')
        .execute();
      const subjects = await t.db
        .selectFrom('subjectNews')
        .select(['title', 'content', 'createdAt as date'])
        .orderBy('id')
        .execute();
      const videos = await t.db
        .selectFrom('video')
        .select(['title', 'content', 'createdAt as date'])
        .orderBy('id')
        .execute();
      const items = spread(dated([...news, ...subjects, ...videos]), 200);
      expect(items.length).toBeGreaterThanOrEqual(200);
      expect(report(items, now)).toEqual([]);
    });

    it('writes each of 200 volume items from one event: key words, calendar, no repeats', async () => {
      const news = await t.db
        .selectFrom('news')
        .select(['title', 'content', 'shelvesDate as date'])
        .where('id', '>', demoNewsUpTo)
        .orderBy('id')
        .execute();
      expect(news).toHaveLength(400);
      expect(report(spread(dated(news), 200), now)).toEqual([]);
    });
  },
);
