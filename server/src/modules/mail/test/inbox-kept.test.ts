import { describe, expect, it } from 'vitest';
import { useMailWorld, type Fields } from '../../../test-kit/mail.js';

/**
 * Issue 20: the inbox's pages (page 1, deep pages, read and unread) are kept per person
 * under their inbox version and the site's content version. A new mail, a read mark, a
 * deletion, a recall and a sender's new name must show at once, on every page.
 */
describe('the inbox list kept between changes', () => {
  const { w, ok, send, inbox, outbox } = useMailWorld();
  const shown = async (who: string, extra: Fields = {}) => {
    const page = await inbox(who, { pageSize: 2, ...extra });
    return { total: page.total, ids: page.list.map((item) => item.inmailId), page };
  };

  it('shows a new mail, a read mark, a deletion and a recall at once, deep pages too', async () => {
    const mails: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { inmailId } = await send({
        idRoleReceiveArr: `${w.alice.id},${w.bob.id}`,
        inmailTitle: `值周安排${i}`,
        inmailContent: '<p>请查收</p>',
      });
      mails.push(inmailId);
    }
    const newestFirst = [...mails].reverse();
    expect(await shown(w.token.alice)).toMatchObject({ total: 5, ids: newestFirst.slice(0, 2) });
    expect(await shown(w.token.alice, { pageNum: 3 })).toMatchObject({ ids: [mails[0]] });
    // Asked again: the same (kept) answer.
    expect(await shown(w.token.alice, { pageNum: 3 })).toMatchObject({ ids: [mails[0]] });

    // A new mail moves every page at once; only its recipient's.
    const { inmailId: added } = await send({
      idRoleReceiveArr: `${w.alice.id}`,
      inmailTitle: '临时通知',
      inmailContent: '<p>今天</p>',
    });
    expect(await shown(w.token.alice)).toMatchObject({ total: 6, ids: [added, newestFirst[0]] });
    expect(await shown(w.token.alice, { pageNum: 3 })).toMatchObject({
      ids: [mails[1], mails[0]],
    });
    expect(await shown(w.token.bob)).toMatchObject({ total: 5, ids: newestFirst.slice(0, 2) });

    // A read mark: the row's state and the read / unread lists follow.
    const entry = (await shown(w.token.alice)).page.list[0]!;
    expect(entry.inmainState).toBe(1);
    expect((await shown(w.token.alice, { inmainState: 2 })).total).toBe(0);
    await ok('updateRead', { receiveId: entry.receiveId }, w.token.alice);
    expect((await shown(w.token.alice)).page.list[0]!.inmainState).toBe(2);
    expect(await shown(w.token.alice, { inmainState: 2 })).toMatchObject({ ids: [added] });
    expect((await shown(w.token.alice, { inmainState: 1 })).total).toBe(5);

    // A deletion, and a recall of a mail nobody has opened.
    await ok('delReceive', { receiveIdArr: String(entry.receiveId) }, w.token.alice);
    expect(await shown(w.token.alice)).toMatchObject({ total: 5, ids: newestFirst.slice(0, 2) });
    const sent = (await outbox(w.token.sender, { pageSize: 50 })).list.find(
      (item) => item.inmailId === mails[4],
    )!;
    await ok('recall', { sendId: sent.sendId }, w.token.sender);
    expect(await shown(w.token.alice)).toMatchObject({ total: 4, ids: [mails[3], mails[2]] });
    expect(await shown(w.token.bob, { pageNum: 2 })).toMatchObject({ ids: [mails[1], mails[0]] });
  });

  it("shows a sender's new name at once", async () => {
    await send({
      idRoleReceiveArr: `${w.bob.id}`,
      inmailTitle: '改名之前',
      inmailContent: '<p>x</p>',
    });
    expect((await shown(w.token.bob)).page.list[0]!.sendName).toBe('发件老师');
    await w.t.db
      .updateTable('staff')
      .set({ name: '发件老师（新）' })
      .where('id', '=', w.sender.id)
      .execute();
    expect((await shown(w.token.bob)).page.list[0]!.sendName).toBe('发件老师（新）');
  });
});
