import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createDepartment, createStaff, type TestStaff } from './helpers/factories.js';
import { expectOk, expectRefusal, login, postForm } from './helpers/http.js';

interface ReceiveItem {
  inmailId: number;
  receiveId: number;
  inmailTitle: string;
  sendName: string;
  inmainState: number;
  fileCount: number;
}
interface SendItem {
  inmailId: number;
  sendId: number;
  inmailTitle: string;
  receiveName: string;
  ifRead: string;
  inmainState: number;
  recalled: boolean;
  fileCount: number;
}
interface Detail {
  inmailId: number;
  inmailTitle: string;
  inmailContent: string;
  sendName: string;
  receiveId: number | null;
  sendId: number | null;
  recalled: boolean;
  staffInfoList: Array<{
    staffId: number;
    staffName: string;
    inmainState: number | null;
    readDate: string | null;
  }>;
  staffIdArr: string;
  fileList: Array<{ fileId: number; fileName: string; filePath: string }>;
}
interface Page<T> {
  total: number;
  list: T[];
}
type Fields = Record<string, string | number | undefined>;

describe('api/email: 站内邮件', () => {
  let t: TestApp;
  let sender: TestStaff;
  let alice: TestStaff;
  let bob: TestStaff;
  let outsider: TestStaff;
  let retired: TestStaff;
  const token = { sender: '', alice: '', bob: '', outsider: '' };

  beforeAll(async () => {
    t = await createTestApp();
    const dept = await createDepartment(t.db, { name: '数学组' });
    const sub = await createDepartment(t.db, { name: '数学备课组', parentId: dept });
    sender = await createStaff(t.db, { name: '发件老师', deptIds: [dept] });
    alice = await createStaff(t.db, { name: '收件甲', deptIds: [dept] });
    bob = await createStaff(t.db, { name: '收件乙', deptIds: [sub] });
    outsider = await createStaff(t.db, { name: '旁人丙' });
    retired = await createStaff(t.db, { name: '停用丁' });
    await t.db.updateTable('staff').set({ status: 0 }).where('id', '=', retired.id).execute();
    const people = { sender, alice, bob, outsider };
    for (const who of ['sender', 'alice', 'bob', 'outsider'] as const) {
      token[who] = await login(t.app, people[who]);
    }
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/email/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  const send = (fields: Fields, who = token.sender) =>
    ok<{ inmailId: number }>(
      'sendEmail',
      {
        idRoleReceiveArr: `${alice.id},${bob.id}`,
        inmainState: 1,
        inmailTitle: '教研通知',
        inmailContent: '<p>周三下午教研活动</p>',
        fileList: '',
        ...fields,
      },
      who,
    );
  const inbox = (who: string, extra: Fields = {}) =>
    ok<Page<ReceiveItem>>('getReceiveList', { pageNum: 1, pageSize: 10, ...extra }, who);
  const outbox = (who: string, extra: Fields = {}) =>
    ok<Page<SendItem>>('getSendList', { pageNum: 1, pageSize: 10, ...extra }, who);
  const unread = (who: string) => ok<number>('getUnreadNum', {}, who);
  const upload = async (owner: TestStaff, fileName = '教案.docx') =>
    (
      await t.services.files.save(
        { fileName, mimeType: 'application/octet-stream', createdBy: owner.id },
        Buffer.from(`bytes of ${fileName}`),
      )
    ).id;
  const files = (...items: Array<{ fileId: number; fileName?: string }>) => JSON.stringify(items);
  const entryOf = async (who: string, inmailId: number) =>
    (await inbox(who, { pageSize: 50 })).list.find((item) => item.inmailId === inmailId);
  const sentOf = async (inmailId: number) =>
    (await outbox(token.sender, { pageSize: 50 })).list.find((item) => item.inmailId === inmailId);

  it('refuses anonymous callers', async () => {
    for (const path of ['sendEmail', 'getReceiveList', 'getUnreadNum', 'recall', 'selectStaff']) {
      expectRefusal(await postForm(t.app, `/api/email/${path}`, {}), 401, 'token错误');
    }
  });

  it('sends a mail: the recipients see it unread, the sender in the sent box', async () => {
    const before = await unread(token.alice);
    const { inmailId } = await send({
      idRoleReceiveArr: `${alice.id}, ${bob.id},${alice.id}`,
      inmailTitle: '  期中考试安排 ',
      inmailContent: '<p onclick="x()">请查收<script>alert(1)</script></p>',
    });
    expect(await unread(token.alice)).toBe(before + 1);
    const item = (await entryOf(token.alice, inmailId))!;
    expect(item).toMatchObject({
      inmailTitle: '期中考试安排',
      sendName: '发件老师',
      inmainState: 1,
      fileCount: 0,
    });
    expect((await entryOf(token.bob, inmailId))?.inmainState).toBe(1);
    expect(await entryOf(token.outsider, inmailId)).toBeUndefined();
    const sent = (await sentOf(inmailId))!;
    expect(sent).toMatchObject({ receiveName: '收件甲、收件乙', ifRead: '1', recalled: false });
    const inboxRows = await t.db
      .selectFrom('mailInbox')
      .select('staffId')
      .where('mailId', '=', inmailId)
      .execute();
    expect(inboxRows.map((row) => row.staffId).sort()).toEqual([alice.id, bob.id].sort());

    const detail = await ok<Detail>(
      'getEmailDetail',
      { inmailId, receiveId: item.receiveId },
      token.alice,
    );
    expect(detail.inmailContent).toBe('<p>请查收</p>');
    expect(detail.sendName).toBe('发件老师');
    expect(detail.staffInfoList.map((r) => r.staffName)).toEqual(['收件甲', '收件乙']);
    expect(detail.staffInfoList.every((r) => r.inmainState === null)).toBe(true);

    expect(await ok<number>('updateRead', { receiveId: item.receiveId }, token.alice)).toBe(before);
    expect((await entryOf(token.alice, inmailId))?.inmainState).toBe(2);
    expect((await sentOf(inmailId))?.ifRead).toBe('0');
    const receipts = await ok<Detail>(
      'getEmailDetail',
      { inmailId, sendId: sent.sendId },
      token.sender,
    );
    const byName = Object.fromEntries(receipts.staffInfoList.map((r) => [r.staffName, r]));
    expect(byName['收件甲']).toMatchObject({ inmainState: 2 });
    expect(byName['收件甲']!.readDate).not.toBeNull();
    expect(byName['收件乙']).toMatchObject({ inmainState: 1, readDate: null });
    expect(receipts.staffIdArr).toBe(`${alice.id},${bob.id}`);
  });

  it('lets only the sender and recipients read a mail', async () => {
    const { inmailId } = await send({ inmailTitle: '仅限收件人' });
    expectRefusal(
      await call('getEmailDetail', { inmailId }, token.outsider),
      403,
      '无权查看该邮件',
    );
    expectRefusal(
      await call('getEmailDetail', { inmailId: 999999 }, token.alice),
      404,
      '邮件不存在或已删除',
    );
    const mine = (await entryOf(token.alice, inmailId))!;
    const bobs = (await entryOf(token.bob, inmailId))!;
    expectRefusal(
      await call('getEmailDetail', { inmailId, receiveId: bobs.receiveId }, token.alice),
      403,
      '无权查看该邮件',
    );
    expectRefusal(
      await call('updateRead', { receiveId: mine.receiveId }, token.bob),
      403,
      '只能操作自己的邮件',
    );
    expectRefusal(
      await call('delReceive', { receiveIdArr: String(mine.receiveId) }, token.bob),
      403,
      '只能操作自己的邮件',
    );
    const sent = (await sentOf(inmailId))!;
    expectRefusal(
      await call('delSend', { sendIdArr: String(sent.sendId) }, token.alice),
      403,
      '只能操作自己的邮件',
    );
    expectRefusal(
      await call('recall', { sendId: sent.sendId }, token.alice),
      403,
      '只能操作自己的邮件',
    );
  });

  it('pages both lists newest first and filters them', async () => {
    const writer = await createStaff(t.db, { name: '分页老师' });
    const reader = await createStaff(t.db, { name: '分页读者' });
    const [writerToken, readerToken] = [await login(t.app, writer), await login(t.app, reader)];
    for (let i = 1; i <= 12; i += 1) {
      await send(
        {
          idRoleReceiveArr: String(reader.id),
          inmailTitle: `第${i}封`,
          inmailContent: i === 3 ? '<p>关于春游</p>' : '',
        },
        writerToken,
      );
    }
    const first = await inbox(readerToken);
    expect(first.total).toBe(12);
    expect(first.list.map((item) => item.inmailTitle).slice(0, 2)).toEqual(['第12封', '第11封']);
    const second = await inbox(readerToken, { pageNum: 2, pageSize: '' });
    expect(second.list.map((item) => item.inmailTitle)).toEqual(['第2封', '第1封']);
    await ok('updateRead', { receiveId: first.list[0]!.receiveId }, readerToken);
    expect((await inbox(readerToken, { inmainState: 2 })).total).toBe(1);
    expect((await inbox(readerToken, { inmainState: 1 })).total).toBe(11);
    expect((await inbox(readerToken, { keyword: '春游' })).list.map((i) => i.inmailTitle)).toEqual([
      '第3封',
    ]);
    expect((await inbox(readerToken, { keyword: '分页老师' })).total).toBe(12);
    const sentPage = await outbox(writerToken, { pageNum: 2 });
    expect(sentPage.total).toBe(12);
    expect(sentPage.list).toHaveLength(2);
    expect((await outbox(writerToken, { inmainState: 2 })).list.map((i) => i.inmailTitle)).toEqual([
      '第12封',
    ]);
    expect((await outbox(writerToken, { inmainState: 1 })).total).toBe(11);
    expect(await unread(readerToken)).toBe(11);
  });

  it('checks what is sent', async () => {
    const refuse = async (fields: Fields, status: number, msg: string) =>
      expectRefusal(
        await call(
          'sendEmail',
          { idRoleReceiveArr: String(alice.id), inmailTitle: '主题', ...fields },
          token.sender,
        ),
        status,
        msg,
      );
    await refuse({ inmailTitle: '  ' }, 400, '请填写主题');
    await refuse({ inmailTitle: '长'.repeat(201) }, 400, '请填写主题，不超过200个字');
    await refuse({ idRoleReceiveArr: '' }, 400, '请选择收件人');
    await refuse({ idRoleReceiveArr: 'a,b' }, 400, '请选择收件人');
    await refuse(
      { idRoleReceiveArr: `${alice.id},999999` },
      400,
      '收件人不存在或已停用（编号 999999）',
    );
    await refuse(
      { idRoleReceiveArr: String(retired.id) },
      400,
      `收件人不存在或已停用（编号 ${retired.id}）`,
    );
    await refuse({ inmailContent: `<p>${'字'.repeat(2501)}</p>` }, 400, '正文不能超过2500个字');
    const many = await Promise.all(
      Array.from({ length: 21 }, (_, i) => upload(sender, `f${i}.pdf`)),
    );
    await refuse({ fileList: files(...many.map((fileId) => ({ fileId }))) }, 400, '附件最多20个');
    const exe = await upload(sender, 'setup.exe');
    await refuse({ fileList: files({ fileId: exe }) }, 400, '不符合格式文件：setup.exe');
    await refuse(
      { fileList: files({ fileId: many[0]!, fileName: '改名.bat' }) },
      400,
      '不符合格式文件：改名.bat',
    );
    await refuse({ fileList: 'not json' }, 400, '附件列表格式不正确');
    await refuse({ fileList: files({ fileId: 999999 }) }, 400, '附件不存在，请重新上传');
    const theirs = await upload(outsider, '别人的.pdf');
    await refuse(
      { fileList: files({ fileId: theirs }) },
      403,
      '只能附上自己上传的文件或收到的附件',
    );
    // 2500 characters of text is allowed, however much markup surrounds them.
    await send({ inmailContent: `<p><strong>${'字'.repeat(2500)}</strong></p>` });
    // Sending to oneself is allowed.
    const self = await send({ idRoleReceiveArr: String(sender.id) });
    expect(await entryOf(token.sender, self.inmailId)).toBeDefined();
  });

  it('refuses acting as someone else', async () => {
    const asOther = { staffId: alice.id };
    for (const path of ['getReceiveList', 'getSendList', 'getUnreadNum']) {
      expectRefusal(await call(path, asOther, token.sender), 403, '只能以自己的身份操作');
    }
    const impostor = {
      idRoleReceiveArr: String(bob.id),
      idRoleSend: alice.id,
      inmailTitle: '冒名',
    };
    expectRefusal(await call('sendEmail', impostor, token.sender), 403, '只能以自己的身份操作');
    expectRefusal(
      await call('selectStaff', { staffName: '收件', staffId: alice.id }, token.sender),
      403,
      '只能以自己的身份操作',
    );
    expectRefusal(
      await call('getDeptStaff', { deptId: 1, userId: alice.id }, token.sender),
      403,
      '只能以自己的身份操作',
    );
    expect(
      await ok<number>('getUnreadNum', { staffId: sender.id }, token.sender),
    ).toBeGreaterThanOrEqual(0);
  });

  it('lets only the sender and recipients download the attachments', async () => {
    const fileId = await upload(sender, '教学计划.pdf');
    const { inmailId } = await send({ fileList: files({ fileId, fileName: '2026 教学计划.pdf' }) });
    const read = (who?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/news/uploadnewfile.do?FILE_ID=${fileId}`,
        headers: who ? { authorization: `Bearer ${who}` } : {},
      });
    expect((await read(token.sender)).statusCode).toBe(200);
    const download = await read(token.alice);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    expectRefusal(await read(token.outsider), 403, '该附件只有邮件的发件人和收件人可以查看');
    expectRefusal(await read(), 401, '该文件仅限校内访问，请先登录');
    const viaId = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { authorization: `Bearer ${token.outsider}` },
    });
    expect(viaId.statusCode).toBe(403);
    const detail = await ok<Detail>('getEmailDetail', { inmailId }, token.bob);
    expect(detail.fileList).toEqual([
      {
        fileId,
        fileName: '2026 教学计划.pdf',
        filePath: `/api/news/uploadnewfile.do?FILE_ID=${fileId}`,
      },
    ]);
    expect((await entryOf(token.bob, inmailId))?.fileCount).toBe(1);

    // A recipient forwards the attachment; the new recipient may then read it.
    await send({ idRoleReceiveArr: String(outsider.id), fileList: files({ fileId }) }, token.bob);
    expect((await read(token.outsider)).statusCode).toBe(200);
  });

  it('deletes per person; the mail goes with the last entry', async () => {
    const fileId = await upload(sender, '名单.xlsx');
    const { inmailId } = await send({ fileList: files({ fileId }) });
    const a = (await entryOf(token.alice, inmailId))!;
    const b = (await entryOf(token.bob, inmailId))!;
    const s = (await sentOf(inmailId))!;
    const remove = (path: string, field: string, id: number | string, who: string) =>
      call(path, { [field]: String(id) }, who);
    expectRefusal(
      await remove('delReceive', 'receiveIdArr', '', token.alice),
      400,
      '请选择要删除的文件',
    );
    expect(msgOf(await remove('delReceive', 'receiveIdArr', a.receiveId, token.alice))).toBe(
      '删除成功',
    );
    expect(await entryOf(token.alice, inmailId)).toBeUndefined();
    expect(await entryOf(token.bob, inmailId)).toBeDefined();
    expectRefusal(await call('getEmailDetail', { inmailId }, token.alice), 403, '无权查看该邮件');
    expectRefusal(
      await remove('delReceive', 'receiveIdArr', a.receiveId, token.alice),
      404,
      '邮件不存在或已删除',
    );
    expect(msgOf(await remove('delSend', 'sendIdArr', s.sendId, token.sender))).toBe('删除成功');
    expect(await sentOf(inmailId)).toBeUndefined();
    const kept = await ok<Detail>('getEmailDetail', { inmailId }, token.bob);
    expect(kept.inmailTitle).toBe('教研通知');
    await ok('delReceive', { receiveIdArr: String(b.receiveId) }, token.bob);
    const left = async (table: 'mail' | 'mailInbox' | 'mailFile') =>
      table === 'mail'
        ? t.db.selectFrom('mail').select('id').where('id', '=', inmailId).execute()
        : t.db.selectFrom(table).select('id').where('mailId', '=', inmailId).execute();
    expect(await left('mail')).toEqual([]);
    expect(await left('mailInbox')).toEqual([]);
    expect(await left('mailFile')).toEqual([]);
    const uses = await t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', 'T_MAIL')
      .where('objId', '=', inmailId)
      .execute();
    expect(uses).toEqual([]);
  });

  it('recalls a mail nobody has opened, and not one somebody has', async () => {
    const { inmailId } = await send({ inmailTitle: '发错了' });
    const s = (await sentOf(inmailId))!;
    const bobUnread = await unread(token.bob);
    expect(msgOf(await call('recall', { sendId: s.sendId }, token.sender))).toBe('撤回成功');
    expect(await entryOf(token.alice, inmailId)).toBeUndefined();
    expect(await unread(token.bob)).toBe(bobUnread - 1);
    expect((await sentOf(inmailId))?.recalled).toBe(true);
    const detail = await ok<Detail>('getEmailDetail', { inmailId, sendId: s.sendId }, token.sender);
    expect(detail.recalled).toBe(true);
    expect(detail.staffInfoList).toHaveLength(2);
    expectRefusal(await call('recall', { sendId: s.sendId }, token.sender), 409, '该邮件已撤回');

    const opened = await send({ inmailTitle: '已读的' });
    const entry = (await entryOf(token.alice, opened.inmailId))!;
    await ok('updateRead', { receiveId: entry.receiveId }, token.alice);
    const sent = (await sentOf(opened.inmailId))!;
    expectRefusal(
      await call('recall', { sendId: sent.sendId }, token.sender),
      409,
      '已有收件人阅读该邮件，不能撤回',
    );
    expect(await entryOf(token.bob, opened.inmailId)).toBeDefined();
  });

  it('sends to a whole school in one go, and two sends at once are both kept', async () => {
    // A whole school of accounts at once (createStaff hashes a password each: too slow for 500).
    const now = new Date().toISOString();
    const many = await t.db
      .insertInto('staff')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          code: `school${i}x${Date.now()}`,
          name: `全校${i}`,
          staffType: 2,
          isPower: 0,
          isAdmin: '0',
          email: null,
          phone: null,
          schoolId: 1,
          passwordHash: 'not-a-login',
          whetherpass: 1,
          status: 1,
          sort: 0,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning('id')
      .execute();
    const { inmailId } = await send({ idRoleReceiveArr: many.map((s) => s.id).join(',') });
    const count = await t.db
      .selectFrom('mailInbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mailId', '=', inmailId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
    expect((await sentOf(inmailId))?.receiveName).toMatch(/等500人$/);

    const before = await unread(token.outsider);
    const [one, two] = await Promise.all([
      send({ idRoleReceiveArr: String(outsider.id), inmailTitle: '并发一' }),
      send({ idRoleReceiveArr: String(outsider.id), inmailTitle: '并发二' }, token.alice),
    ]);
    expect(one.inmailId).not.toBe(two.inmailId);
    expect(await unread(token.outsider)).toBe(before + 2);
  });

  it('finds recipients by name and by department', async () => {
    const found = await ok<Array<{ staffId: number; staffName: string; deptName: string | null }>>(
      'selectStaff',
      { staffName: '收件', staffType: 2 },
      token.sender,
    );
    expect(found.map((s) => s.staffName).sort()).toEqual(['收件乙', '收件甲']);
    expect(found.find((s) => s.staffName === '收件乙')?.deptName).toBe('数学备课组');
    expect(await ok('selectStaff', { staffName: '收' }, token.sender)).toEqual([]);
    expect(await ok('selectStaff', { staffName: '停用' }, token.sender)).toEqual([]);
    const dept = await t.db
      .selectFrom('department')
      .select('id')
      .where('name', '=', '数学组')
      .executeTakeFirstOrThrow();
    const members = await ok<Array<{ staffName: string }>>(
      'getDeptStaff',
      { deptId: dept.id },
      token.sender,
    );
    expect(members.map((s) => s.staffName).sort()).toEqual(['发件老师', '收件乙', '收件甲']);
    expectRefusal(
      await call('getDeptStaff', { deptId: 999999 }, token.sender),
      400,
      '该部门不存在或已删除',
    );
  });
});

const msgOf = (response: { json: <T>() => T }) => response.json<{ msg: string }>().msg;
