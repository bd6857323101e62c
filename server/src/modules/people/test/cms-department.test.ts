import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Node {
  deptId: number;
  deptName: string;
  parentId: number | null;
  sort: number;
  staffCount: number;
  totalStaffCount: number;
  headStaffId: number | null;
  headName: string | null;
  children: Node[];
}

const SITE_ADMIN_ONLY = '只有系统管理员可以进行此操作';

describe('api/cms/department: the department tree', () => {
  let t: TestApp;
  let admin: TestStaff;
  const token = { admin: '', teacher: '', powerTeacher: '' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    const teacher = await createStaff(t.db, { name: '王老师' });
    const powerTeacher = await createStaff(t.db, { name: '李老师', isPower: 1 });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.powerTeacher = await login(t.app, powerTeacher);
  });
  afterAll(() => t?.close());

  const call = (path: string, body: Record<string, unknown>, who = token.admin) =>
    postJson(t.app, `/api/cms/department/${path}`, body, { token: who, remoteAddress: '10.1.2.3' });
  const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who?: string) =>
    expectOk<T>(await call(path, body, who));
  const create = async (deptName: string, parentId = 0) =>
    (await ok<{ deptId: number }>('save', { deptName, parentId })).deptId;
  const tree = () => ok<Node[]>('tree', {});
  const findIn = (nodes: Node[], deptId: number): Node | undefined => {
    for (const node of nodes) {
      if (node.deptId === deptId) return node;
      const found = findIn(node.children, deptId);
      if (found) return found;
    }
    return undefined;
  };
  const node = async (deptId: number) => findIn(await tree(), deptId);
  const childNames = async (deptId: number) =>
    (await node(deptId))!.children.map((child) => child.deptName);
  const operTypes = async (deptId: number) =>
    (
      await t.db
        .selectFrom('operLog')
        .select('operType')
        .where('infoTable', '=', 'T_DEPARTMENT')
        .where('objId', '=', deptId)
        .orderBy('id')
        .execute()
    ).map((row) => row.operType);

  it('refuses every call without a login, and to teachers, even with news rights', async () => {
    for (const path of ['tree', 'save', 'move', 'delete']) {
      const body = { deptId: 1, deptName: '教务处', direction: 'up' };
      expectRefusal(await postJson(t.app, `/api/cms/department/${path}`, body), 401, 'token错误');
      expectRefusal(await call(path, body, token.teacher), 403, SITE_ADMIN_ONLY);
      expectRefusal(await call(path, body, token.powerTeacher), 403, SITE_ADMIN_ONLY);
    }
    expect(await t.db.selectFrom('department').select('id').execute()).toEqual([]);
  });

  it('creates departments from a form, in order, each logged', async () => {
    const response = await postForm(
      t.app,
      '/api/cms/department/save',
      { deptName: '  教务处  ', parentId: '', deptId: '' },
      { token: token.admin, remoteAddress: '10.1.2.3' },
    );
    const { deptId: office } = expectOk<{ deptId: number }>(response);
    const highSchool = await create('高中教务科', office);
    const juniorSchool = await create('初中教务科', office);

    const found = await node(office);
    expect(found).toMatchObject({ deptName: '教务处', parentId: null, staffCount: 0 });
    expect(found!.children.map((c) => [c.deptName, c.parentId, c.sort])).toEqual([
      ['高中教务科', office, 0],
      ['初中教务科', office, 1],
    ]);
    expect(juniorSchool).toBeGreaterThan(highSchool);

    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'operType', 'ip'])
      .where('infoTable', '=', 'T_DEPARTMENT')
      .where('objId', '=', office)
      .execute();
    expect(log).toEqual([
      { staffId: admin.id, staffName: '管理员甲', operType: '新增', ip: '10.1.2.3' },
    ]);
  });

  it('counts staff per department and with everything below it', async () => {
    const school = await create('计数中学');
    const grade = await create('高一年级', school);
    const group = await create('高一语文组', grade);
    const both = await createStaff(t.db, { deptIds: [group, grade] });
    await createStaff(t.db, { deptIds: [group] });
    await createStaff(t.db, { deptIds: [grade], status: 0 });
    expect(both.id).toBeGreaterThan(0);

    const top = await node(school);
    expect([top!.staffCount, top!.totalStaffCount]).toEqual([0, 3]);
    expect([top!.children[0]!.staffCount, top!.children[0]!.totalStaffCount]).toEqual([2, 3]);
    const leaf = top!.children[0]!.children[0]!;
    expect([leaf.deptName, leaf.staffCount, leaf.totalStaffCount]).toEqual(['高一语文组', 2, 2]);
  });

  it('refuses a missing or too long name, and a parent that does not exist', async () => {
    for (const deptName of ['', '   ']) {
      expectRefusal(await call('save', { deptName }), 400, '请输入部门名称，不超过64个字');
    }
    expectRefusal(await call('save', {}), 400, '请输入部门名称，不超过64个字');
    expectRefusal(
      await call('save', { deptName: '部'.repeat(65) }),
      400,
      '请输入部门名称，不超过64个字',
    );
    expect(await create('部'.repeat(64))).toBeGreaterThan(0);
    expectRefusal(
      await call('save', { deptName: '新部门', parentId: 999_999 }),
      400,
      '上级部门不存在，请刷新后重试',
    );
    expectRefusal(
      await call('save', { deptName: '新部门', parentId: -1 }),
      400,
      '上级部门不正确（0 为顶级）',
    );
    expectRefusal(
      await call('save', { deptId: 999_999, deptName: '新部门' }),
      404,
      '部门不存在，请刷新后重试',
    );
    expectRefusal(await call('save', { deptId: 'abc', deptName: '新部门' }), 400, '请选择部门');
  });

  it('keeps names unique among siblings only', async () => {
    const root = await create('德育处');
    await create('团委', root);
    const other = await create('后勤处');
    expectRefusal(
      await call('save', { deptName: '德育处' }),
      409,
      '顶级部门中已有名为「德育处」的部门',
    );
    expectRefusal(
      await call('save', { deptName: '团委', parentId: root }),
      409,
      '同一上级部门下已有名为「团委」的部门',
    );
    // The same name under another parent is another department.
    const twin = await create('团委', other);
    expectRefusal(
      await call('save', { deptId: twin, deptName: '团委', parentId: root }),
      409,
      '同一上级部门下已有名为「团委」的部门',
    );
    // Saving a department under its own name is no clash.
    expectOk(await call('save', { deptId: root, deptName: '德育处' }));
  });

  it('renames in place and re-parents, never into itself or below itself', async () => {
    const a = await create('甲部门');
    const b = await create('乙部门', a);
    const c = await create('丙部门', b);
    const other = await create('丁部门');

    await ok('save', { deptId: b, deptName: '乙部门（新）' });
    expect(await childNames(a)).toEqual(['乙部门（新）']);
    expect(await operTypes(b)).toEqual(['新增', '修改']);

    expectRefusal(
      await call('save', { deptId: a, deptName: '甲部门', parentId: a }),
      400,
      '上级部门不能是它自己',
    );
    expectRefusal(
      await call('save', { deptId: a, deptName: '甲部门', parentId: c }),
      400,
      '上级部门不能是它自己的下级部门',
    );
    expectRefusal(
      await call('move', { deptId: a, parentId: b }),
      400,
      '上级部门不能是它自己的下级部门',
    );
    expectRefusal(await call('move', { deptId: a, parentId: a }), 400, '上级部门不能是它自己');
    expect((await node(a))!.parentId).toBeNull();

    // Moving b (with c below it) under another department takes the branch along.
    await ok('save', { deptId: b, deptName: '乙部门（新）', parentId: other });
    expect(await childNames(a)).toEqual([]);
    expect(await childNames(other)).toEqual(['乙部门（新）']);
    expect(await childNames(b)).toEqual(['丙部门']);
    // Back to the top level with parentId 0.
    await ok('save', { deptId: c, deptName: '丙部门', parentId: 0 });
    expect((await node(c))!.parentId).toBeNull();
  });

  it('moves up and down among siblings, refusing at the ends', async () => {
    const parent = await create('排序测试');
    const [x, y, z] = [
      await create('一组', parent),
      await create('二组', parent),
      await create('三组', parent),
    ];
    const moved = await call('move', { deptId: z, direction: 'up' });
    expect(expectOk(moved)).toEqual({ deptId: z, parentId: parent, sort: 1 });
    expect(moved.json().msg).toBe('已上移');
    expect(await childNames(parent)).toEqual(['一组', '三组', '二组']);
    await ok('move', { deptId: x, direction: 'down' });
    expect(await childNames(parent)).toEqual(['三组', '一组', '二组']);

    expectRefusal(
      await call('move', { deptId: z, direction: 'up' }),
      400,
      '已经是第一个，不能再上移',
    );
    expectRefusal(
      await call('move', { deptId: y, direction: 'down' }),
      400,
      '已经是最后一个，不能再下移',
    );
    expectRefusal(
      await call('move', { deptId: y, direction: 'left' }),
      400,
      'direction 须为 up（上移）或 down（下移）',
    );
    expectRefusal(await call('move', { deptId: y, position: -1 }), 400, '位置须为不小于0的整数');
    expectRefusal(
      await call('move', { deptId: 999_999, direction: 'up' }),
      404,
      '部门不存在，请刷新后重试',
    );
    expect(await operTypes(z)).toEqual(['新增', '上移']);
    expect(await operTypes(x)).toEqual(['新增', '下移']);

    // The intranet's own call reads the same order.
    const children = expectOk<Array<{ deptName: string }>>(
      await postForm(
        t.app,
        '/api/dept/getChildDeptList',
        { deptId: parent },
        { token: token.admin },
      ),
    );
    expect(children.map((c) => c.deptName)).toEqual(['三组', '一组', '二组']);
  });

  it('moves to a place under another parent (drag and drop) and closes the gap it leaves', async () => {
    const from = await create('拖动来源');
    const to = await create('拖动目标');
    const a = await create('甲', from);
    const b = await create('乙', from);
    const c = await create('丙', from);
    const d = await create('丁', to);
    const e = await create('戊', to);

    const result = await ok('move', { deptId: b, parentId: to, position: 1 });
    expect(result).toEqual({ deptId: b, parentId: to, sort: 1 });
    const source = await node(from);
    expect(source!.children.map((n) => [n.deptName, n.sort])).toEqual([
      ['甲', 0],
      ['丙', 1],
    ]);
    const target = await node(to);
    expect(target!.children.map((n) => [n.deptName, n.sort])).toEqual([
      ['丁', 0],
      ['乙', 1],
      ['戊', 2],
    ]);
    // Without a position it goes last; with a position past the end, too.
    await ok('move', { deptId: a, parentId: to });
    await ok('move', { deptId: c, parentId: to, position: 99 });
    expect(await childNames(to)).toEqual(['丁', '乙', '戊', '甲', '丙']);
    // Within the same parent, to the front.
    await ok('move', { deptId: e, position: 0 });
    expect(await childNames(to)).toEqual(['戊', '丁', '乙', '甲', '丙']);
    expect(await operTypes(b)).toEqual(['新增', '移动']);
    expect(d).toBeGreaterThan(0);

    const clash = await create('乙', from);
    expectRefusal(
      await call('move', { deptId: clash, parentId: to }),
      409,
      '同一上级部门下已有名为「乙」的部门',
    );
  });

  it('deletes only an empty department, naming what is still in it', async () => {
    const parent = await create('待删部门');
    const kids = [];
    for (const name of ['一科', '二科', '三科', '四科']) kids.push(await create(name, parent));
    expectRefusal(
      await call('delete', { deptId: parent }),
      400,
      '该部门下还有下级部门「一科」、「二科」、「三科」等4个，请先删除或移走下级部门',
    );
    await createStaff(t.db, { name: '赵老师', deptIds: [kids[0]!] });
    await createStaff(t.db, { name: '钱老师', deptIds: [kids[1]!, kids[0]!] });
    expectRefusal(
      await call('delete', { deptId: kids[0] }),
      400,
      '该部门下还有用户「赵老师」、「钱老师」，请先在用户管理中调整他们的部门',
    );

    await ok('delete', { deptId: kids[2] });
    expect(await childNames(parent)).toEqual(['一科', '二科', '四科']);
    expect((await node(parent))!.children.map((n) => n.sort)).toEqual([0, 1, 2]);
    expect(
      await t.db.selectFrom('department').where('id', '=', kids[2]!).select('id').execute(),
    ).toEqual([]);
    expect(await operTypes(kids[2]!)).toEqual(['新增', '删除']);
    expectRefusal(await call('delete', { deptId: kids[2] }), 404, '部门不存在，请刷新后重试');
    expectRefusal(await call('delete', {}), 400, '请选择部门');
    // Nothing else was touched by the refusals.
    expect(await childNames(kids[0]!)).toEqual([]);
    expect((await node(kids[0]!))!.staffCount).toBe(2);
  });

  it('sets, keeps and clears the head (负责人), refusing one that does not exist', async () => {
    const leader = await createStaff(t.db, { name: '组长甲' });
    const form = (fields: Record<string, string | number>) =>
      postForm(t.app, '/api/cms/department/save', fields, { token: token.admin });
    const { deptId } = expectOk<{ deptId: number }>(
      await form({ deptName: '负责人组', parentId: 0, headStaffId: leader.id }),
    );
    expect(await node(deptId)).toMatchObject({ headStaffId: leader.id, headName: '组长甲' });
    // Left out, the head stays; a form's empty head (or 0) clears it.
    expectOk(await form({ deptId, deptName: '负责人组改' }));
    expect(await node(deptId)).toMatchObject({ deptName: '负责人组改', headName: '组长甲' });
    expectOk(await form({ deptId, deptName: '负责人组改', headStaffId: '' }));
    expect(await node(deptId)).toMatchObject({ headStaffId: null, headName: null });
    expectOk(await form({ deptId, deptName: '负责人组改', headStaffId: leader.id }));
    expectRefusal(
      await form({ deptId, deptName: '负责人组改', headStaffId: 999999 }),
      400,
      '负责人不存在或已停用，请重新选择',
    );
    expectRefusal(
      await form({ deptId, deptName: '负责人组改', headStaffId: -1 }),
      400,
      '负责人不正确（0 为无负责人）',
    );
    expectOk(await form({ deptId, deptName: '负责人组改', headStaffId: 0 }));
    expect(await node(deptId)).toMatchObject({ headStaffId: null, headName: null });
    expectOk(await call('save', { deptId, deptName: '负责人组改', headStaffId: leader.id }));
    expectOk(await call('save', { deptId, deptName: '负责人组改', headStaffId: null }));
    expect((await node(deptId))!.headStaffId).toBeNull();
    const leaving = await createStaff(t.db, { name: '组长乙' });
    expectOk(await call('save', { deptId, deptName: '负责人组改', headStaffId: leaving.id }));
    await t.db.deleteFrom('staff').where('id', '=', leaving.id).execute();
    expect((await node(deptId))!.headStaffId).toBeNull();
  });

  it('two moves at the same moment cannot make a cycle', async () => {
    const a = await create('并发甲');
    const b = await create('并发乙');
    const actor = {
      id: admin.id,
      code: admin.code,
      name: admin.name,
      staffType: 5,
      isPower: 1,
      isAdmin: '0',
      email: null,
      schoolId: 1,
      whetherpass: 1,
      sessionId: 0,
    };
    const results = await Promise.allSettled([
      t.services.cmsDepartment.move({ deptId: a, parentId: b }, actor, null),
      t.services.cmsDepartment.move({ deptId: b, parentId: a }, actor, null),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe('上级部门不能是它自己的下级部门');
    const parents = await t.db
      .selectFrom('department')
      .select('parentId')
      .where('id', 'in', [a, b])
      .execute();
    expect(parents.filter((p) => p.parentId === null)).toHaveLength(1);
  });
});
