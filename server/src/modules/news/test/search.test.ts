import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToText, indexTerms, queryTerms } from '../../../platform/search/terms.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Hit {
  newId: number | null;
  typeId: number;
  newsTitle: string;
  newsDesc: string;
  ifTop: number;
}
interface Page {
  total: number;
  keyword: string;
  list: Hit[];
}

const SEARCH = '/api/news/getNewsTitleList';

describe('search terms', () => {
  it('indexes single characters and neighbouring pairs, Latin words whole', () => {
    expect(indexTerms('校园文化节 Qinghe 2026').sort()).toEqual(
      ['校', '园', '文', '化', '节', '校园', '园文', '文化', '化节', 'qinghe', '2026'].sort(),
    );
  });
  it('looks a keyword up by its pairs, or by the character itself', () => {
    expect(queryTerms('校')).toEqual(['校']);
    expect(queryTerms('运动会')).toEqual(['运动', '动会']);
    expect(queryTerms(' 科技 Festival ')).toEqual(['科技', 'festival']);
    expect(queryTerms('！？')).toEqual([]);
  });
  it('reads the text of a body as the page shows it: inline tags join words, blocks part them', () => {
    expect(
      htmlToText('<p>请准备<b>期中</b><span style="color:red">试卷</span></p><p>第二段</p>'),
    ).toBe('请准备期中试卷 第二段');
    expect(htmlToText('<p>见<a href="/x">附件</a>。<br>Hello <strong>World</strong>!</p>')).toBe(
      '见附件。 Hello World!',
    );
    expect(htmlToText('<b>甲</b><bdo>乙</bdo><br/><img src="x.png">丙')).toBe('甲乙 丙');
  });
});

