import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import {
  envelope,
  expectOk,
  expectRefusal,
  postForm,
  postJson,
  type LoginData,
} from '../../../test-kit/http.js';

const LOGIN = '/api/login/login';

describe('api/login/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const sessionsOf = (staffId: number) =>
    t.db.selectFrom('session').selectAll().where('staffId', '=', staffId).execute();

  it('logs a teacher in with a form-encoded body and opens a session', async () => {
    const teacher = await createStaff(t.db, { email: 'lin@example.com' });
    const response = await postForm(t.app, LOGIN, {
      staffCode: teacher.code,
      staffPass: teacher.password,
      staffType: 2,
      platformType: 0,
    });

    const body = envelope<LoginData>(response);
    expect(response.statusCode).toBe(200);
    expect(body.status).toBe(0);
    expect(body.msg).toBe('登录成功');
    expect(body.data).toEqual({
      token: expect.stringMatching(/^\S{32,}$/),
      staffId: teacher.id,
      staffName: teacher.name,
      staffType: 2,
      staffCode: teacher.code,
      isPower: 0,
      isAdmin: '0',
      email: 'lin@example.com',
      schoolId: 1,
      whetherpass: 1,
      mustChangePassword: 0,
    });
    const { passwordHash } = await t.db
      .selectFrom('staff')
      .select('passwordHash')
      .where('id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect(response.body).not.toContain(teacher.password);
    expect(response.body).not.toContain(passwordHash);
    expect(response.body).not.toMatch(/pass(word)?_?hash|"(staff)?pass(word)?"/i);

    const sessions = await sessionsOf(teacher.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].tokenHash).not.toBe(body.data.token);
  });

  it('logs an administrator in with a JSON body', async () => {
    const admin = await createStaff(t.db, { staffType: 5, isAdmin: '1' });
    const data = expectOk<LoginData>(
      await postJson(t.app, LOGIN, {
        staffCode: admin.code,
        staffPass: admin.password,
        staffType: 5,
        platformType: 0,
      }),
    );
    expect(data).toMatchObject({ staffId: admin.id, staffType: 5, isPower: 1, isAdmin: '1' });
    expect(Object.keys(data).sort()).toEqual([
      'email',
      'isAdmin',
      'isPower',
      'mustChangePassword',
      'schoolId',
      'staffCode',
      'staffId',
      'staffName',
      'staffType',
      'token',
      'whetherpass',
    ]);
  });

  it.each([
    ['an empty account', { staffCode: '' }, '请输入账号'],
    ['a blank account', { staffCode: '   ' }, '请输入账号'],
    ['no account', { staffCode: undefined }, '请输入账号'],
    ['an empty password', { staffPass: '' }, '请输入密码'],
    ['no password', { staffPass: undefined }, '请输入密码'],
    ['an empty identity', { staffType: '' }, '请选择身份'],
    ['no identity', { staffType: undefined }, '请选择身份'],
    ['an unknown identity', { staffType: 3 }, '请选择身份'],
    ['nothing at all', { staffCode: '', staffPass: '', staffType: '' }, '请输入账号'],
  ])('refuses %s with its message', async (_case, fields, msg) => {
    const response = await postForm(t.app, LOGIN, {
      staffCode: 'someone',
      staffPass: 'Secret#123',
      staffType: 2,
      ...fields,
    });
    expectRefusal(response, 400, msg);
  });

  it('refuses a wrong password and an unknown account with the same message', async () => {
    const teacher = await createStaff(t.db);
    const wrong = { staffCode: teacher.code, staffPass: `${teacher.password}x`, staffType: 2 };
    expectRefusal(await postForm(t.app, LOGIN, wrong), 400, '账号或密码错误');
    const unknown = {
      staffCode: `${teacher.code}-nobody`,
      staffPass: teacher.password,
      staffType: 2,
    };
    expectRefusal(await postForm(t.app, LOGIN, unknown), 400, '账号或密码错误');
    expect(await sessionsOf(teacher.id)).toHaveLength(0);
  });

  it('refuses a teacher who chose the administrator identity', async () => {
    const teacher = await createStaff(t.db);
    const response = await postForm(t.app, LOGIN, {
      staffCode: teacher.code,
      staffPass: teacher.password,
      staffType: 5,
    });
    expectRefusal(response, 400, '身份选择错误，请重新选择身份');
    expect(await sessionsOf(teacher.id)).toHaveLength(0);
  });

  it('refuses a disabled account, without telling a guesser it exists', async () => {
    const teacher = await createStaff(t.db, { status: 0 });
    const fields = { staffCode: teacher.code, staffPass: teacher.password, staffType: 2 };
    expectRefusal(await postForm(t.app, LOGIN, fields), 403, '账号已停用，请联系管理员');
    const guess = { ...fields, staffPass: 'Guess#1234' };
    expectRefusal(await postForm(t.app, LOGIN, guess), 400, '账号或密码错误');
    expect(await sessionsOf(teacher.id)).toHaveLength(0);
  });

  describe('whetherpass', () => {
    const storedWhetherpass = async (staffId: number) =>
      (
        await t.db
          .selectFrom('staff')
          .select('whetherpass')
          .where('id', '=', staffId)
          .executeTakeFirstOrThrow()
      ).whetherpass;

    it('is 0 when the password used fails the strength rule, and is stored', async () => {
      const teacher = await createStaff(t.db, { password: 'abc123' });
      await t.db
        .updateTable('staff')
        .set({ whetherpass: 1 })
        .where('id', '=', teacher.id)
        .execute();
      const data = expectOk<LoginData>(
        await postForm(t.app, LOGIN, {
          staffCode: teacher.code,
          staffPass: 'abc123',
          staffType: 2,
        }),
      );
      expect(data.whetherpass).toBe(0);
      expect(await storedWhetherpass(teacher.id)).toBe(0);
    });

    it('is 1 when the password is strong and the user chose it, and is stored', async () => {
      const teacher = await createStaff(t.db);
      const data = expectOk<LoginData>(
        await postForm(t.app, LOGIN, {
          staffCode: teacher.code,
          staffPass: teacher.password,
          staffType: 2,
        }),
      );
      expect(data.whetherpass).toBe(1);
      expect(await storedWhetherpass(teacher.id)).toBe(1);
    });

    it('stays 0 for a strong password an administrator set, until the user changes it', async () => {
      const teacher = await createStaff(t.db);
      await t.db
        .updateTable('staff')
        .set({ whetherpass: 0 })
        .where('id', '=', teacher.id)
        .execute();
      const data = expectOk<LoginData>(
        await postForm(t.app, LOGIN, {
          staffCode: teacher.code,
          staffPass: teacher.password,
          staffType: 2,
        }),
      );
      expect(data.whetherpass).toBe(0);
      expect(await storedWhetherpass(teacher.id)).toBe(0);
    });
  });
});
