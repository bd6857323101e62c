import { createHash } from 'node:crypto';
import { handoffSign, identitySign, type HandoffFields } from '@school/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createNews,
  createStaff,
  createSubjectNews,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

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

  /** Each click of a page posts its own time; one session's hand-offs are told apart by it. */
  let click = 100;
  const fields = (staff: TestStaff, token: string, extra: Partial<HandoffFields> = {}) => {
    const base: HandoffFields = {
      staffType: staff.staffType,
      staffId: staff.id,
      staffCode: staff.code,
      signStatus: 'P',
      TIMESTAMP: t.clock.now().getTime() + click++,
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
    const sub = await createSubjectNews(t.services, { newId: topic, title: '子新闻' });
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

describe('hand-offs neither outlive nor renew their session; both forms of the sign (issue 16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  let click = 1;
  const form = (
    staff: TestStaff,
    token: string,
    extra: Partial<HandoffFields> = {},
    sign: (fields: HandoffFields) => string = handoffSign,
  ) => {
    const base: HandoffFields = {
      staffType: staff.staffType,
      staffId: staff.id,
      staffCode: staff.code,
      signStatus: 'P',
      TIMESTAMP: t.clock.now().getTime() + click++,
      token,
      visitType: 20,
      ...extra,
    };
    return { ...base, sign: sign(base) };
  };

  /** Posts a hand-off and redeems its link: the new session's token. */
  const handOff = async (fields: ReturnType<typeof form>) => {
    const { retUrl } = expectOk<{ retUrl: string }>(
      await postForm(t.app, '/api/cms/handoff', fields),
    );
    const ticket = new URL(retUrl, 'http://x').searchParams.get('ticket')!;
    return expectOk<{ token: string; target: string }>(
      await postForm(t.app, '/api/cms/enter', { ticket }),
    );
  };
  const alive = (token: string) => postForm(t.app, '/api/dept/getDeptList', {}, { token });
  /** Moves the clock on in steps, using the session in between so it never idles out. */
  const workFor = async (hours: number, tokens: string[]) => {
    for (let i = 0; i < hours * 2; i++) {
      t.clock.advanceMinutes(30);
      for (const token of tokens) await alive(token);
    }
  };

  it('accepts the intranet’s form (six fields signed) for visitType 2, 20, 21 and 22', async () => {
    const admin = await createStaff(t.db, { staffType: 5 });
    const token = await login(t.app, admin);
    const targets: Record<number, string> = {};
    for (const visitType of [2, 20, 21, 22]) {
      targets[visitType] = (await handOff(form(admin, token, { visitType }, identitySign))).target;
    }
    expect(targets).toEqual({
      2: '/weblog',
      20: '/teachPage?apps=all#apps',
      21: '/leave?tab=todo',
      22: '/cms/news?reviewState=submitted&media=1',
    });
  });

  it('opens 病毒检测记录 (visitType 23) for a system administrator only', async () => {
    const admin = await createStaff(t.db, { staffType: 5 });
    const teacher = await createStaff(t.db);
    const adminToken = await login(t.app, admin);
    const teacherToken = await login(t.app, teacher);
    expect((await handOff(form(admin, adminToken, { visitType: 23 }))).target).toBe(
      '/cms/virusFinding',
    );
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', form(teacher, teacherToken, { visitType: 23 })),
      403,
      '只有系统管理员可以查看病毒检测记录',
    );
  });

  it('still wants every field signed for a hand-off that opens an item', async () => {
    const author = await createStaff(t.db);
    const token = await login(t.app, author);
    const newId = await createNews(t.services, { typeId: 2, newsType: 1 }, author);
    expectRefusal(
      await postForm(
        t.app,
        '/api/cms/handoff',
        form(author, token, { visitType: 12, newId, newType: 1 }, identitySign),
      ),
      400,
      '签名不正确',
    );
    expect((await handOff(form(author, token, { visitType: 12, newId, newType: 1 }))).target).toBe(
      `/cms/news/edit?newId=${newId}`,
    );
  });

  it('a hand-off’s session ends when the session it came from would have (12 h after login)', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    await workFor(11, [token]);
    const handed = await handOff(form(teacher, token));
    expectOk(await alive(handed.token));
    // From the hand-off's session, again and again: still the first login's end.
    const again = await handOff(form(teacher, handed.token));
    await workFor(0.5, [token, handed.token, again.token]);
    expectOk(await alive(again.token));
    t.clock.advanceMinutes(31);
    for (const each of [again.token, handed.token, token]) {
      expectRefusal(await alive(each), 401, '登录过期,请重新登录');
    }
  });

  it('a hand-off’s session ends when the session it came from signs out', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const handed = await handOff(form(teacher, token));
    const again = await handOff(form(teacher, handed.token));
    expectOk(await postForm(t.app, '/api/login/loginOut.do', {}, { token }));
    expectRefusal(await alive(handed.token), 401, 'token错误');
    expectRefusal(await alive(again.token), 401, 'token错误');
  });

  it('a session asks for at most 30 hand-offs in five minutes', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    for (let i = 0; i < 30; i++) {
      expectOk(await postForm(t.app, '/api/cms/handoff', form(teacher, token)));
    }
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', form(teacher, token)),
      429,
      '打开编辑过于频繁，请稍后再试',
    );
    // Another session of the same person is not held up, and the first one after the window.
    expectOk(await postForm(t.app, '/api/cms/handoff', form(teacher, await login(t.app, teacher))));
    t.clock.advanceMinutes(5);
    expectOk(await postForm(t.app, '/api/cms/handoff', form(teacher, token)));
  });

  it('a password changed in a hand-off’s session keeps that session, and only that one', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const handed = await handOff(form(teacher, token));
    const newPassword = `${teacher.password}x`;
    expectOk(
      await postForm(
        t.app,
        '/api/login/updateUserPwd.do',
        { oldStaffPass: teacher.password, newStaffPass: newPassword },
        { token: handed.token },
      ),
    );
    expectOk(await alive(handed.token));
    expectRefusal(await alive(token), 401, 'token错误');
  });

  it('a link whose session has ended opens nothing', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const { retUrl } = expectOk<{ retUrl: string }>(
      await postForm(t.app, '/api/cms/handoff', form(teacher, token)),
    );
    expectOk(await postForm(t.app, '/api/login/loginOut.do', {}, { token }));
    expectRefusal(
      await postForm(t.app, '/api/cms/enter', {
        ticket: new URL(retUrl, 'http://x').searchParams.get('ticket')!,
      }),
      400,
      '链接已失效，请回到页面重新点击【编辑】',
    );
  });

  it('a copy of a hand-off re-signed with other fields is the same request (one per session and time)', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const first = form(teacher, token, { visitType: 20 });
    await handOff(first);
    const { sign: _sign, ...fields } = first;
    const resigned = { ...fields, visitType: 2 };
    expectRefusal(
      await postForm(t.app, '/api/cms/handoff', { ...resigned, sign: handoffSign(resigned) }),
      409,
      '该请求已使用过，请回到页面重新点击',
    );
    // One millisecond later it is a new request, but its session still ends with the login's.
    const later = { ...fields, TIMESTAMP: fields.TIMESTAMP + 1 };
    const handed = await handOff({ ...later, sign: handoffSign(later) });
    const stored = await t.db
      .selectFrom('session')
      .select(['expiresAt', 'parentId'])
      .where('staffId', '=', teacher.id)
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((s) => s.expiresAt)).size).toBe(1);
    expectOk(await alive(handed.token));
  });
});
