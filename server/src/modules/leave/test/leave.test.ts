import { handoffSign, type HandoffFields } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createDepartment,
  createNews,
  createStaff,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Item {
  leaveId: number;
  staffName: string;
  deptName: string;
  leaveTypeName: string;
  days: number;
  state: string;
  stateName: string;
  waitingFor: string;
  fileId: number | null;
  fileUrl: string | null;
}
interface Detail extends Item {
  steps: Array<{ staffName: string; action: string; actionName: string; note: string | null }>;
  canDecide: boolean;
  canWithdraw: boolean;
}
interface Decision {
  leaveId: number;
  state: string;
  stateName: string;
}
interface Todo {
  leaveNum: number;
  picNum: number;
  leaveUrl: string;
  picUrl: string;
}

describe('api/leave: 请假审批', () => {
  let t: TestApp;
  let admin: TestStaff;
  let head: TestStaff;
  let teacher: TestStaff;
  let loner: TestStaff;
  let other: TestStaff;
  const token = { admin: '', head: '', teacher: '', loner: '', other: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await createDepartment(t.db, { name: '语文组' });
    const empty = await createDepartment(t.db, { name: '无负责人组' });
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    head = await createStaff(t.db, { name: '组长乙', deptIds: [dept] });
    teacher = await createStaff(t.db, { name: '教师丙', deptIds: [dept] });
    loner = await createStaff(t.db, { name: '教师丁', deptIds: [empty] });
    other = await createStaff(t.db, { name: '教师戊', deptIds: [dept] });
    for (const who of ['admin', 'head', 'teacher', 'loner', 'other'] as const) {
      token[who] = await login(t.app, { admin, head, teacher, loner, other }[who]);
    }
    expectOk(
      await postJson(
        t.app,
        '/api/cms/department/save',
        { deptId: dept, deptName: '语文组', headStaffId: head.id },
        { token: token.admin },
      ),
    );
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Record<string, string | number | undefined>, who: string) =>
    postForm(t.app, `/api/leave/${path}`, fields, { token: who, remoteAddress: '10.0.0.9' });
  const ok = async <T>(
    path: string,
    fields: Record<string, string | number | undefined>,
    who: string,
  ) => expectOk<T>(await call(path, fields, who));
  /** A request as the form sends it: strings, the attachment left empty. */
  const form = (extra: Record<string, string> = {}) => ({
    leaveType: '2',
    startDate: '2026-03-09',
    startHalf: '1',
    endDate: '2026-03-10',
    endHalf: '2',
    reason: '感冒发烧，需要休息',
    fileId: '',
    ...extra,
  });
  const apply = async (who: string, extra: Record<string, string> = {}) =>
    (await ok<Decision>('apply', form(extra), who)).leaveId;
  const detail = (leaveId: number, who: string) => ok<Detail>('detail', { leaveId }, who);
  const todo = async (who: string, userId?: number) =>
    expectOk<Todo>(await postForm(t.app, '/api/todo/getTodoNum', { userId }, { token: who }));

  it('refuses anonymous callers', async () => {
    for (const path of [
      'apply',
      'myList',
      'todoList',
      'detail',
      'approve',
      'sendBack',
      'withdraw',
    ]) {
      expectRefusal(await postForm(t.app, `/api/leave/${path}`, { leaveId: 1 }), 401, 'token错误');
    }
    expectRefusal(await postForm(t.app, '/api/todo/getTodoNum', {}), 401, 'token错误');
  });

  it('checks the form', async () => {
    const refuse = async (extra: Record<string, string>, msg: string) =>
      expectRefusal(await call('apply', form(extra), token.teacher), 400, msg);
    await refuse({ leaveType: '' }, '请选择请假类型（1 事假，2 病假，3 公假，4 调课）');
    await refuse({ leaveType: '9' }, '请选择请假类型（1 事假，2 病假，3 公假，4 调课）');
    await refuse({ reason: '   ' }, '请输入请假原因，不超过500个字');
    await refuse({ reason: '长'.repeat(501) }, '请输入请假原因，不超过500个字');
    await refuse({ startDate: '2026-3-9' }, '请选择日期（YYYY-MM-DD）');
    await refuse({ startDate: '2026-02-30' }, '开始日期不正确');
    await refuse({ endHalf: '3' }, '请选择结束时间的上午（1）或下午（2）');
    await refuse({ endDate: '2026-03-08' }, '结束时间不能早于开始时间');
    await refuse(
      { endDate: '2026-03-09', startHalf: '2', endHalf: '1' },
      '结束时间不能早于开始时间',
    );
  });

  it('checks the attachment is an existing upload of the requester', async () => {
    const mine = (
      await t.services.files.save(
        { fileName: 'a.pdf', mimeType: 'application/pdf', createdBy: teacher.id },
        Buffer.from('%PDF-1.4 x'),
      )
    ).id;
    const theirs = (
      await t.services.files.save(
        { fileName: 'b.pdf', mimeType: 'application/pdf', createdBy: other.id },
        Buffer.from('%PDF-1.4 y'),
      )
    ).id;
    expectRefusal(
      await call('apply', form({ fileId: String(theirs) }), token.teacher),
      403,
      '只能附上自己上传的文件',
    );
    expectRefusal(
      await call('apply', form({ fileId: '999999' }), token.teacher),
      400,
      '附件不存在，请重新上传',
    );
    const leaveId = await apply(token.teacher, { fileId: String(mine) });
    const item = await detail(leaveId, token.teacher);
    expect(item).toMatchObject({ fileId: mine, fileUrl: `/api/files/${mine}` });
    // The attachment is for logged-in staff only.
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${mine}` });
    expect(anonymous.statusCode).toBe(401);
    const staffRead = await t.app.inject({
      method: 'GET',
      url: `/api/files/${mine}`,
      headers: { authorization: `Bearer ${token.head}` },
    });
    expect(staffRead.statusCode).toBe(200);
    await ok('withdraw', { leaveId }, token.teacher);
  });

  it('files a request to the head, who approves it (half days counted)', async () => {
    const before = await todo(token.head);
    const filed = await ok<Decision>('apply', form(), token.teacher);
    expect(filed).toMatchObject({ state: 'pending', stateName: '待审批' });
    const item = await detail(filed.leaveId, token.teacher);
    expect(item).toMatchObject({
      staffName: '教师丙',
      deptName: '语文组',
      leaveTypeName: '病假',
      days: 2,
      waitingFor: '组长乙',
      canDecide: false,
      canWithdraw: true,
    });
    expect((await todo(token.head)).leaveNum).toBe(before.leaveNum + 1);
    const waiting = await ok<{ list: Item[]; approver: boolean }>(
      'todoList',
      { pageNum: '', pageSize: '' },
      token.head,
    );
    expect(waiting.approver).toBe(true);
    expect(waiting.list.map((row) => row.leaveId)).toContain(filed.leaveId);
    expect((await detail(filed.leaveId, token.head)).canDecide).toBe(true);

    expectRefusal(
      await call('approve', { leaveId: filed.leaveId }, token.other),
      403,
      '只有等待其审批的人可以审批该申请',
    );
    expectRefusal(
      await call('approve', { leaveId: filed.leaveId }, token.teacher),
      403,
      '只有等待其审批的人可以审批该申请',
    );
    expectRefusal(
      await call('detail', { leaveId: filed.leaveId }, token.other),
      403,
      '无权查看该请假申请',
    );
    // 2 days is within QJTS (3): the head's approval is the last step.
    const approved = await ok<Decision>('approve', { leaveId: filed.leaveId }, token.head);
    expect(approved).toMatchObject({ state: 'approved', stateName: '已批准' });
    expectRefusal(
      await call('approve', { leaveId: filed.leaveId }, token.head),
      409,
      '该申请已处理，请刷新后查看',
    );
    expectRefusal(
      await call('sendBack', { leaveId: filed.leaveId, note: '不行' }, token.head),
      409,
      '该申请已处理，请刷新后查看',
    );
    expectRefusal(
      await call('withdraw', { leaveId: filed.leaveId }, token.teacher),
      409,
      '该申请已处理，不能撤回',
    );

    const done = await detail(filed.leaveId, token.teacher);
    expect(done.steps.map((s) => [s.staffName, s.action])).toEqual([
      ['教师丙', 'apply'],
      ['组长乙', 'approve'],
    ]);
    expect((await todo(token.head)).leaveNum).toBe(before.leaveNum);
    const log = await t.db
      .selectFrom('operLog')
      .select(['operType', 'ip'])
      .where('infoTable', '=', 'T_LEAVE')
      .where('objId', '=', filed.leaveId)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.operType)).toEqual(['提交申请', '审批通过']);
    expect(log[0]!.ip).toBe('10.0.0.9');
  });

  it('sends a longer request on to the school after the head (QJTS days)', async () => {
    const leaveId = await apply(token.teacher, { endDate: '2026-03-11', endHalf: '1' }); // 2.5 days
    expect((await ok<Decision>('approve', { leaveId }, token.head)).state).toBe('approved');
    const long = await apply(token.teacher, { endDate: '2026-03-12', endHalf: '1' }); // 3.5 days
    const adminBefore = (await todo(token.admin)).leaveNum;
    const moved = await ok<Decision>('approve', { leaveId: long }, token.head);
    expect(moved).toMatchObject({ state: 'school', stateName: '待学校审批' });
    expect((await todo(token.admin)).leaveNum).toBe(adminBefore + 1);
    expect((await detail(long, token.teacher)).waitingFor).toBe('学校管理员');
    expectRefusal(
      await call('approve', { leaveId: long }, token.head),
      409,
      '该申请已处理，请刷新后查看',
    );
    expect((await ok<Decision>('approve', { leaveId: long }, token.admin)).state).toBe('approved');
    const steps = (await detail(long, token.teacher)).steps.map((s) => s.actionName);
    expect(steps).toEqual(['提交申请', '审批通过，转学校审批', '审批通过']);

    // The parameter decides: with QJTS 1 a 2-day request goes on to the school too.
    await t.db.updateTable('sysParameter').set({ value: '1' }).where('code', '=', 'QJTS').execute();
    const two = await apply(token.teacher);
    expect((await ok<Decision>('approve', { leaveId: two }, token.head)).state).toBe('school');
    await t.db.updateTable('sysParameter').set({ value: '3' }).where('code', '=', 'QJTS').execute();
  });

  it('goes straight to the school without a head, or for the head himself', async () => {
    const lonely = await ok<Decision>('apply', form(), token.loner);
    expect(lonely).toMatchObject({ state: 'school', stateName: '待学校审批' });
    const own = await ok<Decision>('apply', form(), token.head);
    expect(own.state).toBe('school');
    expectRefusal(
      await call('approve', { leaveId: own.leaveId }, token.head),
      403,
      '只有等待其审批的人可以审批该申请',
    );
    const headTodo = await ok<{ list: Item[] }>('todoList', {}, token.head);
    expect(headTodo.list.map((row) => row.leaveId)).not.toContain(own.leaveId);
    expect((await ok<Decision>('approve', { leaveId: lonely.leaveId }, token.admin)).state).toBe(
      'approved',
    );
  });

  it('sends back with a reason, and lets the requester withdraw while pending', async () => {
    const leaveId = await apply(token.teacher, { leaveType: '1' });
    expectRefusal(
      await call('sendBack', { leaveId, note: '' }, token.head),
      400,
      '请输入退回原因，不超过500个字',
    );
    const back = await ok<Decision>('sendBack', { leaveId, note: '请补充材料' }, token.head);
    expect(back).toMatchObject({ state: 'returned', stateName: '已退回' });
    const seen = await detail(leaveId, token.teacher);
    expect(seen.steps.at(-1)).toMatchObject({
      action: 'sendBack',
      actionName: '退回',
      note: '请补充材料',
    });
    expect(seen.canWithdraw).toBe(false);

    const again = await apply(token.teacher);
    expectRefusal(
      await call('withdraw', { leaveId: again }, token.other),
      403,
      '只能撤回自己的请假申请',
    );
    expect((await ok<Decision>('withdraw', { leaveId: again }, token.teacher)).stateName).toBe(
      '已撤回',
    );
    expectRefusal(
      await call('approve', { leaveId: again }, token.head),
      409,
      '该申请已处理，请刷新后查看',
    );
    const mine = await ok<{ total: number; list: Item[] }>(
      'myList',
      { state: 'withdrawn', pageNum: '', pageSize: '' },
      token.teacher,
    );
    expect(mine.list.map((row) => row.leaveId)).toContain(again);
    expect(mine.list.every((row) => row.stateName === '已撤回')).toBe(true);
    expectRefusal(
      await call('detail', { leaveId: 999999 }, token.teacher),
      404,
      '请假申请不存在或已删除',
    );
  });

  it('counts the to-dos: leave waiting for me, picture review for isPower 1 only', async () => {
    expectRefusal(
      await postForm(t.app, '/api/todo/getTodoNum', { userId: head.id }, { token: token.teacher }),
      403,
      '只能以自己的身份操作',
    );
    const base = await todo(token.admin, admin.id);
    expect(base).toMatchObject({
      leaveUrl: '/leave?tab=todo',
      picUrl: '/cms/news?reviewState=submitted&media=1',
    });
    const set = await createNews(t.services, { typeId: 11, contentKind: 2 }, admin);
    const plain = await createNews(t.services, { typeId: 2 }, admin);
    await t.db
      .updateTable('news')
      .set({ reviewState: 'submitted' })
      .where('id', 'in', [set, plain])
      .execute();
    expect((await todo(token.admin)).picNum).toBe(base.picNum + 1);
    expect(await todo(token.teacher)).toMatchObject({ picNum: 0, picUrl: '' });
    const listed = expectOk<{ list: Array<{ newId: number }> }>(
      await postJson(
        t.app,
        '/api/cms/news/list',
        { reviewState: 'submitted', media: 1 },
        { token: token.admin },
      ),
    );
    expect(listed.list.map((row) => row.newId)).toEqual(expect.arrayContaining([set]));
    expect(listed.list.map((row) => row.newId)).not.toContain(plain);
  });

  it('hands off to the to-do list (21) and picture review (22, isPower 1 only)', async () => {
    const fields = (staff: TestStaff, who: string, visitType: number) => {
      const base: HandoffFields = {
        staffType: staff.staffType,
        staffId: staff.id,
        staffCode: staff.code,
        signStatus: 'P',
        TIMESTAMP: t.clock.now().getTime() + visitType,
        token: who,
        visitType,
      };
      return { ...base, sign: handoffSign(base) };
    };
    const enter = async (staff: TestStaff, who: string, visitType: number) => {
      const { retUrl } = expectOk<{ retUrl: string }>(
        await postForm(t.app, '/api/cms/handoff', fields(staff, who, visitType)),
      );
      const ticket = new URL(retUrl, 'http://x').searchParams.get('ticket')!;
      return expectOk<{ target: string }>(await postForm(t.app, '/api/cms/enter', { ticket }))
        .target;
    };
    expect(await enter(head, token.head, 21)).toBe('/leave?tab=todo');
    expect(await enter(admin, token.admin, 22)).toBe('/cms/news?reviewState=submitted&media=1');
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', fields(teacher, token.teacher, 22)),
      403,
      '只有管理员可以审核图片',
    );
  });
});
