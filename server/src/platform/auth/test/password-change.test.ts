import { PASSWORD_RULE_MESSAGE } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, strongPassword, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

const CHANGE = '/api/login/updateUserPwd.do';
const WRONG_LOGIN = '账号或密码错误';

describe('api/login/updateUserPwd.do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const loginResponse = (staff: TestStaff, password: string) =>
    postForm(t.app, '/api/login/login', {
      staffCode: staff.code,
      staffPass: password,
      staffType: staff.staffType,
    });
  const signedIn = (token: string) => postForm(t.app, '/api/dept/getDeptList', {}, { token });

  it('changes the password, marks it strong and signs out the other sessions', async () => {
    const teacher = await createStaff(t.db, { password: 'abc123' });
    const token = await login(t.app, teacher);
    const otherDevice = await login(t.app, teacher);
    const newPassword = strongPassword();

    const response = await postForm(
      t.app,
      CHANGE,
      { staffId: teacher.id, oldStaffPass: 'abc123', newStaffPass: newPassword },
      { token },
    );
    expectOk(response);

    const row = await t.db
      .selectFrom('staff')
      .select('whetherpass')
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(row.whetherpass).toBe(1);
    expectRefusal(await loginResponse(teacher, 'abc123'), 400, WRONG_LOGIN);
    expectOk(await loginResponse(teacher, newPassword));
    expectOk(await signedIn(token));
    expectRefusal(await signedIn(otherDevice), 401, 'token错误');
  });

  it('refuses a wrong old password and keeps the password', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const response = await postForm(
      t.app,
      CHANGE,
      { oldStaffPass: `${teacher.password}x`, newStaffPass: strongPassword() },
      { token },
    );
    expectRefusal(response, 400, '原密码错误');
    expectOk(await loginResponse(teacher, teacher.password));
  });

  it.each([
    ['two kinds of character', 'abc123'],
    ['too short', 'Aa1!'],
    ['too long', 'Aa1!Aa1!Aa1!Aa1!A'],
  ])('refuses a weak new password (%s)', async (_case, newStaffPass) => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const response = await postForm(
      t.app,
      CHANGE,
      { oldStaffPass: teacher.password, newStaffPass },
      { token },
    );
    expectRefusal(response, 400, PASSWORD_RULE_MESSAGE);
    expectRefusal(await loginResponse(teacher, newStaffPass), 400, WRONG_LOGIN);
  });

  it.each([
    ['an empty old password', { oldStaffPass: '' }, '请输入原密码'],
    ['no old password', { oldStaffPass: undefined }, '请输入原密码'],
    ['an empty new password', { newStaffPass: '' }, '请输入新密码'],
    ['no new password', { newStaffPass: undefined }, '请输入新密码'],
  ])('refuses %s', async (_case, fields, msg) => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const body = { oldStaffPass: teacher.password, newStaffPass: strongPassword(), ...fields };
    expectRefusal(await postForm(t.app, CHANGE, body, { token }), 400, msg);
  });

  it("refuses to change someone else's password", async () => {
    const teacher = await createStaff(t.db);
    const other = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const response = await postForm(
      t.app,
      CHANGE,
      { staffId: other.id, oldStaffPass: teacher.password, newStaffPass: strongPassword() },
      { token },
    );
    expectRefusal(response, 403, '只能修改自己的密码');
    expectOk(await loginResponse(teacher, teacher.password));
    expectOk(await loginResponse(other, other.password));
  });

  it('refuses a caller who is not logged in', async () => {
    const response = await postForm(t.app, CHANGE, {
      oldStaffPass: 'Old#pass1',
      newStaffPass: strongPassword(),
    });
    expectRefusal(response, 401, 'token错误');
  });
});
