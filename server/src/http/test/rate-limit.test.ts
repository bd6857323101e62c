import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { DatabaseRateLimits } from '../rate-limit-store.js';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm } from '../../test-kit/http.js';

const LIMIT = 6;
const TOO_MANY = '请求过于频繁，请稍后再试';

/**
 * Limits hold across server processes (issue 16): two apps over one database,
 * each with a connection of its own as two processes have, share the API's
 * rate limit and the login throttle.
 */
describe('limits shared by several server processes', () => {
  let t: TestApp;
  let second: DatabaseHandle;
  let apps: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT: String(LIMIT) } });
    second = openDatabase({
      url: t.config.databaseUrl,
      sqliteFile: t.dialect === 'sqlite' ? await sqliteFileOf(t.db) : ':memory:',
    });
    const other = await buildApp({
      config: t.config,
      db: second.db,
      dialect: second.dialect,
      // Processes of one site read one clock.
      clock: t.clock.now,
      logger: false,
    });
    apps = [t.app, other];
  });
  afterAll(async () => {
    await apps?.[1].close();
    await second?.close();
    await t?.close();
  });

  const health = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/api/health', remoteAddress } satisfies InjectOptions);

  it('counts one address once over both processes: the limit is the limit, not twice it', async () => {
    const address = '10.1.0.1';
    for (let i = 0; i < LIMIT; i++) expectOk(await health(apps[i % 2]!, address));
    for (const app of apps) expectRefusal(await health(app, address), 429, TOO_MANY);
    // Another address has its own count, in either process.
    for (const app of apps) expectOk(await health(app, '10.1.0.2'));
  });

  it('lets the limit through when both processes are hit at once, and at most half as much again', async () => {
    const address = '10.1.0.3';
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 3 }, (_, i) => health(apps[i % 2]!, address)),
    );
    const passed = answers.filter((response) => response.statusCode === 200).length;
    // A process may be behind the other by what it let through below half the limit.
    expect(passed).toBeGreaterThanOrEqual(LIMIT);
    expect(passed).toBeLessThanOrEqual(LIMIT + LIMIT / 2);
    for (const response of answers) {
      if (response.statusCode !== 200) expectRefusal(response, 429, TOO_MANY);
    }
    for (const app of apps) expectRefusal(await health(app, address), 429, TOO_MANY);
  });

  it('starts a new count once the window has passed', async () => {
    const address = '10.1.0.4';
    for (let i = 0; i < LIMIT; i++) expectOk(await health(apps[i % 2]!, address));
    expectRefusal(await health(apps[0], address), 429, TOO_MANY);
    // What a minute's passing does to the stored window.
    await t.db
      .updateTable('apiRateLimit')
      .set({ windowStart: sql<number>`window_start - 60000` })
      .where('key', '=', address)
      .execute();
    const response = await health(apps[1], address);
    expectOk(response);
    expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('pages are not counted, only the API', async () => {
    const address = '10.1.0.5';
    for (let i = 0; i < LIMIT * 2; i++) {
      const response = await apps[i % 2]!.inject({
        url: '/upload/none.txt',
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(404);
    }
    expectOk(await health(apps[0], address));
  });

  it('locks an account after five wrong passwords spread over both processes', async () => {
    const teacher = await createStaff(t.db);
    const address = '10.1.0.6';
    const attempt = (app: FastifyInstance, password: string) =>
      postForm(
        app,
        '/api/login/login',
        { staffCode: teacher.code, staffPass: password, staffType: 2 },
        { remoteAddress: address },
      );
    for (let i = 0; i < 5; i++) {
      expectRefusal(await attempt(apps[i % 2]!, `Wrong#${i}pass`), 400, '账号或密码错误');
    }
    // Three wrong passwords went to one process and two to the other: the second locks.
    // (One attempt more: a seventh call from the address would meet the API's limit of six.)
    expectRefusal(
      await attempt(apps[1], teacher.password),
      429,
      '密码错误次数过多，请15分钟后再试',
    );
  });
});

describe('the rate limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const stored = async (key: string) =>
    (await t.db.selectFrom('apiRateLimit').select('hits').where('key', '=', key).executeTakeFirst())
      ?.hits;

  it('counts in windows, answers the time left, and prunes the windows that ended', async () => {
    let now = 1_800_000_000_000;
    const limits = new DatabaseRateLimits(t.db, { now: () => now });
    expect(await limits.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 1_000;
    expect(await limits.hit('a', 60_000)).toEqual({ current: 2, ttl: 59_000 });
    expect(await limits.peek('a', 60_000)).toEqual({ current: 2, ttl: 59_000 });
    expect(await limits.hit('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 59_000;
    // a's window ended: a new one starts at 1; b's still runs.
    expect(await limits.peek('a', 60_000)).toEqual({ current: 0, ttl: 0 });
    expect(await limits.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    now += 30_000;
    await limits.prune();
    const keys = await t.db.selectFrom('apiRateLimit').select('key').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['a']);
    if (t.dialect === 'postgres') {
      // Unlogged: a count's commit waits for no WAL flush.
      const { rows } = await sql<{
        relpersistence: string;
      }>`select relpersistence from pg_class where relname = 'api_rate_limit'`.execute(t.db);
      expect(rows).toEqual([{ relpersistence: 'u' }]);
    }
  });

  it('counts below half the limit here and adds them in one statement; from half on, at once', async () => {
    let now = 1_900_000_000_000;
    // Added when the test says (sync), not by the timer.
    const limits = new DatabaseRateLimits(t.db, { now: () => now, syncMs: 3_600_000 });
    // The first request of a window is counted in the database, the next ones below 50 wait.
    for (let i = 1; i <= 49; i++) {
      expect((await limits.hit('c', 60_000, 100)).current).toBe(i);
    }
    expect(await stored('c')).toBe(1);
    await limits.sync();
    expect(await stored('c')).toBe(49);
    // Another process's hits meanwhile: from half the limit on, each request reads them.
    await t.db.updateTable('apiRateLimit').set({ hits: 80 }).where('key', '=', 'c').execute();
    expect((await limits.hit('c', 60_000, 100)).current).toBe(81);
    expect((await limits.hit('c', 60_000, 100)).current).toBe(82);
    expect(await stored('c')).toBe(82);
    // Hits that waited when their window ended are not added to the next one.
    for (let i = 0; i < 3; i++) await limits.hit('d', 60_000, 100);
    now += 60_000;
    expect((await limits.hit('d', 60_000, 100)).current).toBe(1);
    await limits.sync();
    expect(await stored('d')).toBe(1);
  });
});

/** The file of a SQLite test database, for a second connection to it. */
async function sqliteFileOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]!.file;
}
