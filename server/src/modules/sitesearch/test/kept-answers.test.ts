import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { NewsItem } from '@school/common/api';
import { openDatabase, type DatabaseHandle } from '../../../db/database.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postForm, postJson } from '../../../test-kit/http.js';

interface Answer {
  total: number;
  list: NewsItem[];
}

/**
 * Issue 20: the site search's news and picture tabs count and order a keyword's matches in
 * the search index (its entries carry the filters: publisher, campus, content kind, column,
 * date) and keep the whole answer between content changes. What is kept must never be
 * stale: an edit of anything a filter reads, a shelving or removal, a scheduled item coming
 * due, a view or a like show at once.
 */
describe('site search answers kept between changes', () => {
  let t: TestApp;
  let admin: TestStaff;
  let adminToken: string;
  let token: string;
  /** A second connection to the same database, as a script has: its writes raise nothing. */
  let other: DatabaseHandle;

  const search = async (fields: Record<string, string | number>) =>
    expectOk<Answer>(
      await postForm(t.app, '/api/search/getSearchList', { pageSize: 50, ...fields }, { token }),
    );
  const ids = (answer: Answer) => answer.list.map((item) => item.newId);
  const save = async (fields: Record<string, unknown>) =>
    expectOk<{ newId: number }>(
      await postJson(t.app, '/api/cms/news/save', fields, { token: adminToken }),
    ).newId;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '管理员搜索', staffType: 5, isPower: 1 });
    adminToken = await login(t.app, admin);
    token = await login(t.app, await createStaff(t.db, { name: '教师搜索' }));
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

  it('follows an edit of what a filter reads at once: publisher, campus, kind, column, title, shelf', async () => {
    const newId = await save({
      typeId: 2,
      newsTitle: '社团招新通知',
      releaseUser: '团委',
      schChange: 1,
    });
    expect((await search({ str: '社团招新' })).total).toBe(0);
    expectOk(await postJson(t.app, '/api/cms/news/shelve', { newId }, { token: adminToken }));
    expect(ids(await search({ str: '社团招新', releaseUser: '团委' }))).toEqual([newId]);
    expect(ids(await search({ str: '社团招新', schChange: 1 }))).toEqual([newId]);
    expect((await search({ str: '社团招新', schChange: 2 })).total).toBe(0);
    expect((await search({ type: 4, str: '社团招新' })).total).toBe(0);

    await save({
      newId,
      typeId: 2,
      newsTitle: '社团招新通知',
      releaseUser: '学生会',
      schChange: 2,
      newcontenttype: 2,
    });
    expect((await search({ str: '社团招新', releaseUser: '团委' })).total).toBe(0);
    expect(ids(await search({ str: '社团招新', releaseUser: '学生会' }))).toEqual([newId]);
    expect((await search({ str: '社团招新', schChange: 1 })).total).toBe(0);
    expect(ids(await search({ str: '社团招新', schChange: 2 }))).toEqual([newId]);
    expect(ids(await search({ type: 4, str: '社团招新' }))).toEqual([newId]);

    await save({ newId, typeId: 3, newsTitle: '社团纳新通知', newcontenttype: 2 });
    expect((await search({ str: '社团招新' })).total).toBe(0);
    expect((await search({ str: '社团纳新', typeId: 2 })).total).toBe(0);
    const moved = await search({ str: '社团纳新', typeId: 3 });
    expect(ids(moved)).toEqual([newId]);
    expect(moved.list[0]).toMatchObject({ newsTitle: '社团纳新通知', typeId: 3 });

    expectOk(
      await postJson(
        t.app,
        '/api/news/delNews',
        { newId, staffId: admin.id },
        { token: adminToken },
      ),
    );
    expect((await search({ str: '社团纳新' })).total).toBe(0);
  });

  it('keeps an answer while nothing changes, and reads views and likes fresh', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '合唱比赛获奖' });
    const first = await search({ str: '合唱比赛' });
    expect(first.list[0]).toMatchObject({ newId, newsTitle: '合唱比赛获奖', viewCount: 0 });
    // A write beside the application's database layer raises no version: the answer is kept.
    await other.db
      .updateTable('news')
      .set({ title: '合唱比赛获奖（未经版本）' })
      .where('id', '=', newId)
      .execute();
    expect((await search({ str: '合唱比赛' })).list[0]!.newsTitle).toBe('合唱比赛获奖');
    // Views and likes are no content: they show at once all the same.
    await other.db
      .updateTable('news')
      .set({ viewCount: 41, flowerCount: 3 })
      .where('id', '=', newId)
      .execute();
    expect((await search({ str: '合唱比赛' })).list[0]).toMatchObject({
      newsTitle: '合唱比赛获奖',
      viewCount: 41,
      flowerCount: 3,
    });
    // Any content write moves the version on, and the answer is read again.
    await createNews(t.services, { typeId: 3, title: '无关的通知' });
    expect((await search({ str: '合唱比赛' })).list[0]!.newsTitle).toBe('合唱比赛获奖（未经版本）');
  });

  it('shows a scheduled item when it becomes due, with nothing written', async () => {
    const due = new Date(t.clock.now().getTime() + 30 * 60_000);
    const newId = await createNews(t.services, {
      typeId: 3,
      title: '半小时后的讲座',
      shelvesDate: due,
    });
    expect((await search({ str: '讲座' })).total).toBe(0);
    expect((await search({ str: '讲座' })).total).toBe(0);
    t.clock.advanceMinutes(31);
    expect(ids(await search({ str: '讲座' }))).toEqual([newId]);
  });
});
