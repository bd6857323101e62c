import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createNews,
  createStaff,
  createSubjectNews,
  createVideo,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';
import { seedVideoTypes } from '../../../modules/video/service.js';

/** Public view counts (issue 18): api/news/view and api/video/view. */

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const CRAWLERS = [
  'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/8.5.0',
];
const STAFF_ONLY = '该内容仅限校内访问，请先登录';
const GONE = '内容不存在或已下架';

interface Counted {
  viewCount: number;
  counted: boolean;
}

/** A browser that keeps the visitor cookie its page made (web/app/lib/visitor.ts). */
const visitor = (agent = BROWSER, address = '203.0.113.7') => ({
  remoteAddress: address,
  headers: {
    'user-agent': agent,
    cookie: `school_visitor=${randomBytes(16).toString('base64url')}`,
  },
});

describe('public view counts: once per visitor, item and day; crawlers not counted', () => {
  let t: TestApp;
  let author: TestStaff;
  let reader: TestStaff;

  const newsView = (fields: Record<string, number>, options: object) =>
    postForm(t.app, '/api/news/view', fields, options);
  const newsCount = async (newId: number) =>
    expectOk<{ viewCount: number }>(await postForm(t.app, '/api/news/getNewsDetails', { newId }))
      .viewCount;

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    author = await createStaff(t.db, { name: '王老师' });
    reader = await createStaff(t.db, { name: '李老师' });
  });
  afterAll(() => t?.close());

  it('a visitor counts once a day; a second visitor counts; the next day counts again', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    const first = visitor();
    expect(expectOk<Counted>(await newsView({ newId }, first))).toEqual({
      viewCount: 1,
      counted: true,
    });
    // A reload, or the page again from a cache: the same visitor, not counted again.
    expect(expectOk<Counted>(await newsView({ newId }, first))).toEqual({
      viewCount: 1,
      counted: false,
    });
    // A second browser behind the same school address counts: the cookie tells them apart.
    expect(expectOk<Counted>(await newsView({ newId }, visitor(PHONE)))).toEqual({
      viewCount: 2,
      counted: true,
    });
    expect(await newsCount(newId)).toBe(2);

    // The next Beijing day (08:00 UTC is 16:00 in Beijing; +9 h is past midnight there).
    t.clock.advanceMinutes(9 * 60);
    expect(expectOk<Counted>(await newsView({ newId }, first)).counted).toBe(true);
    expect(await newsCount(newId)).toBe(3);
    // The days before are forgotten once a new day counts.
    const days = await t.db.selectFrom('viewVisit').select('day').distinct().execute();
    expect(days.map((row) => row.day)).toEqual(['2026-03-03']);
  });

  it('without the cookie the address and browser together are the visitor', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    const bare = (agent: string, address: string) => ({
      remoteAddress: address,
      headers: { 'user-agent': agent },
    });
    expect(
      expectOk<Counted>(await newsView({ newId }, bare(BROWSER, '198.51.100.1'))).counted,
    ).toBe(true);
    expect(
      expectOk<Counted>(await newsView({ newId }, bare(BROWSER, '198.51.100.1'))).counted,
    ).toBe(false);
    expect(expectOk<Counted>(await newsView({ newId }, bare(PHONE, '198.51.100.1'))).counted).toBe(
      true,
    );
    expect(
      expectOk<Counted>(await newsView({ newId }, bare(BROWSER, '198.51.100.2'))).counted,
    ).toBe(true);
    // A cookie of the wrong form is not trusted: the address and browser decide.
    const forged = {
      ...bare(BROWSER, '198.51.100.1'),
      headers: { 'user-agent': BROWSER, cookie: 'school_visitor=x' },
    };
    expect(expectOk<Counted>(await newsView({ newId }, forged)).counted).toBe(false);
    expect(await newsCount(newId)).toBe(3);
    // Only hashes are stored, never an address.
    const rows = await t.db
      .selectFrom('viewVisit')
      .select('visitor')
      .where('objId', '=', newId)
      .execute();
    for (const row of rows) expect(row.visitor).toMatch(/^[0-9a-f]{32}$/);
  });

  it('crawlers and callers without a browser name are not counted', async () => {
    const newId = await createNews(t.services, { typeId: 2 }, author);
    for (const agent of CRAWLERS) {
      expect(expectOk<Counted>(await newsView({ newId }, visitor(agent)))).toEqual({
        viewCount: 0,
        counted: false,
      });
    }
    const noAgent = await postForm(
      t.app,
      '/api/news/view',
      { newId },
      { headers: { 'user-agent': '' } },
    );
    expect(expectOk<Counted>(noAgent).counted).toBe(false);
    expect(await newsCount(newId)).toBe(0);
  });

  it('staff-only items: refused and not counted for anonymous callers, counted for staff', async () => {
    // A fresh login: the first test moved the clock past the last session's idle time.
    const readerToken = await login(t.app, reader);
    const newId = await createNews(t.services, { typeId: 2, enableType: 2 }, author);
    expectRefusal(await newsView({ newId }, visitor()), 401, STAFF_ONLY);
    const asReader = { ...visitor(), token: readerToken };
    expect(expectOk<Counted>(await newsView({ newId }, asReader)).counted).toBe(true);
    // The reader's footprint (the spec's call) leaves a footprint but does not count twice.
    const footprint = expectOk<{ viewCount: number }>(
      await postForm(t.app, '/api/news/addNewsFootprint', { newId }, { token: readerToken }),
    );
    expect(footprint.viewCount).toBe(1);
    const detail = expectOk<{ viewCount: number }>(
      await postForm(t.app, '/api/news/getNewsDetails', { newId }, { token: readerToken }),
    );
    expect(detail.viewCount).toBe(1);
    const prints = await t.db
      .selectFrom('footprint')
      .select('staffId')
      .where('objId', '=', newId)
      .execute();
    expect(prints).toEqual([{ staffId: reader.id }]);
  });

  it('unlisted, missing and previewed items count nothing; bad ids are refused', async () => {
    const draft = await createNews(t.services, { typeId: 2, ifShelves: 0 }, author);
    expectRefusal(await newsView({ newId: draft }, visitor()), 404, GONE);
    // The author previews it: allowed to read, but a preview is not a view.
    const authorToken = await login(t.app, author);
    const preview = expectOk<Counted>(
      await newsView({ newId: draft }, { ...visitor(), token: authorToken }),
    );
    expect(preview).toEqual({ viewCount: 0, counted: false });
    expectRefusal(await newsView({ newId: 99_999 }, visitor()), 404, GONE);
    const bad = await postForm(t.app, '/api/news/view', { newId: 'abc' }, visitor());
    expect(bad.statusCode).toBe(400);
  });

  it('sub-news count on the sub-news, and only under their own topic', async () => {
    const topic = await createNews(t.services, { typeId: 4 }, author);
    const other = await createNews(t.services, { typeId: 4 }, author);
    // Added by an administrator: a teacher's sub-news would send the topic back to review.
    const sub = await createSubjectNews(t.services, {
      newId: topic,
      title: '子新闻',
      sort: 1,
      content: '<p>正文</p>',
    });
    const counted = expectOk<Counted>(
      await newsView({ newId: topic, subjectNewId: sub }, visitor()),
    );
    expect(counted).toEqual({ viewCount: 1, counted: true });
    const detail = expectOk<{ viewCount: number }>(
      await postForm(t.app, '/api/news/getSubjectNews', { subjectNewId: sub }),
    );
    expect(detail.viewCount).toBe(1);
    expect(await newsCount(topic)).toBe(0);
    expect((await newsView({ newId: other, subjectNewId: sub }, visitor())).statusCode).toBe(400);
  });

  it('videos: a first play counts once per visitor and day, shown in the public detail', async () => {
    const videoOf = (input: { enableType?: number; ifShelves?: number } = {}) =>
      createVideo(
        t.services,
        { typeId: 1, title: '校园运动会', content: '<p>简介</p>', ...input },
        author,
      );
    const play = (videoId: number, options: object) =>
      postForm(t.app, '/api/video/view', { videoId }, options);
    const videoId = await videoOf();
    const first = visitor();
    expect(expectOk<Counted>(await play(videoId, first))).toEqual({ viewCount: 1, counted: true });
    expect(expectOk<Counted>(await play(videoId, first)).counted).toBe(false);
    expect(expectOk<Counted>(await play(videoId, visitor(PHONE))).counted).toBe(true);
    expect(expectOk<Counted>(await play(videoId, visitor(CRAWLERS[0]))).counted).toBe(false);
    const detail = expectOk<{ viewCount: number }>(
      await postForm(t.app, '/api/video/getVideoDetails', { videoId }),
    );
    expect(detail.viewCount).toBe(2);
    const listed = expectOk<{ list: { videoId: number; viewCount: number }[] }>(
      await postForm(t.app, '/api/video/getVideoList', { typeId: 1, pageSize: 50 }),
    );
    expect(listed.list.find((row) => row.videoId === videoId)?.viewCount).toBe(2);

    // The spec's play call of a logged-in viewer shares the viewer's one count a day.
    const readerToken = await login(t.app, reader);
    const asReader = { token: readerToken };
    const body = { videoId, userId: reader.id };
    expect(
      expectOk<Counted>(await postForm(t.app, '/api/video/addViewCount', body, asReader)),
    ).toEqual({
      viewCount: 3,
      counted: true,
    });
    expect(expectOk<Counted>(await play(videoId, { ...visitor(), ...asReader })).counted).toBe(
      false,
    );

    const staffOnly = await videoOf({ enableType: 2 });
    expectRefusal(await play(staffOnly, visitor()), 401, STAFF_ONLY);
    expect(expectOk<Counted>(await play(staffOnly, { ...visitor(), ...asReader })).counted).toBe(
      true,
    );
  });
});
