import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { siteWritesOf } from '../../../db/content-watch.js';
import { openDatabase, type DatabaseHandle } from '../../../db/database.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';
import { siteVersionOf } from '../../../db/site-version.js';

interface Item {
  newId: number;
  newsTitle: string;
  viewCount: number;
  flowerCount: number;
  newest: number;
}
interface Page {
  total: number;
  list: Item[];
}
interface Tab {
  typeId: number;
  list: Item[];
}

const LIST = '/api/news/getNewsList';
const DETAIL = '/api/news/getNewsDetails';
const HOME = '/api/news/getNewsHomePage';
const SEARCH = '/api/news/getNewsTitleList';

/**
 * Issue 20: the public news calls (lists, an article, the home page's box, the search)
 * answer an anonymous caller from memory between content changes. What is kept must never
 * be stale (an edit, a scheduled item becoming due, a 新 badge running out, a view or a like)
 * nor private (staff-only and unpublished items never reach an anonymous caller, whoever
 * asked first).
 */
describe('kept answers of the public news calls', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let adminToken: string;
  let teacherToken: string;
  /** A second connection to the same database, as another process or a script has. */
  let other: DatabaseHandle;

  const list = async (fields: Record<string, string | number> = {}, token?: string) =>
    expectOk<Page>(await postForm(t.app, LIST, { typeId: 3, ...fields }, { token }));
  const titles = (page: { list: Item[] }) => page.list.map((item) => item.newsTitle);
  const home = async () => expectOk<Tab[]>(await postForm(t.app, HOME, {}));
  const tabTitles = (tabs: Tab[]) => tabs.flatMap((tab) => titles(tab));
  const detail = (newId: number, token?: string) => postForm(t.app, DETAIL, { newId }, { token });
  const search = async (
    newsTitle: string,
    fields: Record<string, string | number> = {},
    token?: string,
  ) => expectOk<Page>(await postForm(t.app, SEARCH, { newsTitle, ...fields }, { token }));
  const save = async (fields: Record<string, unknown>) =>
    expectOk<{ newId: number }>(
      await postJson(t.app, '/api/cms/news/save', fields, { token: adminToken }),
    ).newId;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '管理员缓存', staffType: 5, isPower: 1 });
    adminToken = await login(t.app, admin);
    teacher = await createStaff(t.db, { name: '教师缓存' });
    teacherToken = await login(t.app, teacher);
    await createNews(t.services, { typeId: 3, title: '校园开放日' });
    // Polled while the app runs: what the tests below rely on is heard without the poll.
    await t.app.ready();
    const file =
      t.dialect === 'sqlite'
        ? (
            await sql<{
              file: string;
            }>`select file from pragma_database_list where name = 'main'`.execute(t.db)
          ).rows[0]!.file
        : ':memory:';
    other = openDatabase({ url: t.config.databaseUrl, sqliteFile: file, poolSize: 1 });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('answers from memory while nothing changes, and shows an edit at once', async () => {
    const first = await list();
    expect(titles(first)).toContain('校园开放日');
    expect(tabTitles(await home())).toContain('校园开放日');
    expect(titles(await search('开放日'))).toContain('校园开放日');
    const [opened] = first.list.filter((item) => item.newsTitle === '校园开放日');
    // A change that does not raise the content version (a script's own connection, not
    // through the application's database layer) is not seen: the answer is kept.
    await other.db
      .updateTable('news')
      .set({ title: '校园开放日（未经版本）' })
      .where('id', '=', opened!.newId)
      .execute();
    expect(titles(await list())).toContain('校园开放日');
    expect(titles(await search('开放日'))).toContain('校园开放日');
    expect(tabTitles(await home())).toContain('校园开放日');

    // Saved, not yet on the shelf: nothing shows; shelved: it shows, on every call.
    const newId = await save({ typeId: 3, newsTitle: '运动会通知' });
    expect(titles(await list())).not.toContain('运动会通知');
    expect(tabTitles(await home())).not.toContain('运动会通知');
    expectOk(await postJson(t.app, '/api/cms/news/shelve', { newId }, { token: adminToken }));
    expect(titles(await list())[0]).toBe('运动会通知');
    expect(tabTitles(await home())).toContain('运动会通知');
    expect(titles(await search('运动会'))).toEqual(['运动会通知']);
    expect(expectOk<Item>(await detail(newId)).newsTitle).toBe('运动会通知');
    // The write also brought the change made beside the version along.
    expect(titles(await list())).toContain('校园开放日（未经版本）');

    await save({ newId, typeId: 3, newsTitle: '运动会延期通知' });
    expect(titles(await list())[0]).toBe('运动会延期通知');
    expect(tabTitles(await home())).toContain('运动会延期通知');
    expect(titles(await search('运动会'))).toEqual(['运动会延期通知']);
    expect(expectOk<Item>(await detail(newId)).newsTitle).toBe('运动会延期通知');

    // Taken off the shelf: gone from every answer, the article too.
    expectOk(
      await postJson(
        t.app,
        '/api/news/delNews',
        { newId, staffId: admin.id },
        { token: adminToken },
      ),
    );
    expect(titles(await list())).not.toContain('运动会延期通知');
    expect(tabTitles(await home())).not.toContain('运动会延期通知');
    expect((await search('运动会')).total).toBe(0);
    expect((await detail(newId)).statusCode).toBe(404);
  });

  it('hears a change written by another process once its version is heard', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '另一进程之前' });
    expect(expectOk<Item>(await detail(newId)).newsTitle).toBe('另一进程之前');
    expect(titles(await list())).toContain('另一进程之前');
    // Another worker's write raises the version row in its own transaction; this process hears
    // the new number through the cluster bus or, at the latest, its poll of the row.
    siteWritesOf(other.db)!.arm();
    await other.db
      .updateTable('news')
      .set({ title: '另一进程之后' })
      .where('id', '=', newId)
      .execute();
    await siteVersionOf(t.db)!.refresh();
    expect(expectOk<Item>(await detail(newId)).newsTitle).toBe('另一进程之后');
    expect(titles(await list())).toContain('另一进程之后');
    expect(tabTitles(await home())).toContain('另一进程之后');
  });

  it('reads views and likes fresh: they change no content version', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '计数新闻' });
    const counted = (page: { list: Item[] }) => page.list.find((item) => item.newId === newId)!;
    expect(counted(await list()).viewCount).toBe(0);
    expect(expectOk<Item>(await detail(newId)).viewCount).toBe(0);
    const tab = (tabs: Tab[]) => counted({ list: tabs.flatMap((x) => x.list) });
    expect(tab(await home()).viewCount).toBe(0);

    const view = await postForm(
      t.app,
      '/api/news/view',
      { newId },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' } },
    );
    expectOk(view);
    expect(counted(await list()).viewCount).toBe(1);
    expect(expectOk<Item>(await detail(newId)).viewCount).toBe(1);
    expect(tab(await home()).viewCount).toBe(1);

    expectOk(
      await postForm(
        t.app,
        '/api/news/updateFlowerCount',
        { newId, staffId: admin.id },
        { token: adminToken },
      ),
    );
    await t.db.updateTable('news').set({ viewCount: 41 }).where('id', '=', newId).execute();
    expect(counted(await list())).toMatchObject({ viewCount: 41, flowerCount: 1 });
    expect(expectOk<Item>(await detail(newId))).toMatchObject({ viewCount: 41, flowerCount: 1 });
    expect(tab(await home())).toMatchObject({ viewCount: 41, flowerCount: 1 });
  });

  it('sends an unchanged home box as the same JSON, and a changed count in new JSON', async () => {
    const newId = await createNews(t.services, { typeId: 2, title: '首页计数新闻' });
    const first = await postForm(t.app, HOME, {});
    const again = await postForm(t.app, HOME, {});
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    await t.db.updateTable('news').set({ viewCount: 7 }).where('id', '=', newId).execute();
    const counted = expectOk<Tab[]>(await postForm(t.app, HOME, {}))
      .flatMap((tab) => tab.list)
      .find((item) => item.newId === newId);
    expect(counted?.viewCount).toBe(7);
  });

  it('shows a scheduled item when it becomes due, and drops the 新 badge when it runs out', async () => {
    const due = new Date(t.clock.now().getTime() + 30 * 60_000);
    const newId = await createNews(t.services, {
      typeId: 3,
      title: '半小时后发布',
      shelvesDate: due,
    });
    expect(titles(await list())).not.toContain('半小时后发布');
    expect(tabTitles(await home())).not.toContain('半小时后发布');
    expect((await search('半小时后')).total).toBe(0);
    expect((await detail(newId)).statusCode).toBe(404);
    // Asked again before it is due: still kept as it was.
    expect(titles(await list())).not.toContain('半小时后发布');

    t.clock.advanceMinutes(31);
    const page = await list();
    expect(titles(page)[0]).toBe('半小时后发布');
    expect(page.list[0]!.newest).toBe(1);
    expect(tabTitles(await home())).toContain('半小时后发布');
    expect(titles(await search('半小时后'))).toEqual(['半小时后发布']);
    expect(expectOk<Item>(await detail(newId)).newsTitle).toBe('半小时后发布');

    // Seven days on the shelf: the badge goes, though nothing was written.
    t.clock.advanceMinutes(7 * 24 * 60);
    const later = await list();
    expect(later.list.find((item) => item.newId === newId)!.newest).toBe(0);
    const tabs = await home();
    expect(tabs.flatMap((x) => x.list).find((item) => item.newId === newId)!.newest).toBe(0);
  });

  it('never gives an anonymous caller a staff-only or unpublished item, whoever asked first', async () => {
    // The clock moved on days above: log in again.
    adminToken = await login(t.app, admin);
    teacherToken = await login(t.app, teacher);
    const inside = await createNews(t.services, {
      typeId: 3,
      title: '仅限校内的通知',
      enableType: 2,
    });
    const draft = await save({ typeId: 3, newsTitle: '尚未发布的草稿' });
    // Staff ask first, for the intranet's view, which holds the staff-only item.
    expect(titles(await list({ enableType: 2 }, teacherToken))).toContain('仅限校内的通知');
    expect(titles(await search('仅限校内', { enableType: 2 }, teacherToken))).toEqual([
      '仅限校内的通知',
    ]);
    expect(expectOk<Item>(await detail(inside, teacherToken)).newsTitle).toBe('仅限校内的通知');
    // The author previews the draft.
    expect(expectOk<{ published: boolean }>(await detail(draft, adminToken)).published).toBe(false);

    for (let round = 0; round < 2; round++) {
      const anonymous = [
        ...titles(await list()),
        ...titles(await list({ enableType: 2 })),
        ...tabTitles(await home()),
        ...titles(await search('仅限校内')),
        ...titles(await search('仅限校内', { enableType: 2 })),
        ...titles(await search('草稿')),
      ];
      expect(anonymous).not.toContain('仅限校内的通知');
      expect(anonymous).not.toContain('尚未发布的草稿');
      expectRefusal(await detail(inside), 401, '该内容仅限校内访问，请先登录');
      expect((await detail(draft)).statusCode).toBe(404);
    }
    // Staff still get theirs after the anonymous answers were kept.
    expect(titles(await list({ enableType: 2 }, teacherToken))).toContain('仅限校内的通知');
    expect(expectOk<Item>(await detail(inside, teacherToken)).newsTitle).toBe('仅限校内的通知');
  });
});