describe('api/news/getNewsTitleList', () => {
  let t: TestApp;
  // Days before the test clock (2026-03-02): a later shelves date is not public yet.
  const day = (n: number) => new Date(Date.UTC(2026, 1, n, 2));
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    id.sports = await createNews(t.services, {
      typeId: 2,
      title: '青禾实验中学第六十届田径运动会隆重开幕',
      shelvesDate: day(3),
    });
    id.bodyOnly = await createNews(t.services, {
      typeId: 6,
      title: '校友返校日回忆录',
      content: '<p>那一年的秋季运动会上，我们班获得了团体第一名。</p>',
      shelvesDate: day(5),
    });
    id.pinned = await createNews(t.services, {
      typeId: 15,
      title: '示范校建设：体育运动特色项目',
      ifTop: 1,
      shelvesDate: day(1),
    });
    id.staffOnly = await createNews(t.services, {
      typeId: 17,
      title: '教职工运动会报名通知',
      enableType: 2,
      shelvesDate: day(6),
    });
    id.gallery = await createNews(t.services, {
      typeId: 12,
      title: '最美校园：春日樱花',
      shelvesDate: day(2),
    });
    for (let i = 1; i <= 12; i++) {
      await createNews(t.services, {
        typeId: 3,
        title: `教育信息化简讯${i}`,
        shelvesDate: day(7 + i),
      });
    }
  });
  afterAll(() => t?.close());

  const search = async (fields: Record<string, string | number>, token?: string) =>
    expectOk<Page>(await postForm(t.app, SEARCH, fields, { token }));

  it('finds a two-character word inside titles and bodies: pinned, then title hits, then newest', async () => {
    const page = await search({ newsTitle: '运动' });
    expect(page.total).toBe(3);
    expect(page.list.map((h) => h.newId)).toEqual([id.pinned, id.sports, id.bodyOnly]);
    expect(page.list[0]).toMatchObject({ ifTop: 1, typeId: 15 });
  });

  it('finds one-character and four-character keywords', async () => {
    const one = await search({ newsTitle: '樱' });
    expect(one.list.map((h) => h.newId)).toEqual([id.gallery]);
    const four = await search({ newsTitle: '田径运动' });
    expect(four.list.map((h) => h.newId)).toEqual([id.sports]);
    const longer = await search({ newsTitle: '隆重开幕' });
    expect(longer.list.map((h) => h.newId)).toEqual([id.sports]);
    expect((await search({ newsTitle: '篮球' })).total).toBe(0);
  });

  it('pages ten at a time', async () => {
    const first = await search({ newsTitle: '简讯' });
    expect(first.total).toBe(12);
    expect(first.list).toHaveLength(10);
    expect(first.list[0]!.newsTitle).toBe('教育信息化简讯12');
    const second = await search({ newsTitle: '简讯', pageNum: 2 });
    expect(second.list.map((h) => h.newsTitle)).toEqual(['教育信息化简讯2', '教育信息化简讯1']);
    expect(second.total).toBe(12);
    const past = await search({ newsTitle: '简讯', pageNum: 5 });
    expect(past).toMatchObject({ total: 12, list: [] });
  });

  it('finds staff-only items only for logged-in staff asking for the intranet', async () => {
    expect((await search({ newsTitle: '教职工', enableType: 2 })).total).toBe(0);
    const token = await login(t.app, await createStaff(t.db));
    expect((await search({ newsTitle: '教职工', enableType: 1 }, token)).total).toBe(0);
    const staff = await search({ newsTitle: '教职工', enableType: 2 }, token);
    expect(staff.list.map((h) => h.newId)).toEqual([id.staffOnly]);
  });

  it('refuses an empty keyword', async () => {
    expectRefusal(await postForm(t.app, SEARCH, { newsTitle: '  ' }), 400, '请输入搜索内容');
    expectRefusal(await postForm(t.app, SEARCH, {}), 400, '请输入搜索内容');
    expectRefusal(
      await postForm(t.app, SEARCH, { newsTitle: '长'.repeat(51) }),
      400,
      '搜索内容不能超过50个字',
    );
  });

  it('pages across the pinned, title-hit and other runs in one order, with one total', async () => {
    const whole = await search({ newsTitle: '运动' });
    const oneByOne: Array<number | null> = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = await search({ newsTitle: '运动', pageNum, pageSize: 1 });
      expect(page.total).toBe(3);
      oneByOne.push(...page.list.map((h) => h.newId));
    }
    expect(oneByOne).toEqual(whole.list.map((h) => h.newId));
    const two = await search({ newsTitle: '运动', pageNum: 2, pageSize: 2 });
    expect(two.list.map((h) => h.newId)).toEqual([id.bodyOnly]);
    const past = await search({ newsTitle: '运动', pageNum: 4, pageSize: 1 });
    expect(past).toMatchObject({ total: 3, list: [] });
  });

  it('narrows to a column, and a column number beyond any column finds nothing', async () => {
    const pinnedColumn = await search({ newsTitle: '运动', typeId: 15 });
    expect(pinnedColumn.list.map((h) => h.newId)).toEqual([id.pinned]);
    const beyond = await postJson(t.app, SEARCH, {
      newsTitle: '运动',
      typeId: 1e21,
      pageNum: 1,
      pageSize: 1,
    });
    // SQLite finds nothing; PostgreSQL refuses a number beyond its integers.
    if (t.dialect === 'sqlite')
      expect(expectOk<Page>(beyond)).toMatchObject({ total: 0, list: [] });
    else expectRefusal(beyond, 400, '参数格式不正确');
    // A radical (a Han symbol, no letter) parts words as the index does: 运 and 动 apart.
    expect((await search({ newsTitle: '运⺀动' })).total).toBe(3);
    expect((await search({ newsTitle: '⺀' })).total).toBe(0);
  });

  it('follows a pin and a shelving without counting an item twice', async () => {
    const admin = await createStaff(t.db, { name: '搜索管理员', staffType: 5, isPower: 1 });
    const token = await login(t.app, admin);
    const newId = await createNews(t.services, {
      typeId: 3,
      title: '体育节篮球赛程',
      content: '<p>全校运动健儿参加。</p>',
      shelvesDate: day(20),
    });
    const ids = async () => (await search({ newsTitle: '运动' })).list.map((h) => h.newId);
    expect(await ids()).toEqual([id.pinned, id.sports, newId, id.bodyOnly]);
    // Pinned: before every unpinned item, after the pinned title hit (its own is in the body).
    expectOk(await postJson(t.app, '/api/cms/news/pin', { newId, ifTop: 1 }, { token }));
    expect(await ids()).toEqual([id.pinned, newId, id.sports, id.bodyOnly]);
    expectOk(await postJson(t.app, '/api/cms/news/pin', { newId, ifTop: 0 }, { token }));
    expect(await ids()).toEqual([id.pinned, id.sports, newId, id.bodyOnly]);
    expectOk(await postJson(t.app, '/api/cms/news/unshelve', { newId }, { token }));
    expect(await ids()).toEqual([id.pinned, id.sports, id.bodyOnly]);
    expect((await search({ newsTitle: '篮球赛程' })).total).toBe(0);
    expectOk(await postJson(t.app, '/api/cms/news/shelve', { newId }, { token }));
    expect((await search({ newsTitle: '运动' })).total).toBe(4);
  });

  it('reads a page from the index in list order, without sorting the matches', async () => {
    if (t.dialect === 'sqlite') {
      // FTS5 hands out the matches in rowid order, which is the list's (rank-key.ts).
      const rows = await sql<{
        detail: string;
      }>`EXPLAIN QUERY PLAN SELECT rowid FROM search_listed WHERE search_listed MATCH 'body : ("运动")' AND rowid BETWEEN 0 AND 99999999999 ORDER BY rowid DESC LIMIT 10`.execute(
        t.db,
      );
      const details = rows.rows.map((r) => r.detail).join(' | ');
      expect(details).toMatch(/VIRTUAL TABLE INDEX/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    } else {
      // With a handful of rows PostgreSQL would rightly scan; forbid it to see that the index serves.
      const plan = await t.db.connection().execute(async (conn) => {
        await sql`SET enable_seqscan = off`.execute(conn);
        const rows = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT id FROM search_doc WHERE terms @> ARRAY['运动']::text[]`.execute(conn);
        await sql`RESET enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/search_doc_terms_idx/);
    }
  });
});
