import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface BatchResult {
  done: number[];
  refused: Array<{ id: number; message: string }>;
}
interface Row {
  reviewState: string;
  ifShelves: number;
}
interface Page<T> {
  total: number;
  list: T[];
}

const MANAGE = '只有管理员或发布者可以进行此操作';

/**
 * The lists' bulk calls (batchApprove, batchUnshelve, batchDelete) and their
 * 发布日期 filter (issue 18), through the HTTP API: each item is checked
 * exactly as its single call checks it, refused items are named and left as
 * they were, the others are done.
 */
describe('api/cms/{news,video}: bulk steps and the release-date filter', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let other: TestStaff;
  let admin: TestStaff;
  const token = { teacher: '', other: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    teacher = await createStaff(t.db, { name: '王老师' });
    other = await createStaff(t.db, { name: '李老师' });
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string) =>
    postJson(t.app, `/api/cms/${path}`, body, { token: who });
  const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who: string) =>
    expectOk<T>(await cms(path, body, who));
  const news = async (title: string, who: string, extra: Record<string, unknown> = {}) =>
    (await ok<{ newId: number }>('news/save', { typeId: 2, newsTitle: title, ...extra }, who))
      .newId;
  const submitted = async (title: string, who: string) => {
    const newId = await news(title, who);
    await ok('news/submit', { newId }, who);
    return newId;
  };
  const newsRow = (newId: number) => ok<Row>('news/get', { newId }, token.admin);
  const video = async (title: string, who: string) =>
    (await ok<{ videoId: number }>('video/save', { typeId: 1, videoTitle: title }, who)).videoId;
  const videoRow = (videoId: number) => ok<Row>('video/get', { videoId }, token.admin);

  it('approves in bulk for an administrator only, item by item, leaving refused items as they were', async () => {
    const mineA = await submitted('批量甲', token.teacher);
    const mineB = await submitted('批量乙', token.teacher);
    const draft = await news('批量草稿', token.teacher);

    // A teacher may not approve, not even their own: the whole call is refused, nothing changes.
    expectRefusal(
      await cms('news/batchApprove', { ids: `${mineA},${mineB}` }, token.teacher),
      403,
      '只有管理员可以审核',
    );
    expect((await newsRow(mineA)).reviewState).toBe('submitted');

    const result = await ok<BatchResult>(
      'news/batchApprove',
      { ids: `${mineA},${draft},${mineB}` },
      token.admin,
    );
    expect(result.done).toEqual([mineA, mineB]);
    expect(result.refused).toEqual([{ id: draft, message: '当前状态为草稿，不能审核' }]);
    expect((await newsRow(mineA)).reviewState).toBe('approved');
    expect((await newsRow(mineB)).reviewState).toBe('approved');
    expect((await newsRow(draft)).reviewState).toBe('draft');
  });

  it('shelves off and deletes in bulk what the caller may manage, refusing the rest', async () => {
    const mine = await submitted('我的新闻', token.teacher);
    const theirs = await submitted('别人的新闻', token.other);
    for (const newId of [mine, theirs]) await ok('news/approve', { newId }, token.admin);

    // A form-encoded call, as a plain form sends it.
    const off = expectOk<BatchResult>(
      await postForm(
        t.app,
        '/api/cms/news/batchUnshelve',
        { ids: `${mine},${theirs}` },
        { token: token.teacher },
      ),
    );
    expect(off).toEqual({ done: [mine], refused: [{ id: theirs, message: MANAGE }] });
    expect((await newsRow(mine)).ifShelves).toBe(0);
    expect((await newsRow(theirs)).ifShelves).toBe(1);

    const gone = await ok<BatchResult>(
      'news/batchDelete',
      { ids: `${mine}, ${theirs}, 2000000000` },
      token.teacher,
    );
    expect(gone.done).toEqual([mine]);
    expect(gone.refused).toEqual([
      { id: theirs, message: MANAGE },
      { id: 2000000000, message: expect.any(String) as string },
    ]);
    expectRefusal(await cms('news/get', { newId: mine }, token.admin), 404, expect.any(String));
    expect((await newsRow(theirs)).ifShelves).toBe(1);

    // The administrator may delete anyone's.
    const byAdmin = await ok<BatchResult>('news/batchDelete', { ids: String(theirs) }, token.admin);
    expect(byAdmin).toEqual({ done: [theirs], refused: [] });
  });

  it('refuses a bulk call without ids, with ids that are not ids, or with too many', async () => {
    for (const ids of ['', 'abc', '1,,2', '1;2']) {
      expectRefusal(
        await postForm(t.app, '/api/cms/news/batchDelete', { ids }, { token: token.admin }),
        400,
        '请选择要处理的内容',
      );
    }
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expectRefusal(
      await cms('news/batchDelete', { ids: many }, token.admin),
      400,
      '一次最多处理100条',
    );
    expectRefusal(
      await postJson(t.app, '/api/cms/news/batchDelete', { ids: '1' }),
      401,
      'token错误',
    );
  });

  it('takes videos off the shelf in bulk for administrators only; authors delete their own', async () => {
    const mine = await video('我的视频', token.teacher);
    const theirs = await video('别人的视频', token.other);
    for (const videoId of [mine, theirs]) {
      await ok('video/submit', { videoId }, videoId === mine ? token.teacher : token.other);
    }
    const approved = await ok<BatchResult>(
      'video/batchApprove',
      { ids: `${mine},${theirs}` },
      token.admin,
    );
    expect(approved).toEqual({ done: [mine, theirs], refused: [] });

    expectRefusal(
      await cms('video/batchUnshelve', { ids: String(mine) }, token.teacher),
      403,
      '只有管理员可以进行此操作',
    );
    expect((await videoRow(mine)).ifShelves).toBe(1);

    const removed = await ok<BatchResult>(
      'video/batchDelete',
      { ids: `${mine},${theirs}` },
      token.teacher,
    );
    expect(removed).toEqual({
      done: [mine],
      refused: [{ id: theirs, message: '只能删除自己发布的内容' }],
    });
    expect((await videoRow(theirs)).ifShelves).toBe(1);

    const off = await ok<BatchResult>('video/batchUnshelve', { ids: String(theirs) }, token.admin);
    expect(off).toEqual({ done: [theirs], refused: [] });
    expect((await videoRow(theirs)).ifShelves).toBe(0);
  });

  it('filters the news list by release date (Beijing days, both ends included; empty means none)', async () => {
    const at = async (title: string, shelvesDate: string) =>
      news(title, token.admin, { shelvesDate });
    const early = await at('日期甲', '2025-09-01 08:00:00');
    const edge = await at('日期乙', '2025-09-10 23:59:00');
    const late = await at('日期丙', '2025-09-11 00:00:00');
    const ids = async (body: Record<string, string>) =>
      expectOk<Page<{ newId: number }>>(
        await postForm(
          t.app,
          '/api/cms/news/list',
          { keyword: '日期', pageSize: '50', ...body },
          { token: token.admin },
        ),
      )
        .list.map((row) => row.newId)
        .sort((a, b) => a - b);

    expect(await ids({ beginDate: '', endDate: '' })).toEqual([early, edge, late]);
    expect(await ids({ beginDate: '2025-09-02', endDate: '2025-09-10' })).toEqual([edge]);
    expect(await ids({ beginDate: '2025-09-10', endDate: '' })).toEqual([edge, late]);
    expect(await ids({ beginDate: '', endDate: '2025-09-01' })).toEqual([early]);

    for (const [body, message] of [
      [{ beginDate: '2025-02-30' }, '开始日期不正确'],
      [{ endDate: '2025/09/01' }, '结束日期格式不正确，应为 YYYY-MM-DD'],
      [{ beginDate: '2025-09-10', endDate: '2025-09-01' }, '结束日期不能早于开始日期'],
    ] as const) {
      expectRefusal(
        await postForm(t.app, '/api/cms/news/list', body, { token: token.admin }),
        400,
        message,
      );
    }
  });

  it('filters the video list by the day it was published', async () => {
    // The test clock starts on 2026-03-02 16:00 Beijing time.
    const first = await video('日期视频甲', token.teacher);
    t.clock.advanceMinutes(24 * 60);
    // A day later the session has lapsed: log in again.
    token.teacher = await login(t.app, teacher);
    const second = await video('日期视频乙', token.teacher);
    const ids = async (body: Record<string, string>) =>
      expectOk<Page<{ videoId: number }>>(
        await postForm(
          t.app,
          '/api/cms/video/list',
          { keyword: '日期视频', pageSize: '50', ...body },
          { token: token.teacher },
        ),
      )
        .list.map((row) => row.videoId)
        .sort((a, b) => a - b);
    expect(await ids({ beginDate: '', endDate: '' })).toEqual([first, second]);
    expect(await ids({ beginDate: '2026-03-03', endDate: '' })).toEqual([second]);
    expect(await ids({ beginDate: '2026-03-02', endDate: '2026-03-02' })).toEqual([first]);
    expectRefusal(
      await postForm(t.app, '/api/cms/video/list', { endDate: 'x' }, { token: token.teacher }),
      400,
      '结束日期格式不正确，应为 YYYY-MM-DD',
    );
  });
});
