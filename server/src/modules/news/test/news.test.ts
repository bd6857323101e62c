import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsListQuery } from '../../../platform/publishing/rows.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createNews,
  createStaff,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { envelope, expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

interface Page<T = Record<string, unknown>> {
  total: number;
  list: T[];
}
type Item = { newId: number; newsTitle: string; ifTop: number; [key: string]: unknown };

const LIST = '/api/news/getNewsList';
const DETAIL = '/api/news/getNewsDetails';

describe('api/news: lists, details, audience', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let teacherToken: string;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n, 2));
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db);
    teacherToken = await login(t.app, teacher);
    // Column 3: eight public items over eight days, one pinned old one, and the hidden kinds.
    for (let i = 1; i <= 8; i++) {
      ids[`day${i}`] = await createNews(t.services, {
        typeId: 3,
        title: `教育动态第${i}条`,
        shelvesDate: day(i + 1),
      });
    }
    ids.pinned = await createNews(t.services, {
      typeId: 3,
      title: '置顶的教育动态',
      ifTop: 1,
      shelvesDate: day(1),
    });
    ids.staffOnly = await createNews(t.services, {
      typeId: 3,
      title: '仅限校内的教育动态',
      enableType: 2,
      shelvesDate: day(20),
    });
    ids.offShelf = await createNews(
      t.services,
      { typeId: 3, title: '已下架的教育动态', ifShelves: 0, shelvesDate: day(21) },
      teacher,
    );
    ids.pending = await createNews(t.services, {
      typeId: 3,
      title: '待审核的教育动态',
      reviewState: 'submitted',
      shelvesDate: day(22),
    });
    ids.high = await createNews(t.services, { typeId: 21, title: '高中课程', schChange: 1 });
    ids.junior = await createNews(t.services, { typeId: 21, title: '初中课程', schChange: 2 });
  });
  afterAll(() => t?.close());

  it('getNewsList pages six at a time, pinned first, then newest', async () => {
    const first = expectOk<Page<Item>>(await postForm(t.app, LIST, { typeId: 3, enableType: 1 }));
    expect(first.total).toBe(9);
    expect(first.list.map((i) => i.newsTitle)).toEqual([
      '置顶的教育动态',
      '教育动态第8条',
      '教育动态第7条',
      '教育动态第6条',
      '教育动态第5条',
      '教育动态第4条',
    ]);
    const second = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 3, enableType: 1, pageNum: 2 }),
    );
    expect(second.list.map((i) => i.newsTitle)).toEqual([
      '教育动态第3条',
      '教育动态第2条',
      '教育动态第1条',
    ]);
    const item = first.list[1]!;
    expect(item).toMatchObject({
      typeId: 3,
      typeName: '教育动态',
      newsDesc: '测试摘要',
      ifTop: 0,
      viewCount: 0,
      flowerCount: 0,
      shelvesDate: '2026-01-09 10:00:00',
    });
  });

  it('never lists staff-only, off-shelf or unapproved items to the public', async () => {
    const anonymous = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 3, enableType: 2, pageSize: 50 }),
    );
    const titles = anonymous.list.map((i) => i.newsTitle);
    expect(titles).not.toContain('仅限校内的教育动态');
    expect(titles).not.toContain('已下架的教育动态');
    expect(titles).not.toContain('待审核的教育动态');

    const staff = expectOk<Page<Item>>(
      await postForm(
        t.app,
        LIST,
        { typeId: 3, enableType: 2, pageSize: 50 },
        { token: teacherToken },
      ),
    );
    expect(staff.total).toBe(10);
    expect(staff.list[1]!.newsTitle).toBe('仅限校内的教育动态');
    // Logged in but on the portal (enableType 1): the portal's view.
    const portal = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 3, enableType: 1 }, { token: teacherToken }),
    );
    expect(portal.total).toBe(9);
  });

  it('filters by school part and by title words', async () => {
    const high = expectOk<Page<Item>>(await postForm(t.app, LIST, { typeId: 21, schChange: 1 }));
    expect(high.list.map((i) => i.newsTitle)).toEqual(['高中课程']);
    const all = expectOk<Page<Item>>(await postForm(t.app, LIST, { typeId: 21 }));
    expect(all.total).toBe(2);
    const byTitle = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 3, newsTitle: '第5' }),
    );
    expect(byTitle.list.map((i) => i.newsTitle)).toEqual(['教育动态第5条']);
  });

  it('takes % and _ in title words literally, on both databases', async () => {
    await createNews(t.services, { typeId: 20, title: '及格率达到100%的秘诀' });
    await createNews(t.services, { typeId: 20, title: '及格率达到1000分' });
    const percent = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 20, newsTitle: '100%' }),
    );
    expect(percent.list.map((i) => i.newsTitle)).toEqual(['及格率达到100%的秘诀']);
    const underscore = expectOk<Page<Item>>(
      await postForm(t.app, LIST, { typeId: 20, newsTitle: '达到_' }),
    );
    expect(underscore.total).toBe(0);
  });

  it('counts a column without reading the items themselves (SQLite: from the list index alone)', async () => {
    // The count getNewsList runs for a column's public list (its pager's total).
    const count = newsListQuery(t.db, new Date())
      .where('news.typeId', '=', 3)
      .where('news.enableType', '=', 1)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .compile();
    const plan = await t.db.connection().execute(async (conn) => {
      const explain = t.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN';
      const { rows } = await conn.executeQuery<Record<string, string>>({
        ...count,
        sql: `${explain} ${count.sql}`,
      });
      return rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
    });
    // A department (or any other) join would make the count read every item's row.
    expect(plan).not.toMatch(/department/);
    // SQLite plans by rule, so the plan is known; PostgreSQL's depends on the table's statistics.
    if (t.dialect === 'sqlite') expect(plan).toMatch(/news USING COVERING INDEX news_list_idx/);
  });

  it('refuses bad paging and filters with a Chinese message', async () => {
    expectRefusal(
      await postForm(t.app, LIST, { typeId: 3, pageSize: 0 }),
      400,
      '每页条数须为1到50',
    );
    expectRefusal(await postForm(t.app, LIST, { typeId: 3, pageNum: 'x' }), 400, '页码不正确');
    expectRefusal(
      await postForm(t.app, LIST, { typeId: 21, schChange: 3 }),
      400,
      'schChange 须为 1 或 2',
    );
  });

  it('getNewsHomePage answers the three tabs with at most eight items each', async () => {
    const tabs = expectOk<Array<{ typeId: number; typeName: string; list: Item[] }>>(
      await postForm(t.app, '/api/news/getNewsHomePage'),
    );
    expect(tabs.map((tab) => [tab.typeId, tab.typeName])).toEqual([
      [2, '校园新闻'],
      [3, '教育动态'],
      [4, '专题新闻'],
    ]);
    expect(tabs[1]!.list).toHaveLength(8);
    expect(tabs[1]!.list[0]!.newsTitle).toBe('置顶的教育动态');
    expect(tabs[0]!.list).toEqual([]);
  });

  it('getNewsDetails answers the article with its files, and counts nothing', async () => {
    const attachment = await createFile(t.services, '2026学年校历.pdf', 'application/pdf');
    const picture = await createFile(t.services);
    const newId = await createNews(t.services, {
      typeId: 2,
      title: '带附件的新闻',
      content: '<p onclick="x()">正文<script>alert(1)</script></p>',
      source: '校团委',
      contentKind: 2,
      files: [
        { role: 'attachment', fileId: attachment, fileName: '2026学年校历.pdf' },
        { role: 'attachment', legacyPath: '\\upload\\old\\旧通知.doc', fileName: '旧通知.doc' },
        { role: 'image', fileId: picture, fileName: 'photo.jpg', caption: '开学典礼' },
      ],
    });
    const detail = expectOk<Record<string, unknown>>(await postForm(t.app, DETAIL, { newId }));
    expect(detail).toMatchObject({
      newId,
      newsTitle: '带附件的新闻',
      newsContent: '<p>正文</p>',
      source: '校团委',
      newcontenttype: 2,
      viewCount: 0,
      fileList: [
        {
          fileId: attachment,
          fileName: '2026学年校历.pdf',
          filePath: `/api/files/${attachment}`,
          oldfile: 0,
        },
        { fileId: null, fileName: '旧通知.doc', filePath: '\\upload\\old\\旧通知.doc', oldfile: 1 },
      ],
      imgOrViewList: [{ fileId: picture, filePath: `/api/files/${picture}`, caption: '开学典礼' }],
    });
    const again = expectOk<{ viewCount: number }>(await postForm(t.app, DETAIL, { newId }));
    expect(again.viewCount).toBe(0);
  });

  it('getNewsDetails names the account that wrote it (createUser) beside the byline', async () => {
    const newId = await createNews(
      t.services,
      { typeId: 2, title: '有作者的新闻', releaseUser: '校办' },
      teacher,
    );
    expect(expectOk(await postForm(t.app, DETAIL, { newId, staffId: '' }))).toMatchObject({
      releaseUser: '校办',
      createStaff: teacher.id,
      createUser: teacher.name,
    });
    // An item of the old site, migrated with its database: it names no account.
    const unsigned = await createNews(t.services, { typeId: 2, title: '无作者的新闻' });
    await t.db.updateTable('news').set({ createStaff: null }).where('id', '=', unsigned).execute();
    expect(expectOk(await postForm(t.app, DETAIL, { newId: unsigned }))).toMatchObject({
      createStaff: null,
      createUser: null,
    });
  });

  it('getNewsDetails: staff-only needs a login, hidden items are gone', async () => {
    expectRefusal(
      await postForm(t.app, DETAIL, { newId: ids.staffOnly }),
      401,
      '该内容仅限校内访问，请先登录',
    );
    expect(
      expectOk<Item>(
        await postForm(t.app, DETAIL, { newId: ids.staffOnly }, { token: teacherToken }),
      ).newsTitle,
    ).toBe('仅限校内的教育动态');
    expectRefusal(await postForm(t.app, DETAIL, { newId: ids.pending }), 404, '内容不存在或已下架');
    expectRefusal(await postForm(t.app, DETAIL, { newId: 999999 }), 404, '内容不存在或已下架');
    expectRefusal(await postForm(t.app, DETAIL, {}), 400, '请选择新闻');
    // Its own author still reads an item taken off the shelf.
    expectRefusal(
      await postForm(t.app, DETAIL, { newId: ids.offShelf }),
      404,
      '内容不存在或已下架',
    );
    expect(
      expectOk<Item>(
        await postForm(t.app, DETAIL, { newId: ids.offShelf }, { token: teacherToken }),
      ).newsTitle,
    ).toBe('已下架的教育动态');
  });

  it('getNewsTypeList and getNewsTypeTreeList answer the column tree', async () => {
    const children = expectOk<Array<{ typeId: number }>>(
      await postForm(t.app, '/api/news/getNewsTypeList', { parentId: 1 }),
    );
    expect(children.map((c) => c.typeId)).toEqual([2, 3, 4]);
    const tree = expectOk<Array<{ typeId: number; children: Array<{ typeId: number }> }>>(
      await postForm(t.app, '/api/news/getNewsTypeTreeList'),
    );
    expect(tree.find((n) => n.typeId === 5)!.children.map((c) => c.typeId)).toEqual([6, 7, 8, 9]);
  });

  it('a staff-only or hidden item is not in the search either', async () => {
    const search = (token?: string, enableType = 1) =>
      postForm(
        t.app,
        '/api/news/getNewsTitleList',
        { newsTitle: '教育动态', enableType },
        { token },
      );
    const anonymous = expectOk<Page<Item>>(await search(undefined, 2));
    expect(anonymous.total).toBe(9);
    const staff = expectOk<Page<Item>>(await search(teacherToken, 2));
    expect(staff.total).toBe(10);
    expect(envelope(await search()).msg).toBe('成功');
  });
});
