import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

interface Item {
  newId: number;
  newsTitle: string;
}
interface State {
  reviewState: string;
  ifShelves: number;
  live: boolean;
  scheduled: boolean;
}

/**
 * An administrator's 审核通过 publishes: with 上架时间 立即 (empty) the item is on the
 * portal's lists at once, with a set time when the clock reaches it — never a second
 * click on 上架. Calls are form-encoded, as the CMS form sends them.
 */
describe('approval publishes: at once, or at the shelves date', () => {
  let t: TestApp;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    token.teacher = await login(t.app, await createStaff(t.db, { name: '王老师' }));
    token.admin = await login(
      t.app,
      await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 }),
    );
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, string | number>, who: string) =>
    postForm(t.app, `/api/cms/news/${path}`, body, { token: who });
  const ok = async <T = unknown>(
    path: string,
    body: Record<string, string | number>,
    who: string,
  ) => expectOk<T>(await cms(path, body, who));
  const listed = async () =>
    expectOk<{ list: Item[] }>(
      await postForm(t.app, '/api/news/getNewsList', { typeId: 2, pageSize: 50 }),
    ).list.map((item) => item.newsTitle);
  const home = async () =>
    expectOk<Array<{ list: Item[] }>>(await postForm(t.app, '/api/news/getNewsHomePage', {}))
      .flatMap((tab) => tab.list)
      .map((item) => item.newsTitle);
  const submitted = async (title: string, shelvesDate: string) => {
    const { newId } = await ok<{ newId: number }>(
      'save',
      { typeId: 2, newsTitle: title, newsContent: '<p>正文</p>', shelvesDate, wwfz: '' },
      token.teacher,
    );
    await ok('submit', { newId }, token.teacher);
    return newId;
  };

  it('approving an item with 上架时间 立即 puts it on the news list and the home page at once', async () => {
    const newId = await submitted('立即上架的新闻', '');
    expect(await listed()).not.toContain('立即上架的新闻');
    expect(await ok<State>('approve', { newId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      ifShelves: 1,
      live: true,
      scheduled: false,
    });
    expect(await listed()).toContain('立即上架的新闻');
    expect(await home()).toContain('立即上架的新闻');
    // Nothing is left for a second click.
    expectRefusal(await cms('shelve', { newId }, token.admin), 400, '该内容已经上架');
  });

  it('approving an item with a set 上架时间 publishes it when the clock passes that time', async () => {
    // The test clock stands at 2026-03-02 16:00 school time; publish at 17:00.
    const newId = await submitted('定时上架的新闻', '2026-03-02 17:00:00');
    expect(await ok<State>('approve', { newId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      ifShelves: 1,
      live: false,
      scheduled: true,
    });
    expect(await listed()).not.toContain('定时上架的新闻');
    expect(await home()).not.toContain('定时上架的新闻');

    t.clock.advanceMinutes(59);
    expect(await listed()).not.toContain('定时上架的新闻');
    t.clock.advanceMinutes(2);
    expect(await listed()).toContain('定时上架的新闻');
    expect(await home()).toContain('定时上架的新闻');
    expect(await ok<State>('get', { newId }, token.admin)).toMatchObject({ live: true });
  });

  it('an item sent back or waiting for review is never on the shelf', async () => {
    const newId = await submitted('被退回的新闻', '');
    expect(await ok<State>('get', { newId }, token.admin)).toMatchObject({ ifShelves: 0 });
    await ok('reject', { newId, reason: '请补充图片' }, token.admin);
    expect(await ok<State>('get', { newId }, token.admin)).toMatchObject({
      reviewState: 'rejected',
      ifShelves: 0,
      live: false,
    });
    expect(await listed()).not.toContain('被退回的新闻');
  });

  it('whatever creates news (the demo seed, an importer) cannot make an item waiting and shelved at once', async () => {
    // Asked for an item waiting for review and on the shelf, the factory (like the seed) goes
    // through the review's steps: submitted is off the shelf.
    const newId = await createNews(t.services, {
      typeId: 2,
      title: '种子里的待审核新闻',
      reviewState: 'submitted',
      ifShelves: 1,
    });
    expect(await ok<State>('get', { newId }, token.admin)).toMatchObject({
      reviewState: 'submitted',
      ifShelves: 0,
      live: false,
    });
    expect(await listed()).not.toContain('种子里的待审核新闻');
  });
});
