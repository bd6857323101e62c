import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ADMIN_MESSAGE } from '../../../http/roles.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

/** api/cms/importRuns: the CMS page 导入旧站 lists the runs of `npm run import`. */
describe('api/cms/importRuns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db
      .insertInto('siteImportRun')
      .values([
        {
          source: 'http://old.example.edu.cn',
          dryRun: 0,
          startedAt: '2026-03-01T01:00:00.000Z',
          finishedAt: '2026-03-01T01:02:00.000Z',
          state: JSON.stringify({ done: ['校刊'] }),
          report: JSON.stringify({
            areas: { 校刊: { new: 3, updated: 1, unchanged: 0, failed: 1 } },
            failures: [
              { area: '校刊', address: 'http://old.example.edu.cn/x.pdf', reason: '文件过大' },
            ],
            seconds: 120.5,
          }),
        },
        {
          source: 'http://old.example.edu.cn',
          dryRun: 1,
          startedAt: '2026-03-01T02:00:00.000Z',
          finishedAt: null,
          state: '{}',
          report: '{}',
        },
        {
          source: 'http://old.example.edu.cn',
          dryRun: 0,
          startedAt: '2026-03-01T03:00:00.000Z',
          finishedAt: null,
          state: JSON.stringify({ done: [] }),
          report: JSON.stringify({ areas: {}, failures: [] }),
        },
      ])
      .execute();
  });
  afterAll(() => t?.close());

  it('lists the runs, newest first, with their counts and failures (dry runs are not kept)', async () => {
    const admin = await createStaff(t.db, { staffType: 5 });
    await t.db.updateTable('staff').set({ isPower: 1 }).where('id', '=', admin.id).execute();
    const token = await login(t.app, admin);
    const runs = expectOk<Array<Record<string, unknown>>>(
      await postForm(t.app, '/api/cms/importRuns', {}, { token }),
    );
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ finishDate: '', areas: [], failures: [] });
    expect(runs[1]).toEqual({
      runId: expect.any(Number),
      source: 'http://old.example.edu.cn',
      startDate: '2026-03-01 09:00:00',
      finishDate: '2026-03-01 09:02:00',
      seconds: 120.5,
      areas: [{ area: '校刊', new: 3, updated: 1, unchanged: 0, failed: 1 }],
      failures: [{ area: '校刊', address: 'http://old.example.edu.cn/x.pdf', reason: '文件过大' }],
    });
  });

  it('is refused to a teacher and to a visitor', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    expectRefusal(
      await postForm(t.app, '/api/cms/importRuns', {}, { token }),
      403,
      SYSTEM_ADMIN_MESSAGE,
    );
    const anonymous = await postForm(t.app, '/api/cms/importRuns', {});
    expect(anonymous.statusCode).toBe(401);
  });
});
