import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, randomCode, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm } from '../../../test-kit/http.js';

const LOCKED = '密码错误次数过多，请15分钟后再试';
const GUESSER = '10.0.0.66';
const OWNER = '10.0.0.7';

describe('login throttling (default limits: 5 per account and address, 20 per address, 15 minutes)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t?.close());

  const attempt = (staff: { code: string }, password: string, remoteAddress: string) =>
    postForm(
      t.app,
      '/api/login/login',
      { staffCode: staff.code, staffPass: password, staffType: 2 },
      { remoteAddress },
    );
  const failTimes = async (staff: TestStaff, times: number) => {
    for (let i = 0; i < times; i++) {
      expectRefusal(await attempt(staff, `Wrong#${i}pass`, GUESSER), 400, '账号或密码错误');
    }
  };

  it('locks an account at one address after five wrong passwords, even for the right one', async () => {
    const teacher = await createStaff(t.db);
    await failTimes(teacher, 5);
    expectRefusal(await attempt(teacher, teacher.password, GUESSER), 429, LOCKED);
    expectRefusal(await attempt(teacher, 'Wrong#again1', GUESSER), 429, LOCKED);

    // The owner, elsewhere, is not locked out by the guesser.
    expectOk(await attempt(teacher, teacher.password, OWNER));
  });

  it('lets the same address in again once the window has passed', async () => {
    const teacher = await createStaff(t.db);
    await failTimes(teacher, 5);
    t.clock.advanceMinutes(10);
    expectRefusal(await attempt(teacher, teacher.password, GUESSER), 429, LOCKED);
    t.clock.advanceMinutes(6);
    expectOk(await attempt(teacher, teacher.password, GUESSER));
  });

  it('starts counting afresh after a successful login', async () => {
    const teacher = await createStaff(t.db);
    await failTimes(teacher, 4);
    expectOk(await attempt(teacher, teacher.password, GUESSER));
    await failTimes(teacher, 4);
    expectOk(await attempt(teacher, teacher.password, GUESSER));
  });

  it('locks an address that guesses across many accounts after twenty failures', async () => {
    const teacher = await createStaff(t.db);
    for (let i = 0; i < 20; i++) {
      const response = await attempt({ code: randomCode() }, 'Guess#1234', GUESSER);
      expectRefusal(response, 400, '账号或密码错误');
    }
    expectRefusal(await attempt(teacher, teacher.password, GUESSER), 429, LOCKED);
    expectOk(await attempt(teacher, teacher.password, OWNER));

    const stored = await t.db
      .selectFrom('loginThrottle')
      .select('failures')
      .where('key', '=', `address:${GUESSER}`)
      .executeTakeFirstOrThrow();
    // Every attempt is counted before the password is checked: 20 failures and the refused one.
    expect(stored.failures).toBe(21);
  });

  it('holds the limit when many wrong guesses arrive at once', async () => {
    const teacher = await createStaff(t.db);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => attempt(teacher, 'Guess#1234', GUESSER)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expectRefusal(await attempt(teacher, teacher.password, GUESSER), 429, LOCKED);
  });
});

describe('wrong passwords spread over many addresses (LOGIN_MAX_FAILURES_PER_ACCOUNT)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '8' } });
  });
  afterEach(() => t?.close());

  const ACCOUNT_LOCKED = '该账号近期密码错误次数过多，请15分钟后再试，或在常用的电脑上登录';
  const attempt = (staff: { code: string }, password: string, remoteAddress: string) =>
    postForm(
      t.app,
      '/api/login/login',
      { staffCode: staff.code, staffPass: password, staffType: 2 },
      { remoteAddress },
    );
  /** One wrong guess from each of `count` addresses no one used before. */
  const spread = async (staff: TestStaff, count: number, from = 0) => {
    for (let i = from; i < from + count; i++) {
      expectRefusal(await attempt(staff, `Wrong#${i}pass`, `10.9.${i}.1`), 400, '账号或密码错误');
    }
  };

  it('closes the account to new addresses past the limit; its usual address still gets in', async () => {
    const teacher = await createStaff(t.db);
    expectOk(await attempt(teacher, teacher.password, OWNER));
    await spread(teacher, 8);
    // A ninth address, even with the right password: refused for the window.
    expectRefusal(await attempt(teacher, teacher.password, '10.9.200.1'), 429, ACCOUNT_LOCKED);
    expectRefusal(await attempt(teacher, 'Guess#1234', '10.9.201.1'), 429, ACCOUNT_LOCKED);
    // The owner, where they logged in before, is not locked out.
    expectOk(await attempt(teacher, teacher.password, OWNER));
    // Another account is not affected.
    const other = await createStaff(t.db);
    expectOk(await attempt(other, other.password, '10.9.202.1'));
    // Once the window has passed, a new address may log in again.
    t.clock.advanceMinutes(16);
    expectOk(await attempt(teacher, teacher.password, '10.9.203.1'));
  });

  it('an address trusted long ago is a new address again', async () => {
    const teacher = await createStaff(t.db);
    expectOk(await attempt(teacher, teacher.password, OWNER));
    t.clock.advanceMinutes(31 * 24 * 60);
    await spread(teacher, 8);
    expectRefusal(await attempt(teacher, teacher.password, OWNER), 429, ACCOUNT_LOCKED);
  });

  it('counts the guesses made at once from many addresses exactly', async () => {
    const teacher = await createStaff(t.db);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(teacher, 'Guess#1234', `10.8.${i}.1`)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
  });
});
