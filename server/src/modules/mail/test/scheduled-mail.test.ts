import type { ScheduledItem } from '@school/common/api';
import { describe, expect, it } from 'vitest';
import { expectRefusal, login } from '../../../test-kit/http.js';
import { useMailWorld, type Page } from '../../../test-kit/mail.js';

interface DraftItem {
  draftId: number;
  inmailTitle: string;
  sendError: string;
}

/**
 * 定时发送 through the calls as the compose view makes them (forms, empty optional fields as
 * ''), on both databases. The test clock stands at 2026-03-02 16:00 Beijing time.
 */
describe('api/email: 定时发送', () => {
  const { w, call, ok, inbox } = useMailWorld();

  const schedule = (fields: Record<string, string | number>, who = w.token.sender) =>
    call(
      'scheduleEmail',
      {
        idRoleReceiveArr: `${w.alice.id},${w.bob.id}`,
        inmailTitle: '下周教研安排',
        inmailContent: '<p>下周三下午第二节课后，在三楼会议室集体备课。</p>',
        fileList: '',
        draftId: '',
        idRoleSend: '',
        sendTime: '2026-03-02 17:30',
        ...fields,
      },
      who,
    );
  const waiting = (who = w.token.sender) =>
    ok<Page<ScheduledItem>>('getScheduledList', { pageNum: 1, pageSize: 10 }, who);
  const drafts = (who = w.token.sender) =>
    ok<Page<DraftItem>>('getDraftList', { pageNum: 1, pageSize: 10, keyword: '' }, who);
  const titlesIn = async (who: string) => (await inbox(who)).list.map((m) => m.inmailTitle);

  it('keeps the mail under 待发送 until its time, then sends it once, as last edited', async () => {
    const answer = await schedule({});
    expect(answer.statusCode).toBe(200);
    const { draftId, sendTime } = answer.json().data as { draftId: number; sendTime: string };
    expect(sendTime).toBe('2026-03-02 17:30:00');
    expect(answer.json().msg).toBe('已定时，将于 2026-03-02 17:30 发送');
    expect((await waiting()).list).toEqual([
      {
        draftId,
        inmailTitle: '下周教研安排',
        receiveName: '收件甲、收件乙',
        fileCount: 0,
        sendTime: '2026-03-02 17:30:00',
      },
    ]);
    // Not a draft of the box, not in anyone's inbox yet.
    expect((await drafts()).list.map((d) => d.draftId)).not.toContain(draftId);
    expect(await titlesIn(w.token.alice)).not.toContain('下周教研安排');
    // Opened and changed before it goes: an edit keeps its time.
    const opened = await ok<{ sendTime: string }>('getDraft', { draftId }, w.token.sender);
    expect(opened.sendTime).toBe('2026-03-02 17:30:00');
    await ok(
      'saveDraft',
      {
        draftId,
        idRoleReceiveArr: `${w.alice.id}`,
        inmailTitle: '下周教研安排（改）',
        inmailContent: '<p>改在三楼会议室。</p>',
        fileList: '',
      },
      w.token.sender,
    );
    expect((await waiting()).list[0]).toMatchObject({ draftId, receiveName: '收件甲' });

    // Not yet: a minute before, nothing goes.
    w.t.clock.advanceMinutes(89);
    expect(await w.t.services.scheduledMail.sendDue()).toBe(0);
    w.t.clock.advanceMinutes(1);
    expect(await w.t.services.scheduledMail.sendDue()).toBe(1);
    expect(await w.t.services.scheduledMail.sendDue()).toBe(0);
    expect(await titlesIn(w.token.alice)).toContain('下周教研安排（改）');
    expect(await titlesIn(w.token.bob)).not.toContain('下周教研安排（改）');
    expect((await waiting()).total).toBe(0);
    expect((await drafts()).list.map((d) => d.draftId)).not.toContain(draftId);
  });

  // The clock moves on from test to test: 17:30 after the first, 18:01, 19:31, then 20:01.
  it('is sent by the durable job queue, which runs while the site is up', async () => {
    const { draftId } = (
      await schedule({ inmailTitle: '月考监考表', sendTime: '2026-03-02 18:00' })
    ).json().data as { draftId: number };
    expect(draftId).toBeGreaterThan(0);
    w.t.clock.advanceMinutes(31);
    w.t.services.jobs.wake();
    await expect
      .poll(() => titlesIn(w.token.alice), { timeout: 15_000, interval: 200 })
      .toContain('月考监考表');
  });

  it('can be given another time, or cancelled back to the draft box', async () => {
    const { draftId } = (
      await schedule({ inmailTitle: '家长会通知', sendTime: '2026-03-02 19:00' })
    ).json().data as { draftId: number };
    const moved = await schedule({
      draftId,
      inmailTitle: '家长会通知',
      sendTime: '2026-03-02 19:30',
    });
    expect(moved.json().data).toEqual({ draftId, sendTime: '2026-03-02 19:30:00' });
    expect((await waiting()).list.map((m) => m.sendTime)).toEqual(['2026-03-02 19:30:00']);

    const cancelled = await call('cancelSchedule', { draftId }, w.token.sender);
    expect(cancelled.json()).toMatchObject({ status: 0, msg: '已取消定时发送，邮件已存入草稿箱' });
    expect((await waiting()).total).toBe(0);
    expect((await drafts()).list.map((d) => d.draftId)).toContain(draftId);
    expectRefusal(
      await call('cancelSchedule', { draftId }, w.token.sender),
      400,
      '这封邮件没有定时发送',
    );
    w.t.clock.advanceMinutes(90);
    expect(await w.t.services.scheduledMail.sendDue()).toBe(0);
    expect(await titlesIn(w.token.alice)).not.toContain('家长会通知');
  });

  it('refuses what could not be sent, a time that is not ahead, and another’s mail', async () => {
    const now = w.t.clock.now();
    const beijing = (minutes: number) =>
      new Date(now.getTime() + 8 * 3_600_000 + minutes * 60_000)
        .toISOString()
        .slice(0, 16)
        .replace('T', ' ');
    expectRefusal(await schedule({ sendTime: beijing(-1) }), 400, '发送时间须晚于现在');
    expectRefusal(await schedule({ sendTime: beijing(0) }), 400, '发送时间须晚于现在');
    expectRefusal(
      await schedule({ sendTime: beijing(367 * 24 * 60) }),
      400,
      '发送时间须在一年以内',
    );
    expectRefusal(
      await schedule({ sendTime: '明天上午' }),
      400,
      '发送时间格式不正确，应为 YYYY-MM-DD HH:mm',
    );
    expectRefusal(await schedule({ sendTime: '' }), 400, '请选择发送时间');
    expectRefusal(await schedule({ sendTime: beijing(60), inmailTitle: '  ' }), 400, '请填写主题');
    expectRefusal(
      await schedule({ sendTime: beijing(60), idRoleReceiveArr: `${w.retired.id}` }),
      400,
      `收件人不存在或已停用（编号 ${w.retired.id}）`,
    );
    expect((await waiting()).total).toBe(0);

    const { draftId } = (await schedule({ sendTime: beijing(60) })).json().data as {
      draftId: number;
    };
    // Another teacher knows its id: no reading, moving, cancelling or listing it.
    w.token.outsider = await login(w.t.app, w.outsider);
    expect((await waiting(w.token.outsider)).total).toBe(0);
    expectRefusal(
      await call('cancelSchedule', { draftId }, w.token.outsider),
      403,
      '只能操作自己的草稿',
    );
    expectRefusal(
      await schedule({ draftId, sendTime: beijing(120) }, w.token.outsider),
      403,
      '只能操作自己的草稿',
    );
    expectRefusal(await call('getDraft', { draftId }, w.token.outsider), 403, '只能操作自己的草稿');
    expect((await waiting()).list.map((m) => m.draftId)).toEqual([draftId]);
  });

  it('leaves a mail that can no longer go in its writer’s draft box', async () => {
    const { draftId } = (
      await schedule({ inmailTitle: '停用后的邮件', sendTime: '2026-03-02 20:00' })
    ).json().data as { draftId: number };
    await w.t.db.updateTable('staff').set({ status: 0 }).where('id', '=', w.bob.id).execute();
    try {
      w.t.clock.advanceMinutes(30);
      expect(await w.t.services.scheduledMail.sendDue()).toBe(0);
      const left = (await drafts()).list.find((d) => d.draftId === draftId);
      // The writer finds it in 草稿箱 with the reason, until they save it again.
      expect(left?.sendError).toBe(`定时发送未成功：收件人不存在或已停用（编号 ${w.bob.id}）`);
      expect(
        (await ok<{ sendError: string }>('getDraft', { draftId }, w.token.sender)).sendError,
      ).toBe(left?.sendError);
      expect(await titlesIn(w.token.alice)).not.toContain('停用后的邮件');
      await ok(
        'saveDraft',
        {
          draftId,
          idRoleReceiveArr: `${w.alice.id}`,
          inmailTitle: '停用后的邮件',
          inmailContent: '',
          fileList: '',
        },
        w.token.sender,
      );
      expect((await drafts()).list.find((d) => d.draftId === draftId)?.sendError).toBe('');
    } finally {
      await w.t.db.updateTable('staff').set({ status: 1 }).where('id', '=', w.bob.id).execute();
    }
  });

  it('says why in 草稿箱 when the site stops between taking a mail and sending it', async () => {
    // Half an hour after the test clock, in Beijing time as the compose view sends it.
    const beijing = new Date(w.t.clock.now().getTime() + (8 * 60 + 30) * 60_000);
    const sendTime = beijing.toISOString().slice(0, 16).replace('T', ' ');
    const { draftId } = await ok<{ draftId: number }>(
      'scheduleEmail',
      {
        idRoleReceiveArr: `${w.alice.id}`,
        inmailTitle: '中断的邮件',
        inmailContent: '',
        fileList: '',
        sendTime,
      },
      w.token.sender,
    );
    w.t.clock.advanceMinutes(60);
    // Its send never comes back, as if the process had stopped inside it (others still go).
    const mail = w.t.services.mail;
    const send = mail.send.bind(mail);
    mail.send = (input, sender) =>
      input.draftId === draftId ? new Promise(() => {}) : send(input, sender);
    try {
      void w.t.services.scheduledMail.sendDue();
      await expect
        .poll(async () => (await drafts()).list.find((d) => d.draftId === draftId)?.sendError)
        .toBe('定时发送未成功：发送时网站中断，请检查后重新发送');
      expect((await waiting()).list.map((item) => item.draftId)).not.toContain(draftId);
    } finally {
      mail.send = send;
    }
    expect(await titlesIn(w.token.alice)).not.toContain('中断的邮件');
  });
});
