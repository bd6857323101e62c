import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWEST_DAYS,
  type NewsListItem,
  type NewsSearchHit,
  type NewsVideoItem,
  type VideoDetail,
} from '@school/common/api';
import { seedVideoTypes } from '../../video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createNews,
  createStaff,
  createVideo,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

/**
 * Issue 17: the spec's news calls, called as the spec's original client calls
 * them (POST, form-encoded, every value a string, optional fields sent empty),
 * each asserted on what the spec's pages read from the answer.
 */

interface Page<T> {
  total: number;
  list: T[];
}

const DAY_MINUTES = 24 * 60;
const GONE = '内容不存在或已下架';
const STAFF_ONLY = '该内容仅限校内访问，请先登录';

let t: TestApp;
let teacher: TestStaff;
let token = '';
const hex = () => Math.random().toString(16).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  await seedVideoTypes(t.db);
  teacher = await createStaff(t.db);
  token = await login(t.app, teacher);
});
afterAll(() => t?.close());

const now = () => t.clock.now();
const daysAgo = (days: number) => new Date(now().getTime() - days * DAY_MINUTES * 60_000);

describe('api/news/getVideoList: the videos of a video set (intranet.md §2 publicDetail)', () => {
  /** A video set (newcontenttype 3) holding `count` videos of its own. */
  async function videoSet(count: number, options: { enableType?: number } = {}) {
    const files: number[] = [];
    for (let i = 0; i < count; i++) {
      files.push(await createFile(t.services, `片段${i + 1}.mp4`, 'video/mp4'));
    }
    const newId = await createNews(
      t.services,
      {
        typeId: 2,
        contentKind: 3,
        enableType: options.enableType ?? 1,
        releaseUser: null,
        files: files.map((fileId, i) => ({
          role: 'video' as const,
          fileId,
          fileName: `片段${i + 1}.mp4`,
          caption: i === 1 ? null : `第${i + 1}段`,
        })),
      },
      teacher,
    );
    return { newId, files };
  }

  // publicDetail's call: newId, typeId 13, pageNum, pageSize (6 a page), as strings.
  const videosOf = (newId: number | string, page = '1', size = '6', who?: string) =>
    postForm(
      t.app,
      '/api/news/getVideoList',
      { newId: String(newId), typeId: '13', pageNum: page, pageSize: size },
      { token: who },
    );

  it('lists the set’s own videos in their order, with the spec’s video fields', async () => {
    const { newId, files } = await videoSet(3);
    const page = expectOk<Page<NewsVideoItem>>(await videosOf(newId));
    expect(page.total).toBe(3);
    expect(page.list).toEqual(
      files.map((fileId, i) => ({
        videoId: null,
        fileId,
        typeId: 2,
        typeName: expect.any(String),
        // A video without a caption is shown by its file's name.
        videoTitle: i === 1 ? '片段2.mp4' : `第${i + 1}段`,
        filePath: `/api/files/${fileId}`,
        fileName: `片段${i + 1}.mp4`,
        imgUrl: '',
        // A set's videos are shown with its news item's own fields.
        source: null,
        releaseUser: null,
        createStaff: teacher.id,
        flowerCount: 0,
        createDate: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      })),
    );
    expect(page.list[0]!.typeName).not.toBe('');
    // The address plays: the set is public, so its video is read by anyone.
    const played = await t.app.inject({ method: 'GET', url: page.list[0]!.filePath });
    expect(played.statusCode).toBe(200);
  });

  it('pages through the set, and goes on with the video-centre videos published with it', async () => {
    const { newId, files } = await videoSet(3);
    const attached = await createVideo(t.services, {
      typeId: 1,
      title: `随新闻发布的视频${hex()}`,
    });
    // Nothing on this platform ties a video to an item (video.news_id); an old site's database
    // may, so the test sets it as such data would have it.
    await t.db.updateTable('video').set({ newsId: newId }).where('id', '=', attached).execute();
    const first = expectOk<Page<NewsVideoItem>>(await videosOf(newId, '1', '2'));
    expect(first.total).toBe(4);
    expect(first.list.map((v) => v.fileId)).toEqual(files.slice(0, 2));
    const second = expectOk<Page<NewsVideoItem>>(await videosOf(newId, '2', '2'));
    expect(second.list.map((v) => [v.videoId, v.fileId])).toEqual([
      [null, files[2]],
      [attached, null],
    ]);
    expect(expectOk<Page<NewsVideoItem>>(await videosOf(newId, '3', '2')).list).toEqual([]);
  });

  it('answers every video set of the site with its videos (none is left at total 0)', async () => {
    await videoSet(2);
    await videoSet(4);
    const sets = await t.db
      .selectFrom('news')
      .select('id')
      .where('contentKind', '=', 3)
      .where('deleted', '=', 0)
      .execute();
    expect(sets.length).toBeGreaterThanOrEqual(4);
    for (const set of sets) {
      const page = expectOk<Page<NewsVideoItem>>(await videosOf(set.id));
      expect(page.total, `news ${set.id}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps a staff-only set’s videos from anonymous callers, and refuses a bad or unknown newId', async () => {
    const { newId } = await videoSet(2, { enableType: 2 });
    expectRefusal(await videosOf(newId), 401, STAFF_ONLY);
    expect(expectOk<Page<NewsVideoItem>>(await videosOf(newId, '1', '6', token)).total).toBe(2);
    expectRefusal(await videosOf(2_000_000_000), 404, GONE);
    expectRefusal(await videosOf('abc'), 400, '请选择新闻');
  });
});

describe('newest: the 新 badge of the news lists (intranet.md §3)', () => {
  it(`is 1 for an item shelved less than ${NEWEST_DAYS} days ago, in getNewsList and getTeachHomeNews`, async () => {
    const typeId = 16;
    const fresh = await createNews(t.services, { typeId, shelvesDate: daysAgo(1) });
    const edge = await createNews(t.services, {
      typeId,
      shelvesDate: new Date(daysAgo(NEWEST_DAYS).getTime() + 60_000),
    });
    const old = await createNews(t.services, { typeId, shelvesDate: daysAgo(NEWEST_DAYS) });
    const older = await createNews(t.services, { typeId, shelvesDate: daysAgo(30) });
    const expected = new Map([
      [fresh, 1],
      [edge, 1],
      [old, 0],
      [older, 0],
    ]);

    // The portal's list call: every field a string, the optional ones empty.
    const list = expectOk<Page<NewsListItem>>(
      await postForm(t.app, '/api/news/getNewsList', {
        newsTitle: '',
        schChange: '',
        typeId: String(typeId),
        pageNum: '1',
        pageSize: '6',
        enableType: '1',
      }),
    );
    expect(list.list.map((row) => [row.newId, row.newest])).toEqual([...expected]);

    const home = expectOk<Record<string, NewsListItem[]>>(
      await postForm(
        t.app,
        '/api/news/getTeachHomeNews',
        { typeId1: String(typeId), pageNum1: '1', pageSize1: '5', typeId2: '', enableType: '2' },
        { token },
      ),
    );
    expect(home.list1!.map((row) => [row.newId, row.newest])).toEqual([...expected]);
    expect(home.list2).toEqual([]);

    // A day later the item at the edge is no longer new.
    t.clock.advanceMinutes(DAY_MINUTES);
    const later = expectOk<Page<NewsListItem>>(
      await postForm(t.app, '/api/news/getNewsList', {
        typeId: String(typeId),
        pageNum: '1',
        pageSize: '6',
        enableType: '1',
      }),
    );
    expect(later.list.map((row) => row.newest)).toEqual([1, 0, 0, 0]);
  });
});

describe('api/news/getNewsTitleList: every hit has the spec’s fields and a link that opens', () => {
  it('answers news and videos alike, found by title or body, with newId, releaseUser and typeName', async () => {
    const word = `校庆${hex()}`;
    const inTitle = await createNews(
      t.services,
      { typeId: 2, title: `${word}筹备会`, releaseUser: '校办' },
      teacher,
    );
    const inBody = await createNews(t.services, {
      typeId: 7,
      title: '教师风采',
      content: `<p>本周的${word}活动</p>`,
    });
    const video = await createVideo(t.services, {
      typeId: 1,
      title: `${word}纪录片`,
      content: '<p>简介</p>',
      releaseUser: '宣传处',
      files: [{ fileId: await createFile(t.services, 'film.mp4', 'video/mp4') }],
    });

    // The search page's call: the list call's fields, optional ones empty.
    const found = expectOk<Page<NewsSearchHit>>(
      await postForm(t.app, '/api/news/getNewsTitleList', {
        newsTitle: word,
        schChange: '',
        typeId: '',
        pageNum: '1',
        pageSize: '10',
        enableType: '1',
      }),
    );
    expect(found.total).toBe(3);
    for (const hit of found.list) {
      expect(Object.keys(hit).sort()).toEqual(
        [
          'createStaff',
          'flowerCount',
          'ifTop',
          'imgUrl',
          'newId',
          'newsDesc',
          'newsTitle',
          'releaseUser',
          'shelvesDate',
          'typeId',
          'typeName',
          'videoId',
          'viewCount',
        ].sort(),
      );
      expect(hit.newId).toEqual(expect.any(Number));
      expect(hit.typeName).not.toBe('');
    }
    const byId = (id: number, typeId: number) =>
      found.list.find((hit) => hit.newId === id && hit.typeId === typeId)!;
    expect(byId(inTitle, 2)).toMatchObject({ videoId: null, releaseUser: '校办' });
    expect(byId(inBody, 7)).toMatchObject({ videoId: null, newsTitle: '教师风采' });
    expect(byId(video, 13)).toMatchObject({ videoId: video, releaseUser: '宣传处' });

    // Each hit opens the way the search page routes it: typeId 13 to videoDetail with
    // videoId=newId, the others to their detail page with newId.
    for (const hit of found.list) {
      if (hit.typeId === 13) {
        const detail = expectOk<VideoDetail>(
          await postForm(t.app, '/api/video/getVideoDetails', { videoId: String(hit.newId) }),
        );
        expect(detail.videoTitle).toBe(hit.newsTitle);
      } else {
        const detail = expectOk<{ newsTitle: string }>(
          await postForm(t.app, '/api/news/getNewsDetails', { newId: String(hit.newId) }),
        );
        expect(detail.newsTitle).toBe(hit.newsTitle);
      }
    }
  });

  it('still refuses an empty keyword', async () => {
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsTitleList', {
        newsTitle: '',
        pageNum: '1',
        pageSize: '10',
        enableType: '1',
      }),
      400,
      '请输入搜索内容',
    );
  });
});

describe('api/news/getTeachHomeNews is a staff call', () => {
  const body = { typeId1: '17', pageNum1: '1', pageSize1: '17', enableType: '2' };

  it('refuses anonymous callers exactly as the other staff calls do', async () => {
    const home = await postForm(t.app, '/api/news/getTeachHomeNews', body);
    const todo = await postForm(t.app, '/api/todo/getTodoNum', {});
    expectRefusal(home, 401, 'token错误');
    expect(home.json()).toEqual(todo.json());
    expectRefusal(
      await postForm(t.app, '/api/news/getTeachHomeNews', body, { token: 'not-a-token' }),
      401,
      'token错误',
    );
    expect(t.app.routeAccess.find((r) => r.url === '/api/news/getTeachHomeNews')?.access).toBe(
      'staff',
    );
  });

  it('answers a logged-in teacher', async () => {
    // A fresh session: the newest test above moved the clock past the last one's expiry.
    token = await login(t.app, teacher);
    const lists = expectOk<Record<string, unknown[]>>(
      await postForm(t.app, '/api/news/getTeachHomeNews', body, { token }),
    );
    expect(Object.keys(lists).sort()).toEqual([
      'list1',
      'list2',
      'list3',
      'list4',
      'list5',
      'list6',
    ]);
  });
});
