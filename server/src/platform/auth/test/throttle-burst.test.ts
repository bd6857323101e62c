import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';
import { jobRow } from '../../jobs/queue.js';
import { newSecret } from '../app-passwords.js';

const LOCKED = '密码错误次数过多，请15分钟后再试';
const GUESSER = '10.0.0.66';
const BURST = 200;

/** Each answer of a burst, by what it was: the secret checked and wrong, or refused unchecked. */
const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    return counts;
  }, {});

describe('a burst of guesses checks exactly the limit (the try is counted before the secret)', () => {
  let t: TestApp;
  let teacher: TestStaff;
  beforeEach(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db);
  });
  afterEach(() => t?.close());

  it('logins: 200 wrong passwords at once, 5 checked, the rest and then the right one 429', async () => {
    const attempt = (password: string) =>
      postForm(
        t.app,
        '/api/login/login',
        { staffCode: teacher.code, staffPass: password, staffType: 2 },
        { remoteAddress: GUESSER },
      );
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => attempt(`Wrong#${i}pass`)),
    );
    expect(tally(answers.map((r) => `${r.statusCode} ${r.json<{ msg: string }>().msg}`))).toEqual({
      '400 账号或密码错误': 5,
      [`429 ${LOCKED}`]: BURST - 5,
    });
    expectRefusal(await attempt(teacher.password), 429, LOCKED);
  });

  it('app passwords: 200 wrong ones at once, 5 checked, the rest and then the right one 429', async () => {
    const token = await login(t.app, teacher);
    const made = expectOk<{ password: string }>(
      await postForm(t.app, '/api/staff/addAppPassword', { name: '办公室电脑' }, { token }),
    );
    const authenticate = (password: string) =>
      t.services.appPasswords.authenticate(teacher.code, password, GUESSER).then(
        (user) => (user ? 'right' : 'wrong'),
        (err: { statusCode?: number; message: string }) => `${err.statusCode} ${err.message}`,
      );
    // Well-formed secrets, so each one that is checked is looked up.
    const guesses = Array.from({ length: BURST }, () => newSecret());
    const lookups = vi.spyOn(t.db, 'selectFrom');
    const outcomes = await Promise.all(guesses.map(authenticate));
    expect(tally(outcomes)).toEqual({ wrong: 5, [`429 ${LOCKED}`]: BURST - 5 });
    // Only the five were looked up (the throttle's own reads are not of appPassword).
    const secretLookups = lookups.mock.calls.filter(([table]) => table === 'appPassword');
    expect(secretLookups).toHaveLength(5);
    lookups.mockRestore();
    expect(await authenticate(made.password)).toBe(`429 ${LOCKED}`);
  });
});

describe('login_throttle rows are pruned past their window (hourly job)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t?.close());

  const keys = async () =>
    (await t.db.selectFrom('loginThrottle').select('key').orderBy('key').execute()).map(
      (row) => row.key,
    );
  const put = (key: string, minutesAgo: number) =>
    t.db
      .insertInto('loginThrottle')
      .values({
        key,
        failures: 3,
        windowStart: new Date(t.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
      })
      .execute();

  it('drops rows whose window is over and keeps those still counting', async () => {
    await put('account:old@10.0.0.1', 16);
    await put('account:new@10.0.0.1', 14);
    await put('address:10.0.0.1', 20);
    await put('address:10.0.0.2', 5);
    await put('account-all:old', 16);
    // Other throttles' counts (a share link's 提取码: 15 minutes) are kept an hour.
    await put('share-code:gone1', 61);
    await put('share-code:kept1', 30);
    await put('share-address:10.0.0.3', 90);
    await put('trusted:old@10.0.0.1', 31 * 24 * 60);
    await put('trusted:new@10.0.0.1', 29 * 24 * 60);
    await t.services.loginThrottle.prune();
    expect(await keys()).toEqual([
      'account:new@10.0.0.1',
      'address:10.0.0.2',
      'share-code:kept1',
      'trusted:new@10.0.0.1',
    ]);
  });

  it('runs in the job queue every hour', async () => {
    await t.app.ready();
    const key = 'login-throttle-prune';
    const nextRun = (minutes: number) =>
      new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();
    // The first run is due at start; after it the job waits an hour.
    await vi.waitFor(async () => expect((await jobRow(t.db, key))?.runAfter).toBe(nextRun(60)));
    await put('account:stale@10.0.0.9', 0);
    t.clock.advanceMinutes(61);
    t.services.jobs.wake();
    await vi.waitFor(async () => expect(await keys()).not.toContain('account:stale@10.0.0.9'));
  });
});
