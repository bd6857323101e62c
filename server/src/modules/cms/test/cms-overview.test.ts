import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postJson } from '../../../test-kit/http.js';

interface Overview {
  reviewer: boolean;
  newsToReview: number;
  videosToReview: number;
  myDrafts: number;
  mySubmitted: number;
  myRejected: number;
  scheduledNews: number;
  firstSteps: { siteSettings: boolean; staffImport: boolean; siteImport: boolean | null } | null;
}

describe('api/cms/overview: what waits on the platform’s home', () => {
  let t: TestApp;
  const token = { teacher: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    token.teacher = await login(t.app, await createStaff(t.db, { name: '待办老师' }));
    token.admin = await login(
      t.app,
      await createStaff(t.db, { name: '待办管理员', staffType: 5, isPower: 1 }),
    );
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string) =>
    postJson(t.app, `/api/cms/${path}`, body, { token: who });
  const overview = async (who: string) => expectOk<Overview>(await cms('overview', {}, who));
  const save = async (body: Record<string, unknown>, who: string) =>
    expectOk<{ newId: number }>(await cms('news/save', body, who)).newId;

  it('refuses anonymous callers', async () => {
    expectRefusal(await postJson(t.app, '/api/cms/overview', {}), 401, 'token错误');
  });

  it('counts a teacher’s drafts, submissions and items sent back, and the reviews waiting', async () => {
    await save({ typeId: 2, newsTitle: '草稿一' }, token.teacher);
    const submitted = await save({ typeId: 2, newsTitle: '待审一' }, token.teacher);
    expectOk(await cms('news/submit', { newId: submitted }, token.teacher));
    const sentBack = await save({ typeId: 2, newsTitle: '退回一' }, token.teacher);
    expectOk(await cms('news/submit', { newId: sentBack }, token.teacher));
    expectOk(await cms('news/reject', { newId: sentBack, reason: '请补充照片' }, token.admin));

    expect(await overview(token.teacher)).toEqual({
      reviewer: false,
      newsToReview: 0,
      videosToReview: 0,
      myDrafts: 1,
      mySubmitted: 1,
      myRejected: 1,
      scheduledNews: 0,
      firstSteps: null,
    });
    expect(await overview(token.admin)).toMatchObject({
      reviewer: true,
      newsToReview: 1,
      myDrafts: 0,
    });
  });

  it('counts items scheduled to go live later', async () => {
    const later = await save(
      { typeId: 2, newsTitle: '明天发布', shelvesDate: '2099-01-01 08:00' },
      token.admin,
    );
    expectOk(await cms('news/shelve', { newId: later }, token.admin));
    expect((await overview(token.admin)).scheduledNews).toBe(1);
    expect((await overview(token.teacher)).scheduledNews).toBe(0);
  });

  it('shows the system administrator the first steps, each marked done when it is', async () => {
    // Two staff already: the staff step is done; the short name and the import are not.
    expect((await overview(token.admin)).firstSteps).toEqual({
      siteSettings: false,
      staffImport: true,
      siteImport: false,
    });
    // The row of the code where the base seed has one, a new row otherwise.
    const parameter = async (
      parameteCode: string,
      parameterName: string,
      parameteValue: string,
    ) => {
      const row = await t.db
        .selectFrom('sysParameter')
        .select('id')
        .where('code', '=', parameteCode)
        .executeTakeFirst();
      const body = { parameterId: row?.id, parameteCode, parameterName, parameteValue };
      return cms('parameter/save', body, token.admin);
    };
    expectOk(await parameter('XXJC', '学校简称', '东山二中'));
    // A short name alone is not the school's look yet: a logo or a colour is.
    expect((await overview(token.admin)).firstSteps?.siteSettings).toBe(false);
    expectOk(await parameter('ZTYS', '主题色', '#2a6f4e'));
    await t.db
      .insertInto('siteImportRun')
      .values({
        source: 'https://old.example.edu.cn',
        startedAt: '2026-03-02T08:00:00.000Z',
        finishedAt: null,
        state: '{}',
        report: '{}',
      })
      .execute();
    expect((await overview(token.admin)).firstSteps).toEqual({
      siteSettings: true,
      staffImport: true,
      siteImport: true,
    });
  });
});
