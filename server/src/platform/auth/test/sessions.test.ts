import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postForm,
  type RequestOptions,
} from '../../../test-kit/http.js';

const EXPIRED = '登录过期,请重新登录';
const INVALID = 'token错误';

describe('sessions', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db);
    token = await login(t.app, teacher);
  });
  afterEach(() => t?.close());

  /** A protected call: the caller's departments. */
  const protectedCall = (options: RequestOptions) =>
    postForm(t.app, '/api/dept/getDeptList', {}, options);
  const sessionCount = async () =>
    (await t.db.selectFrom('session').select('id').where('staffId', '=', teacher.id).execute())
      .length;

  it('accepts the token as a Bearer authorization or in a token header', async () => {
    expectOk(await protectedCall({ token }));
    expectOk(await protectedCall({ headers: { token } }));
    expectOk(await protectedCall({ headers: { token, userId: String(teacher.id) } }));
  });

  it('refuses a request without a token or with a made-up one', async () => {
    expectRefusal(await protectedCall({}), 401, INVALID);
    expectRefusal(await protectedCall({ token: 'not-a-real-token' }), 401, INVALID);
    expectRefusal(
      await protectedCall({ headers: { authorization: `Basic ${token}` } }),
      401,
      INVALID,
    );
  });

  it("refuses a token sent with someone else's userId", async () => {
    const other = await createStaff(t.db);
    const response = await protectedCall({ headers: { token, userId: String(other.id) } });
    expectRefusal(response, 401, INVALID);
  });

  it('refuses the token of an account disabled after login', async () => {
    await t.db.updateTable('staff').set({ status: 0 }).where('id', '=', teacher.id).execute();
    expectRefusal(await protectedCall({ token }), 401, INVALID);
  });

  it('expires after the idle time, then forgets the token', async () => {
    t.clock.advanceMinutes(121);
    expectRefusal(await protectedCall({ token }), 401, EXPIRED);
    expect(await sessionCount()).toBe(0);
    expectRefusal(await protectedCall({ token }), 401, INVALID);
  });

  it('stays alive while used within the idle time', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.advanceMinutes(100);
      expectOk(await protectedCall({ token }));
    }
    t.clock.advanceMinutes(121);
    expectRefusal(await protectedCall({ token }), 401, EXPIRED);
  });

  it('expires twelve hours after login even when used every half hour', async () => {
    for (let minutes = 30; minutes < 12 * 60; minutes += 30) {
      t.clock.advanceMinutes(30);
      expectOk(await protectedCall({ token }));
    }
    t.clock.advanceMinutes(30);
    expectRefusal(await protectedCall({ token }), 401, EXPIRED);
    expect(await sessionCount()).toBe(0);
  });

  it('follows the configured idle time', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
    try {
      const staff = await createStaff(short.db);
      const shortToken = await login(short.app, staff);
      short.clock.advanceMinutes(4);
      expectOk(await postForm(short.app, '/api/dept/getDeptList', {}, { token: shortToken }));
      short.clock.advanceMinutes(6);
      const response = await postForm(
        short.app,
        '/api/dept/getDeptList',
        {},
        { token: shortToken },
      );
      expectRefusal(response, 401, EXPIRED);
    } finally {
      await short.close();
    }
  });
});
