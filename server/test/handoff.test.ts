import { createHash } from 'node:crypto';
import { handoffSign, type HandoffFields } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createNews, createStaff, type TestStaff } from './helpers/factories.js';
import { expectOk, expectRefusal, login, postForm } from './helpers/http.js';

describe('api/cms/handoff (GLPTBJ): the signed edit hand-off', () => {
  let t: TestApp;
  let author: TestStaff;
  let authorToken: string;
  let newId: number;

  beforeAll(async () => {
    t = await createTestApp();
    author = await createStaff(t.db);
    authorToken = await login(t.app, author);
    newId = await createNews(t.services, { typeId: 2, newsType: 1 }, author);
  });
  afterAll(() => t?.close());

  const fields = (staff: TestStaff, token: string, extra: Partial<HandoffFields> = {}) => {
    const base: HandoffFields = {
      staffType: staff.staffType,
      staffId: staff.id,
      staffCode: staff.code,
      signStatus: 'P',
      TIMESTAMP: t.clock.now().getTime(),
      token,
      visitType: 12,
      newId,
      newType: 1,
      ...extra,
    };
    return { ...base, sign: handoffSign(base) };
  };

  it('signs with 16 characters from offset 8 of the MD5 of the fields in order', () => {
    const sample: HandoffFields = {
      staffType: 2,
      staffId: 7,
      staffCode: 't1001',
      signStatus: 'P',
      TIMESTAMP: 1767225600000,
      token: 'abc',
      visitType: 12,
      newId: 5,
      newType: 1,
    };
    const text =
      'staffType=2&staffId=7&staffCode=t1001&signStatus=P&TIMESTAMP=1767225600000&token=abc&visitType=12&newId=5&newType=1';
    expect(handoffSign(sample)).toBe(createHash('md5').update(text).digest('hex').slice(8, 24));
  });

  /** Posts the hand-off and follows its one-time link; answers where the platform opens. */
  const enter = async (form: ReturnType<typeof fields>) => {
    const { retUrl } = expectOk<{ retUrl: string }>(
      await postForm(t.app, '/api/cms/handoff', form),
    );
    expect(retUrl).toMatch(/^\/cms\/enter\?ticket=[\w-]{20,}$/);
    const ticket = new URL(retUrl, 'http://x').searchParams.get('ticket')!;
    return { ticket, entered: await postForm(t.app, '/api/cms/enter', { ticket }) };
  };

  it('answers a one-time link that opens the editor of the item, logged in', async () => {
    const { ticket, entered } = await enter(fields(author, authorToken));
    const data = expectOk<{ token: string; staffId: number; target: string }>(entered);
    expect(data).toMatchObject({ staffId: author.id, target: `/cms/news/edit?newId=${newId}` });
    // The link gives a working session of the same person.
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { token: data.token }));
    // Once only.
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', { ticket }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );
  });

  it('opens the blog (visitType 2) and the application centre (20) of this server', async () => {
    const plain = { newId: undefined, newType: undefined };
    const blog = await enter(
      fields(author, authorToken, {
        ...plain,
        visitType: 2,
        TIMESTAMP: t.clock.now().getTime() + 20,
      }),
    );
    expect(expectOk<{ target: string }>(blog.entered).target).toBe('/weblog');
    const apps = await enter(
      fields(author, authorToken, {
        ...plain,
        visitType: 20,
        TIMESTAMP: t.clock.now().getTime() + 21,
      }),
    );
    expect(expectOk<{ target: string }>(apps.entered).target).toBe('/teachPage?apps=all#apps');
    // The send-notice shortcut: 13 without an item writes a new department announcement.
    const notice = await enter(
      fields(author, authorToken, {
        ...plain,
        visitType: 13,
        TIMESTAMP: t.clock.now().getTime() + 22,
      }),
    );
    expect(expectOk<{ target: string }>(notice.entered).target).toBe('/cms/news/new?typeId=17');
  });

  it('refuses a replayed request and a link used too late', async () => {
    const form = fields(author, authorToken, { TIMESTAMP: t.clock.now().getTime() + 2 });
    await enter(form);
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', form),
      409,
      '该请求已使用过，请回到页面重新点击',
    );
    const late = fields(author, authorToken, { TIMESTAMP: t.clock.now().getTime() + 3 });
    const { retUrl } = expectOk<{ retUrl: string }>(
      await postForm(t.app, '/api/cms/handoff', late),
    );
    t.clock.advanceMinutes(3);
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', {
        ticket: new URL(retUrl, 'http://x').searchParams.get('ticket')!,
      }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', { ticket: 'made-up-ticket-value' }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );
  });

  it('adds a sub-news to a special topic for its creator only (visitType 29 without subjectNewId)', async () => {
    const topic = await createNews(t.services, { typeId: 4 }, author);
    const add = { visitType: 29, newId: topic, newType: undefined };
    const added = await enter(fields(author, authorToken, add));
    expect(expectOk<{ target: string }>(added.entered).target).toBe(
      `/cms/subject/new?newId=${topic}`,
    );
    const other = await createStaff(t.db);
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', fields(other, await login(t.app, other), add)),
      403,
      '只有管理员或发布者可以编辑',
    );
    const sub = await t.services.news.createSubject({ newsId: topic, title: '子新闻' }, null);
    const edited = await enter(fields(author, authorToken, { ...add, subjectNewId: sub }));
    expect(expectOk<{ target: string }>(edited.entered).target).toBe(
      `/cms/subject/edit?subjectNewId=${sub}`,
    );
  });

  it('refuses a changed field, an old timestamp, a dead token and someone else', async () => {
    const changed = { ...fields(author, authorToken), newId: newId + 1 };
    expectRefusal(await postForm(t.app, '/api/cms/handoff', changed), 400, '签名不正确');
    const old = fields(author, authorToken, { TIMESTAMP: t.clock.now().getTime() - 10 * 60_000 });
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', old),
      400,
      '请求已过期，请刷新页面后重试',
    );
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', fields(author, 'not-a-token')),
      401,
      'token错误',
    );
    const other = await createStaff(t.db);
    const otherToken = await login(t.app, other);
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', fields(other, otherToken)),
      403,
      '只有管理员或发布者可以编辑',
    );
    // Someone else's token under the author's name.
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', fields(author, otherToken)),
      401,
      'token错误',
    );
  });
});
