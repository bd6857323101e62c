import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../test-kit/factories.js';
import { login } from '../../../test-kit/http.js';
import { expectRefusal, postForm } from '../../../test-kit/http.js';
import { useMailWorld, type Detail } from '../../../test-kit/mail.js';

describe('api/email: 站内邮件', () => {
  const { w, call, ok, send, inbox, outbox, unread, upload, files, entryOf, sentOf } =
    useMailWorld();

  it('refuses anonymous callers', async () => {
    for (const path of ['sendEmail', 'getReceiveList', 'getUnreadNum', 'recall', 'selectStaff']) {
      expectRefusal(await postForm(w.t.app, `/api/email/${path}`, {}), 401, 'token错误');
    }
  });

  it('sends a mail: the recipients see it unread, the sender in the sent box', async () => {
    const before = await unread(w.token.alice);
    const { inmailId } = await send({
      idRoleReceiveArr: `${w.alice.id}, ${w.bob.id},${w.alice.id}`,
      inmailTitle: '  期中考试安排 ',
      inmailContent: '<p onclick="x()">请查收<script>alert(1)</script></p>',
    });
    expect(await unread(w.token.alice)).toBe(before + 1);
    const item = (await entryOf(w.token.alice, inmailId))!;
    expect(item).toMatchObject({
      inmailTitle: '期中考试安排',
      sendName: '发件老师',
      inmainState: 1,
      fileCount: 0,
    });
    expect((await entryOf(w.token.bob, inmailId))?.inmainState).toBe(1);
    expect(await entryOf(w.token.outsider, inmailId)).toBeUndefined();
    const sent = (await sentOf(inmailId))!;
    expect(sent).toMatchObject({ receiveName: '收件甲、收件乙', ifRead: '1', recalled: false });
    const inboxRows = await w.t.db
      .selectFrom('mailInbox')
      .select('staffId')
      .where('mailId', '=', inmailId)
      .execute();
    expect(inboxRows.map((row) => row.staffId).sort()).toEqual([w.alice.id, w.bob.id].sort());

    const detail = await ok<Detail>(
      'getEmailDetail',
      { inmailId, receiveId: item.receiveId },
      w.token.alice,
    );
    expect(detail.inmailContent).toBe('<p>请查收</p>');
    expect(detail.sendName).toBe('发件老师');
    expect(detail.staffInfoList.map((r) => r.staffName)).toEqual(['收件甲', '收件乙']);
    expect(detail.staffInfoList.every((r) => r.inmainState === null)).toBe(true);

    expect(await ok<number>('updateRead', { receiveId: item.receiveId }, w.token.alice)).toBe(
      before,
    );
    expect((await entryOf(w.token.alice, inmailId))?.inmainState).toBe(2);
    expect((await sentOf(inmailId))?.ifRead).toBe('0');
    const receipts = await ok<Detail>(
      'getEmailDetail',
      { inmailId, sendId: sent.sendId },
      w.token.sender,
    );
    const byName = Object.fromEntries(receipts.staffInfoList.map((r) => [r.staffName, r]));
    expect(byName['收件甲']).toMatchObject({ inmainState: 2 });
    expect(byName['收件甲']!.readDate).not.toBeNull();
    expect(byName['收件乙']).toMatchObject({ inmainState: 1, readDate: null });
    expect(receipts.staffIdArr).toBe(`${w.alice.id},${w.bob.id}`);
  });

  it('lets only the sender and recipients read a mail', async () => {
    const { inmailId } = await send({ inmailTitle: '仅限收件人' });
    expectRefusal(
      await call('getEmailDetail', { inmailId }, w.token.outsider),
      403,
      '无权查看该邮件',
    );
    expectRefusal(
      await call('getEmailDetail', { inmailId: 999999 }, w.token.alice),
      404,
      '邮件不存在或已删除',
    );
    const mine = (await entryOf(w.token.alice, inmailId))!;
    const bobs = (await entryOf(w.token.bob, inmailId))!;
    expectRefusal(
      await call('getEmailDetail', { inmailId, receiveId: bobs.receiveId }, w.token.alice),
      403,
      '无权查看该邮件',
    );
    expectRefusal(
      await call('updateRead', { receiveId: mine.receiveId }, w.token.bob),
      403,
      '只能操作自己的邮件',
    );
    expectRefusal(
      await call('delReceive', { receiveIdArr: String(mine.receiveId) }, w.token.bob),
      403,
      '只能操作自己的邮件',
    );
    const sent = (await sentOf(inmailId))!;
    expectRefusal(
      await call('delSend', { sendIdArr: String(sent.sendId) }, w.token.alice),
      403,
      '只能操作自己的邮件',
    );
    expectRefusal(
      await call('recall', { sendId: sent.sendId }, w.token.alice),
      403,
      '只能操作自己的邮件',
    );
  });

  it('pages both lists newest first and filters them', async () => {
    const writer = await createStaff(w.t.db, { name: '分页老师' });
    const reader = await createStaff(w.t.db, { name: '分页读者' });
    const [writerToken, readerToken] = [await login(w.t.app, writer), await login(w.t.app, reader)];
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

  it('deletes per person; the mail goes with the last entry', async () => {
    const fileId = await upload(w.sender, '名单.xlsx');
    const { inmailId } = await send({ fileList: files({ fileId }) });
    const a = (await entryOf(w.token.alice, inmailId))!;
    const b = (await entryOf(w.token.bob, inmailId))!;
    const s = (await sentOf(inmailId))!;
    const remove = (path: string, field: string, id: number | string, who: string) =>
      call(path, { [field]: String(id) }, who);
    expectRefusal(
      await remove('delReceive', 'receiveIdArr', '', w.token.alice),
      400,
      '请选择要删除的文件',
    );
    expect(msgOf(await remove('delReceive', 'receiveIdArr', a.receiveId, w.token.alice))).toBe(
      '删除成功',
    );
    expect(await entryOf(w.token.alice, inmailId)).toBeUndefined();
    expect(await entryOf(w.token.bob, inmailId)).toBeDefined();
    expectRefusal(await call('getEmailDetail', { inmailId }, w.token.alice), 403, '无权查看该邮件');
    expectRefusal(
      await remove('delReceive', 'receiveIdArr', a.receiveId, w.token.alice),
      404,
      '邮件不存在或已删除',
    );
    expect(msgOf(await remove('delSend', 'sendIdArr', s.sendId, w.token.sender))).toBe('删除成功');
    expect(await sentOf(inmailId)).toBeUndefined();
    const kept = await ok<Detail>('getEmailDetail', { inmailId }, w.token.bob);
    expect(kept.inmailTitle).toBe('教研通知');
    // The attachment's size in bytes, which the page shows as 18 KB, 2.4 MB (issue 18).
    expect(kept.fileList).toMatchObject([
      { fileId, fileName: '名单.xlsx', fileSize: Buffer.byteLength('bytes of 名单.xlsx') },
    ]);
    await ok('delReceive', { receiveIdArr: String(b.receiveId) }, w.token.bob);
    const left = async (table: 'mail' | 'mailInbox' | 'mailFile') =>
      table === 'mail'
        ? w.t.db.selectFrom('mail').select('id').where('id', '=', inmailId).execute()
        : w.t.db.selectFrom(table).select('id').where('mailId', '=', inmailId).execute();
    expect(await left('mail')).toEqual([]);
    expect(await left('mailInbox')).toEqual([]);
    expect(await left('mailFile')).toEqual([]);
    const uses = await w.t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', 'T_MAIL')
      .where('objId', '=', inmailId)
      .execute();
    expect(uses).toEqual([]);
    // The attachment does not become public, nor readable by the former recipients; the
    // sender uploaded it and keeps reading their own upload.
    const read = (who?: string) =>
      w.t.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}`,
        headers: who ? { authorization: `Bearer ${who}` } : {},
      });
    expectRefusal(await read(), 401, '该文件仅限校内访问，请先登录');
    expectRefusal(await read(w.token.alice), 403, '该附件只有邮件的发件人和收件人可以查看');
    expect((await read(w.token.sender)).statusCode).toBe(200);
  });

  it('recalls a mail nobody has opened, and not one somebody has', async () => {
    const { inmailId } = await send({ inmailTitle: '发错了' });
    const s = (await sentOf(inmailId))!;
    const bobUnread = await unread(w.token.bob);
    expect(msgOf(await call('recall', { sendId: s.sendId }, w.token.sender))).toBe('撤回成功');
    expect(await entryOf(w.token.alice, inmailId)).toBeUndefined();
    expectRefusal(
      await call('getEmailDetail', { inmailId }, w.token.alice),
      404,
      '该邮件已被发件人撤回',
    );
    expect(await unread(w.token.bob)).toBe(bobUnread - 1);
    expect((await sentOf(inmailId))?.recalled).toBe(true);
    const detail = await ok<Detail>(
      'getEmailDetail',
      { inmailId, sendId: s.sendId },
      w.token.sender,
    );
    expect(detail.recalled).toBe(true);
    expect(detail.staffInfoList).toHaveLength(2);
    // Per recipient: each copy taken back says so (the page shows 已撤回, not 未读).
    expect(detail.staffInfoList.map((p) => p.recalled)).toEqual([true, true]);
    expectRefusal(await call('recall', { sendId: s.sendId }, w.token.sender), 409, '该邮件已撤回');

    const opened = await send({ inmailTitle: '已读的' });
    const entry = (await entryOf(w.token.alice, opened.inmailId))!;
    await ok('updateRead', { receiveId: entry.receiveId }, w.token.alice);
    const sent = (await sentOf(opened.inmailId))!;
    expectRefusal(
      await call('recall', { sendId: sent.sendId }, w.token.sender),
      409,
      '已有收件人阅读该邮件，不能撤回',
    );
    expect(await entryOf(w.token.bob, opened.inmailId)).toBeDefined();
    const kept = await ok<Detail>(
      'getEmailDetail',
      { inmailId: opened.inmailId, sendId: sent.sendId },
      w.token.sender,
    );
    expect(kept.staffInfoList.map((p) => p.recalled)).toEqual([false, false]);
    // A recipient's view tells nobody's recall state.
    const asAlice = await ok<Detail>(
      'getEmailDetail',
      { inmailId: opened.inmailId },
      w.token.alice,
    );
    expect(asAlice.staffInfoList.every((p) => p.recalled === false)).toBe(true);
  });

  it('a recall and a first read at the same moment: exactly one of them wins', async () => {
    const { inmailId } = await send({ idRoleReceiveArr: String(w.alice.id), inmailTitle: '抢读' });
    const entry = (await entryOf(w.token.alice, inmailId))!;
    const sent = (await sentOf(inmailId))!;
    const [recalled, opened] = await Promise.all([
      call('recall', { sendId: sent.sendId }, w.token.sender),
      call('updateRead', { receiveId: entry.receiveId }, w.token.alice),
    ]);
    if (recalled.statusCode === 200) {
      expectRefusal(opened, 404, '邮件不存在或已删除');
      expect(await entryOf(w.token.alice, inmailId)).toBeUndefined();
    } else {
      expectRefusal(recalled, 409, '已有收件人阅读该邮件，不能撤回');
      expect(opened.statusCode).toBe(200);
      expect((await entryOf(w.token.alice, inmailId))?.inmainState).toBe(2);
    }
  });

  it('sends to a whole school in one go, and two sends at once are both kept', async () => {
    // A whole school of accounts at once (createStaff hashes a password each: too slow for 500).
    const now = new Date().toISOString();
    const many = await w.t.db
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
    const count = await w.t.db
      .selectFrom('mailInbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mailId', '=', inmailId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
    expect((await sentOf(inmailId))?.receiveName).toMatch(/等500人$/);

    const before = await unread(w.token.outsider);
    const [one, two] = await Promise.all([
      send({ idRoleReceiveArr: String(w.outsider.id), inmailTitle: '并发一' }),
      send({ idRoleReceiveArr: String(w.outsider.id), inmailTitle: '并发二' }, w.token.alice),
    ]);
    expect(one.inmailId).not.toBe(two.inmailId);
    expect(await unread(w.token.outsider)).toBe(before + 2);
  });
});

const msgOf = (response: { json: <T>() => T }) => response.json<{ msg: string }>().msg;
