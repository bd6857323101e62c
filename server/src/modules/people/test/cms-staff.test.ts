import { PASSWORD_RULE_MESSAGE } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStaff } from '../../../platform/auth/session.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createDepartment,
  createFile,
  createNews,
  createStaff,
  randomCode,
  strongPassword,
  type TestStaff,
} from '../../../test-kit/factories.js';
import {
  envelope,
  expectOk,
  expectRefusal,
  login,
  postForm,
  postJson,
  type LoginData,
} from '../../../test-kit/http.js';

interface StaffView {
  staffId: number;
  staffCode: string;
  staffName: string;
  staffType: number;
  staffTypeName: string;
  isPower: number;
  isAdmin: string;
  email: string | null;
  phone: string | null;
  status: number;
  sort: number;
  whetherpass: number;
  departments: Array<{ deptId: number; deptName: string; isPrimary: number }>;
  deptIds: number[];
  primaryDeptId: number | null;
  deptName: string;
}
interface Page {
  total: number;
  list: StaffView[];
}

const SITE_ADMIN_ONLY = '只有系统管理员可以进行此操作';
const PATHS = ['list', 'get', 'save', 'resetPassword', 'setStatus', 'delete'];

describe('api/cms/staff: staff accounts, roles and flags', () => {
  const logLines: string[] = [];
  /** Every password this file sends, to prove none is answered, stored in clear or logged. */
  const secrets: string[] = [];
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  const token = { admin: '', teacher: '', powerTeacher: '' };
  const dept = { school: 0, grade: 0, group: 0, office: 0 };

  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line) => logLines.push(line) } },
    });
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    teacher = await createStaff(t.db, { name: '王老师' });
    const powerTeacher = await createStaff(t.db, { name: '李老师', isPower: 1 });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.powerTeacher = await login(t.app, powerTeacher);
    dept.school = await createDepartment(t.db, { name: '高中部' });
    dept.grade = await createDepartment(t.db, { name: '高一年级', parentId: dept.school });
    dept.group = await createDepartment(t.db, { name: '高一语文组', parentId: dept.grade });
    dept.office = await createDepartment(t.db, { name: '校长室' });
  });
  afterAll(() => t?.close());

  const call = (path: string, body: Record<string, unknown>, who = token.admin) =>
    postJson(t.app, `/api/cms/staff/${path}`, body, { token: who, remoteAddress: '10.9.8.7' });
  const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who?: string) =>
    expectOk<T>(await call(path, body, who));
  const get = (staffId: number) => ok<StaffView>('get', { staffId });
  const list = (filter: Record<string, unknown>) => ok<Page>('list', { pageSize: 100, ...filter });
  const password = () => {
    const value = strongPassword();
    secrets.push(value);
    return value;
  };
  /** A valid new account's fields; overrides win. */
  const account = (overrides: Record<string, unknown> = {}) => ({
    staffCode: randomCode(),
    staffName: '新老师',
    staffType: 2,
    staffPass: password(),
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await ok<{ staffId: number }>('save', account(overrides))).staffId;
  const operTypes = async (staffId: number) =>
    (
      await t.db
        .selectFrom('operLog')
        .select('operType')
        .where('infoTable', '=', 'T_STAFF')
        .where('objId', '=', staffId)
        .orderBy('id')
        .execute()
    ).map((row) => row.operType);
  const loginAs = (code: string, staffPass: string, staffType = 2) =>
    postJson(t.app, '/api/login/login', { staffCode: code, staffPass, staffType });
  /** The administrator as the service sees them, to call it as a racing request would. */
  const actor = (staff: TestStaff): AuthStaff => ({
    id: staff.id,
    code: staff.code,
    name: staff.name,
    staffType: 5,
    isPower: 1,
    isAdmin: '0',
    email: null,
    schoolId: 1,
    whetherpass: 1,
    sessionId: 0,
  });

  it('refuses every call without a login, and to teachers, even with news rights', async () => {
    const before = await t.db.selectFrom('staff').select('id').execute();
    for (const path of PATHS) {
      const body = { staffId: teacher.id, status: 0, newStaffPass: 'Aa1!aaaa', ...account() };
      expectRefusal(await postJson(t.app, `/api/cms/staff/${path}`, body), 401, 'token错误');
      expectRefusal(await call(path, body, token.teacher), 403, SITE_ADMIN_ONLY);
      expectRefusal(await call(path, body, token.powerTeacher), 403, SITE_ADMIN_ONLY);
    }
    expect(await t.db.selectFrom('staff').select('id').execute()).toEqual(before);
    expect(await t.db.selectFrom('operLog').select('id').execute()).toEqual([]);
  });

  it('creates an account from a form with its departments, never answering the password', async () => {
    const code = randomCode();
    const initial = password();
    const response = await postForm(
      t.app,
      '/api/cms/staff/save',
      {
        staffId: '',
        staffCode: `  ${code} `,
        staffName: ' 张老师 ',
        staffType: 2,
        isPower: 1,
        isAdmin: '1',
        email: 'zhang@school.example',
        phone: '139-0000-1234',
        sort: 7,
        deptIds: `${dept.group},${dept.office}`,
        primaryDeptId: dept.office,
        staffPass: initial,
      },
      { token: token.admin, remoteAddress: '10.9.8.7' },
    );
    const { staffId } = expectOk<{ staffId: number }>(response);
    const view = await get(staffId);
    expect(view).toMatchObject({
      staffId,
      staffCode: code,
      staffName: '张老师',
      staffType: 2,
      staffTypeName: '老师',
      isPower: 1,
      isAdmin: '1',
      email: 'zhang@school.example',
      phone: '139-0000-1234',
      status: 1,
      sort: 7,
      whetherpass: 0,
      deptIds: [dept.office, dept.group],
      primaryDeptId: dept.office,
      deptName: '校长室、高一语文组',
    });
    for (const body of [response.body, JSON.stringify(view)]) {
      expect(body).not.toContain(initial);
      expect(body).not.toMatch(/passwordHash|staffPass|scrypt/);
    }
    const stored = await t.db
      .selectFrom('staff')
      .select(['passwordHash', 'schoolId'])
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(initial);
    expect(stored.schoolId).toBe(1);

    // The new account logs in with the initial password; the intranet sees its departments.
    const user = expectOk<LoginData>(await loginAs(code, initial));
    const depts = expectOk<Array<{ deptName: string; ifSelect: number }>>(
      await postForm(t.app, '/api/dept/getDeptList', {}, { token: user.token }),
    );
    expect(depts.map((d) => [d.deptName, d.ifSelect])).toEqual([
      ['校长室', 1],
      ['高一语文组', 0],
    ]);

    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'operType', 'ip'])
      .where('infoTable', '=', 'T_STAFF')
      .where('objId', '=', staffId)
      .execute();
    expect(log).toEqual([
      { staffId: admin.id, staffName: '管理员甲', operType: '新增', ip: '10.9.8.7' },
    ]);
  });

  it('defaults the flags by role: an administrator gets news rights unless told', async () => {
    const chief = await get(await create({ staffType: 5 }));
    expect([chief.staffType, chief.staffTypeName, chief.isPower, chief.isAdmin]).toEqual([
      5,
      '管理员',
      1,
      '0',
    ]);
    const plain = await get(await create());
    expect([plain.isPower, plain.isAdmin, plain.deptIds, plain.primaryDeptId]).toEqual([
      0,
      '0',
      [],
      null,
    ]);
  });

  it('refuses a taken code with 409, also on an edit, and writes nothing', async () => {
    expectRefusal(
      await call('save', account({ staffCode: ` ${teacher.code} ` })),
      409,
      '该工号已存在，请换一个工号',
    );
    const other = await create();
    expectRefusal(
      await call('save', {
        staffId: other,
        staffCode: teacher.code,
        staffName: '某',
        staffType: 2,
      }),
      409,
      '该工号已存在，请换一个工号',
    );
    expect(await operTypes(other)).toEqual(['新增']);
  });

  it('two saves of one new code at the same moment: one account, one 409', async () => {
    const code = randomCode();
    const input = { staffCode: code, staffName: '并发老师', staffType: 2 as const };
    const results = await Promise.allSettled([
      t.services.cmsStaff.save({ ...input, password: password() }, actor(admin), null),
      t.services.cmsStaff.save({ ...input, password: password() }, actor(admin), null),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      statusCode: 409,
      message: '该工号已存在，请换一个工号',
    });
    expect(
      await t.db.selectFrom('staff').select('id').where('code', '=', code).execute(),
    ).toHaveLength(1);
  });

  it('checks the initial password with the strength rule of the spec', async () => {
    const before = (await t.db.selectFrom('staff').select('id').execute()).length;
    for (const weak of ['abc12', 'abcdefgh', 'abcdef12', 'Aa1!Aa1!Aa1!Aa1!x', 'Aa1 aaaa']) {
      expectRefusal(await call('save', account({ staffPass: weak })), 400, PASSWORD_RULE_MESSAGE);
    }
    expectRefusal(await call('save', account({ staffPass: '' })), 400, '请输入初始密码');
    const { staffPass: _left, ...withoutPassword } = account();
    expectRefusal(await call('save', withoutPassword), 400, '请输入初始密码');
    expect((await t.db.selectFrom('staff').select('id').execute()).length).toBe(before);
  });

  it('refuses each bad field with its message', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ staffCode: '' }, 400, '请输入工号（不含空格，不超过64个字符）'],
      [{ staffCode: 'ab cd' }, 400, '请输入工号（不含空格，不超过64个字符）'],
      [{ staffCode: 'x'.repeat(65) }, 400, '请输入工号（不含空格，不超过64个字符）'],
      [{ staffName: '  ' }, 400, '请输入姓名，不超过20个字'],
      [{ staffName: '名'.repeat(21) }, 400, '请输入姓名，不超过20个字'],
      [{ staffType: 3 }, 400, '请选择身份（2 老师，5 管理员）'],
      [{ isPower: 2 }, 400, '新闻权限 isPower 须为 0 或 1'],
      [{ isAdmin: '2' }, 400, '网盘管理 isAdmin 须为 "0" 或 "1"'],
      [{ email: 'not-an-email' }, 400, '邮箱格式不正确'],
      [{ email: 'a@b' }, 400, '邮箱格式不正确'],
      [{ email: 'a b@c.cn' }, 400, '邮箱格式不正确'],
      [{ phone: '电话号码' }, 400, '电话号码格式不正确'],
      [{ sort: -1 }, 400, '排序须为0到999999的整数'],
      [{ deptIds: ['x'] }, 400, '所属部门不正确'],
      [{ deptIds: [dept.group, dept.group] }, 400, '部门不能重复选择'],
      [{ deptIds: [dept.group], primaryDeptId: dept.office }, 400, '主部门须是所选部门之一'],
      [{ deptIds: [dept.group, 999_999] }, 400, '所选部门不存在，请刷新后重试'],
      [{ staffId: 999_999 }, 404, '用户不存在，请刷新后重试'],
    ];
    const before = (await t.db.selectFrom('staff').select('id').execute()).length;
    for (const [fields, code, message] of cases) {
      expectRefusal(await call('save', account(fields)), code, message);
    }
    const form = await postForm(
      t.app,
      '/api/cms/staff/save',
      { ...account(), deptIds: '1,abc' },
      { token: token.admin },
    );
    expectRefusal(form, 400, '所属部门不正确');
    expect((await t.db.selectFrom('staff').select('id').execute()).length).toBe(before);
  });

  it('edits an account: fields, role, flags and departments; left-out fields stay', async () => {
    const staffId = await create({
      email: 'old@school.example',
      phone: '13900000000',
      deptIds: [dept.group],
    });
    await ok('save', {
      staffId,
      staffCode: 'edited-code-1',
      staffName: '改名老师',
      staffType: 5,
      isPower: 0,
      isAdmin: '1',
      deptIds: [dept.grade, dept.office],
      primaryDeptId: dept.grade,
    });
    expect(await get(staffId)).toMatchObject({
      staffCode: 'edited-code-1',
      staffName: '改名老师',
      staffType: 5,
      isPower: 0,
      isAdmin: '1',
      email: 'old@school.example',
      phone: '13900000000',
      deptIds: [dept.grade, dept.office],
      primaryDeptId: dept.grade,
    });
    // An empty e-mail clears it; an empty department list leaves the account without one.
    await ok('save', {
      staffId,
      staffCode: 'edited-code-1',
      staffName: '改名老师',
      staffType: 2,
      email: '',
      deptIds: [],
    });
    const after = await get(staffId);
    expect([after.staffType, after.email, after.deptIds, after.phone]).toEqual([
      2,
      null,
      [],
      '13900000000',
    ]);
    expectRefusal(
      await call('save', {
        staffId,
        staffCode: 'edited-code-1',
        staffName: '某',
        staffType: 2,
        staffPass: password(),
      }),
      400,
      '编辑用户时不能修改密码，请使用“重置密码”',
    );
    expect(await operTypes(staffId)).toEqual(['新增', '修改', '修改']);
  });

  it('lists with paging and filters: keyword, department with its sub-departments, role, state', async () => {
    const inGroup = await create({
      staffName: '孙筛选',
      phone: '13712345678',
      deptIds: [dept.group],
    });
    const inGrade = await create({ staffName: '周筛选', staffType: 5, deptIds: [dept.grade] });
    const inOffice = await create({ staffName: '吴筛选', deptIds: [dept.office] });
    await ok('setStatus', { staffId: inOffice, status: 0 });
    const ids = (page: Page) => page.list.map((row) => row.staffId).sort((a, b) => a - b);

    expect(ids(await list({ keyword: '筛选' }))).toEqual([inGroup, inGrade, inOffice]);
    expect(ids(await list({ keyword: '3712345' }))).toEqual([inGroup]);
    const byCode = (await get(inGrade)).staffCode;
    expect(ids(await list({ keyword: byCode }))).toEqual([inGrade]);
    // The keyword is literal text: % matches only a %.
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect(ids(await list({ keyword: '筛选', deptId: dept.school }))).toEqual([inGroup, inGrade]);
    expect(ids(await list({ keyword: '筛选', deptId: dept.group }))).toEqual([inGroup]);
    expect(ids(await list({ keyword: '筛选', staffType: 5 }))).toEqual([inGrade]);
    expect(ids(await list({ keyword: '筛选', status: 0 }))).toEqual([inOffice]);
    expect((await list({ deptId: 999_999 })).total).toBe(0);

    const all = await list({});
    const firstPage = await ok<Page>('list', { pageNum: 1, pageSize: 2 });
    const secondPage = await ok<Page>('list', { pageNum: 2, pageSize: 2 });
    expect(firstPage.total).toBe(all.total);
    expect(firstPage.list.map((r) => r.staffId)).toEqual(
      all.list.slice(0, 2).map((r) => r.staffId),
    );
    expect(secondPage.list.map((r) => r.staffId)).toEqual(
      all.list.slice(2, 4).map((r) => r.staffId),
    );
    const row = all.list.find((r) => r.staffId === inGroup)!;
    expect(row).toMatchObject({ staffName: '孙筛选', deptName: '高一语文组', status: 1 });
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|scrypt/);

    // A form's empty filters mean "all".
    const form = await postForm(
      t.app,
      '/api/cms/staff/list',
      { keyword: '筛选', deptId: '', staffType: '', status: '' },
      { token: token.admin },
    );
    expect(expectOk<Page>(form).total).toBe(3);
    expectRefusal(await call('list', { status: 2 }), 400, '状态须为 1（启用）或 0（停用）');
    expectRefusal(await call('list', { staffType: 1 }), 400, '请选择身份（2 老师，5 管理员）');
    expectRefusal(await call('list', { pageSize: 101 }), 400, '每页条数须为1到100');
    expectRefusal(await call('get', { staffId: 999_999 }), 404, '用户不存在，请刷新后重试');
    expectRefusal(await call('get', {}), 400, '请选择用户');
  });

  it('resets a password: strength checked, sessions ended, the new one logs in', async () => {
    const initial = password();
    const code = randomCode();
    const staffId = await create({ staffCode: code, staffPass: initial });
    const oldToken = expectOk<LoginData>(await loginAs(code, initial)).token;
    await t.db.updateTable('staff').set({ whetherpass: 1 }).where('id', '=', staffId).execute();

    expectRefusal(
      await call('resetPassword', { staffId, newStaffPass: 'password' }),
      400,
      PASSWORD_RULE_MESSAGE,
    );
    expectRefusal(await call('resetPassword', { staffId, newStaffPass: '' }), 400, '请输入新密码');
    expectRefusal(
      await call('resetPassword', { staffId: 999_999, newStaffPass: password() }),
      404,
      '用户不存在，请刷新后重试',
    );
    // Refused resets changed nothing: the old session still works.
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { token: oldToken }));

    const fresh = password();
    const response = await call('resetPassword', { staffId, newStaffPass: fresh });
    expect(expectOk(response)).toBeNull();
    expect(envelope(response).msg).toBe('密码已重置');
    expectRefusal(
      await postForm(t.app, '/api/dept/getDeptList', {}, { token: oldToken }),
      401,
      'token错误',
    );
    const stored = await t.db
      .selectFrom('staff')
      .select('whetherpass')
      .where('id', '=', staffId)
      .executeTakeFirstOrThrow();
    expect(stored.whetherpass).toBe(0);
    expectRefusal(await loginAs(code, initial), 400, '账号或密码错误');
    expectOk<LoginData>(await loginAs(code, fresh));
    expect(await operTypes(staffId)).toEqual(['新增', '重置密码']);
  });

  it('after a reset, the login answers whetherpass 0 so the user must change it', async () => {
    const code = randomCode();
    const staffId = await create({ staffCode: code });
    const fresh = password();
    await ok('resetPassword', { staffId, newStaffPass: fresh });
    expect(expectOk<LoginData>(await loginAs(code, fresh)).whetherpass).toBe(0);
  });

  it('an administrator resetting their own password keeps the session they use', async () => {
    const me = await createStaff(t.db, { staffType: 5, name: '管理员乙' });
    const mine = await login(t.app, me);
    const elsewhere = await login(t.app, me);
    const fresh = password();
    await ok('resetPassword', { staffId: me.id, newStaffPass: fresh }, mine);
    expectOk(await call('get', { staffId: me.id }, mine));
    expectRefusal(await call('get', { staffId: me.id }, elsewhere), 401, 'token错误');
  });

  it('disables an account: its token stops at once and it cannot log in; enabling restores it', async () => {
    const initial = password();
    const code = randomCode();
    const staffId = await create({ staffCode: code, staffPass: initial });
    const userToken = expectOk<LoginData>(await loginAs(code, initial)).token;

    const response = await call('setStatus', { staffId, status: 0 });
    expect(expectOk(response)).toEqual({ staffId, status: 0 });
    expect(envelope(response).msg).toBe('已停用');
    expectRefusal(
      await postForm(t.app, '/api/dept/getDeptList', {}, { token: userToken }),
      401,
      'token错误',
    );
    expect(
      await t.db.selectFrom('session').select('id').where('staffId', '=', staffId).execute(),
    ).toEqual([]);
    expectRefusal(await loginAs(code, initial), 403, '账号已停用，请联系管理员');
    expect((await get(staffId)).status).toBe(0);

    // The same state again changes nothing and logs nothing.
    expectOk(await call('setStatus', { staffId, status: 0 }));
    await ok('setStatus', { staffId, status: 1 });
    const again = expectOk<LoginData>(await loginAs(code, initial));
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { token: again.token }));
    expect(await operTypes(staffId)).toEqual(['新增', '停用', '启用']);

    expectRefusal(
      await call('setStatus', { staffId, status: 2 }),
      400,
      '状态须为 1（启用）或 0（停用）',
    );
    expectRefusal(await call('setStatus', { staffId }), 400, '状态须为 1（启用）或 0（停用）');
    expectRefusal(
      await call('setStatus', { staffId: 999_999, status: 0 }),
      404,
      '用户不存在，请刷新后重试',
    );
  });

  it('an administrator can neither disable, demote nor delete themself', async () => {
    expectRefusal(
      await call('setStatus', { staffId: admin.id, status: 0 }),
      400,
      '不能停用自己的账号',
    );
    expectRefusal(
      await call('save', {
        staffId: admin.id,
        staffCode: admin.code,
        staffName: admin.name,
        staffType: 2,
      }),
      400,
      '不能取消自己的管理员身份',
    );
    expectRefusal(await call('delete', { staffId: admin.id }), 400, '不能删除自己的账号');
    const me = await get(admin.id);
    expect([me.staffType, me.status]).toEqual([5, 1]);
    // Editing themself otherwise is fine.
    await ok('save', {
      staffId: admin.id,
      staffCode: admin.code,
      staffName: admin.name,
      staffType: 5,
    });
  });

  it('never leaves the school without an active administrator', async () => {
    // Only these two administrators stay active (the others are switched off for the test).
    const others = await t.db
      .selectFrom('staff')
      .select('id')
      .where('staffType', '=', 5)
      .where('status', '=', 1)
      .execute();
    const first = await createStaff(t.db, { staffType: 5, name: '管理员丙' });
    const second = await createStaff(t.db, { staffType: 5, name: '管理员丁' });
    await t.db
      .updateTable('staff')
      .set({ status: 0 })
      .where(
        'id',
        'in',
        others.map((o) => o.id),
      )
      .execute();
    try {
      const service = t.services.cmsStaff;
      // Each removes the other at the same moment: one succeeds, the other is refused.
      const results = await Promise.allSettled([
        service.setStatus(second.id, 0, actor(first), null),
        service.setStatus(first.id, 0, actor(second), null),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ statusCode: 409, message: LAST_ADMIN });
      const active = await t.db
        .selectFrom('staff')
        .select('id')
        .where('staffType', '=', 5)
        .where('status', '=', 1)
        .execute();
      expect(active).toHaveLength(1);
      const last = active[0]!.id;
      const gone = last === first.id ? second : first;

      // A request by the one just removed, still in flight, cannot demote, disable or delete the last.
      const stale = actor(gone);
      const lastRow = await t.services.cmsStaff.get(last, actor(first));
      await expect(service.setStatus(last, 0, stale, null)).rejects.toMatchObject({
        statusCode: 409,
        message: LAST_ADMIN,
      });
      await expect(
        service.save(
          {
            staffId: last,
            staffCode: lastRow.staffCode,
            staffName: lastRow.staffName,
            staffType: 2,
          },
          stale,
          null,
        ),
      ).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN });
      await expect(service.delete(last, stale, null)).rejects.toMatchObject({
        statusCode: 409,
        message: LAST_ADMIN,
      });
      const kept = await service.get(last, actor(first));
      expect([kept.staffType, kept.status]).toEqual([5, 1]);
    } finally {
      await t.db
        .updateTable('staff')
        .set({ status: 1 })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    }
  });

  it('deletes an account that authored nothing; an author is kept and may be disabled', async () => {
    const code = randomCode();
    const initial = password();
    const staffId = await create({ staffCode: code, staffPass: initial, deptIds: [dept.group] });
    expectOk<LoginData>(await loginAs(code, initial));
    const response = await call('delete', { staffId });
    expect(expectOk(response)).toBeNull();
    expect(envelope(response).msg).toBe('删除成功');
    expectRefusal(await call('get', { staffId }), 404, '用户不存在，请刷新后重试');
    expectRefusal(await loginAs(code, initial), 400, '账号或密码错误');
    expect(
      await t.db
        .selectFrom('staffDepartment')
        .select('deptId')
        .where('staffId', '=', staffId)
        .execute(),
    ).toEqual([]);
    expect(await operTypes(staffId)).toEqual(['新增', '删除']);
    expectRefusal(await call('delete', { staffId }), 404, '用户不存在，请刷新后重试');

    const author = await createStaff(t.db, { name: '作者老师' });
    await createNews(t.services, { typeId: 2 }, author);
    await createFile(t.services).then((fileId) =>
      t.db
        .updateTable('storedFile')
        .set({ createdBy: author.id })
        .where('id', '=', fileId)
        .execute(),
    );
    // The item was saved as the platform saves it: with its version (内容修改记录).
    expectRefusal(
      await call('delete', { staffId: author.id }),
      400,
      '该用户有新闻、上传的文件、内容修改记录，不能删除；如不再使用，请将其停用',
    );
    expect((await get(author.id)).staffName).toBe('作者老师');
    await ok('setStatus', { staffId: author.id, status: 0 });
  });

  it('logs every change as T_STAFF with who and where, and no password anywhere', async () => {
    const staffId = await create();
    await ok('save', { staffId, staffCode: randomCode(), staffName: '日志老师', staffType: 2 });
    await ok('resetPassword', { staffId, newStaffPass: password() });
    await ok('setStatus', { staffId, status: 0 });
    await ok('setStatus', { staffId, status: 1 });
    await ok('delete', { staffId });
    const rows = await t.db
      .selectFrom('operLog')
      .selectAll()
      .where('infoTable', '=', 'T_STAFF')
      .where('objId', '=', staffId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.operType, r.staffId, r.staffName, r.ip])).toEqual(
      ['新增', '修改', '重置密码', '停用', '启用', '删除'].map((operType) => [
        operType,
        admin.id,
        '管理员甲',
        '10.9.8.7',
      ]),
    );

    const everyLogRow = JSON.stringify(await t.db.selectFrom('operLog').selectAll().execute());
    const logText = logLines.join('');
    // The request log did record these calls, so the absence below means something.
    expect(logText).toContain('/api/cms/staff/resetPassword');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(everyLogRow).not.toContain(secret);
      expect(logText).not.toContain(secret);
    }
    expect(everyLogRow).not.toContain('scrypt');
    expect(logText).not.toContain('scrypt');
  });
});

const LAST_ADMIN = '系统至少要保留一个启用的管理员账号，不能停用或取消最后一个管理员';
