import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, readerOf } from '../../../test-kit/factories.js';
import { expectOk, postForm } from '../../../test-kit/http.js';

interface Page {
  total: number;
  list: Array<{ newId: number; ifTop: number }>;
}

const LIST = '/api/news/getNewsList';
const SEARCH = '/api/news/getNewsTitleList';

/**
 * Issue 20: a page's ids come from the list index and counts are kept between
 * changes. Pages must still be the slices of the one order (ties in the
 * shelves date included), and a kept count must follow every change: a new
 * item, a change by any writer, a scheduled item going live.
 */
describe('news lists at scale: pages and kept counts', () => {
  let t: TestApp;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 2));
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // 23 items of column 7: groups sharing a shelves date (ties broken by id), two pinned.
    for (let i = 0; i < 23; i++) {
      ids.push(
        await createNews(t.services, {
          typeId: 7,
          title: `师资风采第${i}篇`,
          shelvesDate: day(1 + Math.floor(i / 4)),
          ifTop: i === 3 || i === 17 ? 1 : 0,
        }),
      );
    }
  });
  afterAll(() => t?.close());

  const list = async (fields: Record<string, string | number>) =>
    expectOk<Page>(await postForm(t.app, LIST, { typeId: 7, ...fields }));

  it('answers every page as a slice of the one order, ties in the date by newest id', async () => {
    const pinned = [ids[17]!, ids[3]!];
    const rest = ids
      .map((id, i) => ({ id, i, date: Math.floor(i / 4) }))
      .filter(({ i }) => i !== 3 && i !== 17)
      .sort((a, b) => b.date - a.date || b.id - a.id)
      .map(({ id }) => id);
    const expected = [...pinned, ...rest];
    const whole = await list({ pageSize: 50 });
    expect(whole.list.map((item) => item.newId)).toEqual(expected);
    const paged: number[] = [];
    for (let pageNum = 1; pageNum <= 6; pageNum++) {
      const page = await list({ pageSize: 4, pageNum });
      expect(page.total).toBe(23);
      paged.push(...page.list.map((item) => item.newId));
    }
    expect(paged).toEqual(expected);
    expect(await list({ pageSize: 4, pageNum: 7 })).toEqual({ total: 23, list: [] });
  });

  it('counts a new item, and a change made by any writer, at once', async () => {
    expect((await list({})).total).toBe(23);
    const added = await createNews(t.services, {
      typeId: 7,
      title: '师资风采新篇',
      shelvesDate: day(30),
    });
    const page = await list({});
    expect(page.total).toBe(24);
    expect(page.list[2]!.newId).toBe(added);
    // A write that bypasses the services (another process, a script) is seen too.
    await t.db.updateTable('news').set({ deleted: 1 }).where('id', '=', added).execute();
    expect((await list({})).total).toBe(23);
    await t.db.updateTable('news').set({ typeId: 8 }).where('id', '=', ids[0]!).execute();
    expect((await list({})).total).toBe(22);
    expect((await list({ typeId: 8 })).total).toBe(1);
    await t.db.updateTable('news').set({ typeId: 7 }).where('id', '=', ids[0]!).execute();
    expect((await list({})).total).toBe(23);
  });

  it('counts a scheduled item once its time has come, in the list and the search', async () => {
    const search = async () =>
      expectOk<Page>(await postForm(t.app, SEARCH, { newsTitle: '定时风采' })).total;
    const before = (await list({})).total;
    expect(await search()).toBe(0);
    const soon = new Date(t.clock.now().getTime() + 30 * 60_000);
    const scheduled = await createNews(t.services, {
      typeId: 7,
      title: '定时风采发布',
      shelvesDate: soon,
    });
    expect((await list({})).total).toBe(before);
    expect(await search()).toBe(0);
    t.clock.advanceMinutes(31);
    const after = await list({});
    expect(after.total).toBe(before + 1);
    expect(after.list.map((item) => item.newId)).toContain(scheduled);
    expect(await search()).toBe(1);
  });

  it('answers a search page again after a change, never the page kept before it', async () => {
    const hits = async () =>
      (
        await expectOk<Page>(await postForm(t.app, SEARCH, { newsTitle: '风采', pageSize: 5 }))
      ).list.map((item) => item.newId);
    const first = await hits();
    expect(await hits()).toEqual(first);
    const added = await createNews(t.services, {
      typeId: 7,
      title: '风采再现',
      shelvesDate: day(40),
    });
    // Pinned first, then the newest: the scheduled item of the test before, then this one.
    expect((await hits())[3]).toBe(added);
    const admin = readerOf(await createStaff(t.db, { isPower: 1 }));
    await t.services.news.review.remove(added, admin, null);
    expect(await hits()).toEqual(first);
  });
});
