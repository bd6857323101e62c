import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

const LOGOUT = '/api/login/loginOut.do';

describe('api/login/loginOut.do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const stillSignedIn = (token: string) => postForm(t.app, '/api/dept/getDeptList', {}, { token });

  it('signs out the session it is sent with, and only that one', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const otherDevice = await login(t.app, teacher);

    const response = await postForm(t.app, LOGOUT, { staffId: teacher.id }, { token });
    expectOk(response);
    expectRefusal(await stillSignedIn(token), 401, 'token错误');
    expectOk(await stillSignedIn(otherDevice));
  });

  it('refuses without a token', async () => {
    expectRefusal(await postForm(t.app, LOGOUT, {}), 401, 'token错误');
  });

  it("refuses to sign out someone else's session", async () => {
    const teacher = await createStaff(t.db);
    const other = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const response = await postForm(t.app, LOGOUT, { staffId: other.id }, { token });
    expectRefusal(response, 403, '只能退出自己的登录');
    expectOk(await stillSignedIn(token));
  });
});
