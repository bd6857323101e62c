import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createNews,
  createStaff,
  createSubjectNews,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { envelope, expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

interface Page<T = Record<string, unknown>> {
  total: number;
  list: T[];
}

describe('api/news: views, likes, footprints, deletion, operation log', () => {
  let t: TestApp;
  let author: TestStaff;
  let other: TestStaff;
  let admin: TestStaff;
  const token = { author: '', other: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    author = await createStaff(t.db, { name: '王老师' });
    other = await createStaff(t.db, { name: '李老师' });
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    token.author = await login(t.app, author);
    token.other = await login(t.app, other, { remoteAddress: '10.1.2.3' });
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  it('addNewsFootprint needs a login, writes one footprint and counts the view', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    expectRefusal(await postForm(t.app, '/api/news/addNewsFootprint', { newId }), 401, 'token错误');
    const viewed = expectOk<{ viewCount: number }>(
      await postForm(
        t.app,
        '/api/news/addNewsFootprint',
        { newId, roleId: 2, userId: other.id, userName: other.name },
        { token: token.other, remoteAddress: '10.1.2.3' },
      ),
    );
    expect(viewed.viewCount).toBe(1);
    expectRefusal(
      await postForm(
        t.app,
        '/api/news/addNewsFootprint',
        { newId, userId: author.id },
        { token: token.other },
      ),
      403,
      '只能以自己的身份操作',
    );
    const rows = await t.db
      .selectFrom('footprint')
      .selectAll()
      .where('objId', '=', newId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      infoTable: 'T_NEWS',
      staffId: other.id,
      staffName: '李老师',
      roleId: 2,
      ip: '10.1.2.3',
    });
  });

  it('getNewsFootprintList: the author and isPower 1 see it, other teachers do not', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    await postForm(t.app, '/api/news/addNewsFootprint', { newId }, { token: token.other });
    await postForm(t.app, '/api/news/addNewsFootprint', { newId }, { token: token.admin });
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsFootprintList', { newId, typeId: 2 }),
      401,
      'token错误',
    );
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsFootprintList', { newId }, { token: token.other }),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    for (const who of [token.author, token.admin]) {
      const page = expectOk<Page>(
        await postForm(t.app, '/api/news/getNewsFootprintList', { newId }, { token: who }),
      );
      expect(page.total).toBe(2);
      expect(page.list.map((r) => r.userName).sort()).toEqual(['李老师', '管理员甲'].sort());
      expect(Object.keys(page.list[0]!).sort()).toEqual(
        ['ipaccess', 'landingtime', 'roleId', 'userId', 'userName'].sort(),
      );
    }
  });

  it('likes once per person, refused when anonymous, and counts right under concurrent clicks', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    const check = (who: string) =>
      postForm(t.app, '/api/news/selectIfFlower', { newId, typeId: 2 }, { token: who });
    const like = (who: string) =>
      postForm(t.app, '/api/news/updateFlowerCount', { newId, typeId: 2 }, { token: who });

    expectRefusal(
      await postForm(t.app, '/api/news/updateFlowerCount', { newId }),
      401,
      'token错误',
    );
    expect(envelope(await check(token.other))).toEqual({
      status: 0,
      msg: '可以点赞',
      data: { flowerCount: 0 },
    });
    // Ten clicks of one person at once: one like.
    const burst = await Promise.all(Array.from({ length: 10 }, () => like(token.other)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of burst.filter((r) => r.statusCode !== 200)) {
      expectRefusal(refused, 409, '您已经点过赞了');
    }
    expect(envelope(await check(token.other))).toEqual({
      status: 1,
      msg: '已点赞',
      data: { flowerCount: 1 },
    });
    // Two other people at once: both count.
    const [a, b] = await Promise.all([like(token.author), like(token.admin)]);
    expect(
      [
        expectOk<{ flowerCount: number }>(a).flowerCount,
        expectOk<{ flowerCount: number }>(b).flowerCount,
      ].sort(),
    ).toEqual([2, 3]);
    const stored = await t.db
      .selectFrom('news')
      .select('flowerCount')
      .where('id', '=', newId)
      .executeTakeFirstOrThrow();
    expect(stored.flowerCount).toBe(3);
    const likes = await t.db
      .selectFrom('flower')
      .select('staffId')
      .where('objId', '=', newId)
      .execute();
    expect(likes).toHaveLength(3);
  });

  it('delNews: refused to another teacher, done for the author, logged, and gone everywhere', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '即将删除的青禾新闻' }, author);
    const search = async () =>
      expectOk<Page>(
        await postForm(t.app, '/api/news/getNewsTitleList', { newsTitle: '即将删除' }),
      );
    expect((await search()).total).toBe(1);

    expectRefusal(await postForm(t.app, '/api/news/delNews', { newId }), 401, 'token错误');
    expectRefusal(
      await postForm(
        t.app,
        '/api/news/delNews',
        { newId, staffId: other.id },
        { token: token.other },
      ),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    const done = await postForm(
      t.app,
      '/api/news/delNews',
      { newId, staffId: author.id },
      { token: token.author, remoteAddress: '192.168.9.9' },
    );
    expect(envelope(done)).toEqual({ status: 0, msg: '删除成功', data: null });

    expectRefusal(
      await postForm(t.app, '/api/news/getNewsDetails', { newId }),
      404,
      '内容不存在或已下架',
    );
    const list = expectOk<Page<{ newId: number }>>(
      await postForm(t.app, '/api/news/getNewsList', { typeId: 3, pageSize: 50 }),
    );
    expect(list.list.map((i) => i.newId)).not.toContain(newId);
    expect((await search()).total).toBe(0);
    expectRefusal(
      await postForm(t.app, '/api/news/delNews', { newId }, { token: token.author }),
      404,
      '内容不存在或已下架',
    );

    const log = await t.db.selectFrom('operLog').selectAll().where('objId', '=', newId).execute();
    expect(log.map((r) => [r.infoTable, r.operType, r.staffId, r.ip])).toEqual(
      expect.arrayContaining([['T_NEWS', '删除', author.id, '192.168.9.9']]),
    );
  });

  it('an administrator deletes anyone’s item; the operation log is for isPower 1 only', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    expectOk(await postForm(t.app, '/api/news/delNews', { newId }, { token: token.admin }));
    const payload = { objId: newId, infoTable: 'T_NEWS' };
    expectRefusal(
      await postForm(t.app, '/api/infoOperLog/infoOperLogList', payload, { token: token.author }),
      403,
      '只有管理员可以查看操作日志',
    );
    expectRefusal(
      await postForm(t.app, '/api/infoOperLog/infoOperLogList', payload),
      401,
      'token错误',
    );
    expectRefusal(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId: newId, infoTable: 'T_X' },
        { token: token.admin },
      ),
      400,
      'infoTable 须为 T_NEWS、T_SUBJECT_NEWS、TF_VIDEO 或内容管理平台的表名',
    );
    const rows = expectOk<Array<Record<string, unknown>>>(
      await postForm(t.app, '/api/infoOperLog/infoOperLogList', payload, { token: token.admin }),
    );
    // The teacher's item was made as the platform makes it: saved, submitted and approved.
    expect(rows.map((r) => [r.operType, r.staffName])).toEqual([
      ['删除', '管理员甲'],
      ['审核通过', expect.stringMatching(/^内容管理员/)],
      ['提交审核', '王老师'],
      ['新增', '王老师'],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      ['ipaccess', 'landingtime', 'operType', 'staffName', 'userId'].sort(),
    );
  });

  it('special topics: sub-news list, detail, likes, footprints and deletion', async () => {
    const topic = await createNews(t.services, { typeId: 4, title: '科技节专题' }, author);
    const subs: number[] = [];
    for (let i = 1; i <= 12; i++) {
      subs.push(
        await createSubjectNews(
          t.services,
          {
            newId: topic,
            title: `科技节子新闻${i}`,
            sort: i,
            content: `<p>第${i}篇</p>`,
          },
          // Someone other than the topic's author: an administrator may add to any topic.
          admin,
        ),
      );
    }
    const page1 = expectOk<Page<{ subjectNewId: number; newsTitle: string }>>(
      await postForm(t.app, '/api/news/getSubjectNewsList', { newId: topic }),
    );
    expect(page1.total).toBe(12);
    expect(page1.list).toHaveLength(10);
    expect(page1.list[0]!.newsTitle).toBe('科技节子新闻1');

    const first = expectOk<{ subjectNewId: number; newsContent: string }>(
      await postForm(t.app, '/api/news/getSubjectNews', { newId: topic }),
    );
    expect(first).toMatchObject({ subjectNewId: subs[0], newsContent: '<p>第1篇</p>' });
    const third = expectOk<{ newsTitle: string }>(
      await postForm(t.app, '/api/news/getSubjectNews', { newId: topic, subjectNewId: subs[2] }),
    );
    expect(third.newsTitle).toBe('科技节子新闻3');

    const liked = expectOk<{ flowerCount: number }>(
      await postForm(
        t.app,
        '/api/news/updateFlowerCount',
        { newId: topic, subjectId: subs[2] },
        { token: token.admin },
      ),
    );
    expect(liked.flowerCount).toBe(1);
    const topicRow = await t.db
      .selectFrom('news')
      .select('flowerCount')
      .where('id', '=', topic)
      .executeTakeFirstOrThrow();
    expect(topicRow.flowerCount).toBe(0);
    expectOk(
      await postForm(
        t.app,
        '/api/news/addNewsFootprint',
        { newId: topic, subjectNewId: subs[2] },
        { token: token.admin },
      ),
    );

    // The topic's author may delete a sub-news written by someone else; a stranger may not.
    const stranger = await login(t.app, await createStaff(t.db));
    expectRefusal(
      await postForm(t.app, '/api/news/delSubjectNews', { newId: subs[2] }, { token: stranger }),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    expectOk(
      await postForm(
        t.app,
        '/api/news/delSubjectNews',
        { newId: subs[2] },
        { token: token.author },
      ),
    );
    expectRefusal(
      await postForm(t.app, '/api/news/getSubjectNews', { subjectNewId: subs[2] }),
      404,
      '内容不存在或已下架',
    );
    const after = expectOk<Page>(
      await postForm(t.app, '/api/news/getSubjectNewsList', { newId: topic }),
    );
    expect(after.total).toBe(11);
    const log = await t.db
      .selectFrom('operLog')
      .select(['operType', 'staffId'])
      .where('infoTable', '=', 'T_SUBJECT_NEWS')
      .where('objId', '=', subs[2]!)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { operType: '新增', staffId: admin.id },
      { operType: '删除', staffId: author.id },
    ]);
  });

  it('determineIp answers the caller’s address and whether it is on the campus network', async () => {
    const inside = expectOk<{ ip: string; inSchool: boolean }>(
      await postForm(t.app, '/api/infoOperLog/determineIp', {}, { remoteAddress: '192.168.3.4' }),
    );
    expect(inside).toEqual({ ip: '192.168.3.4', inSchool: true });
    const outside = expectOk<{ ip: string; inSchool: boolean }>(
      await postForm(t.app, '/api/infoOperLog/determineIp', {}, { remoteAddress: '203.0.113.9' }),
    );
    expect(outside).toEqual({ ip: '203.0.113.9', inSchool: false });
  });
});
