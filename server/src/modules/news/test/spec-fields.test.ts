import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsSearchHit, NewsVideoItem } from '@school/common/api';
import { seedVideoTypes } from '../../video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createNews,
  createStaff,
  createVideo,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../test-kit/http.js';

/**
 * An importer reads our API as the spec's client does (POST, form-encoded,
 * optional fields sent empty): every row carries the fields portal.md §3 lists
 * for its entity, with the values stored in the database.
 */

interface Page<T> {
  total: number;
  list: T[];
}

let t: TestApp;
let author: TestStaff;
let liker = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedVideoTypes(t.db);
  author = await createStaff(t.db);
  liker = await login(t.app, await createStaff(t.db));
});
afterAll(() => t?.close());

const setViews = (table: 'news' | 'video', id: number, viewCount: number) =>
  t.db.updateTable(table).set({ viewCount }).where('id', '=', id).execute();

/** A news item with a cover, a source and a byline, written by `author`, seen 7 times. */
async function richNews(title: string, extra: { contentKind?: number; files?: number[] } = {}) {
  const cover = await createFile(t.services, 'cover.jpg');
  const newId = await createNews(
    t.services,
    {
      typeId: 2,
      title,
      source: '校报',
      releaseUser: '校办',
      coverFileId: cover,
      contentKind: extra.contentKind,
      files: extra.files?.map((fileId) => ({ role: 'video' as const, fileId, fileName: 'a.mp4' })),
    },
    author,
  );
  await setViews('news', newId, 7);
  return { newId, cover };
}

/**
 * Ties a video to the item it was published with (video.news_id): nothing on this platform
 * sets it, an old site's database may, so the test sets it as such data would have it.
 */
async function publishedWith(videoId: number, newsId: number) {
  await t.db.updateTable('video').set({ newsId }).where('id', '=', videoId).execute();
}

/** A video-centre video with its own cover, source and byline, written by `author`, seen 11 times. */
async function richVideo(title: string, newsId?: number) {
  const cover = await createFile(t.services, 'poster.jpg');
  const videoId = await createVideo(
    t.services,
    {
      typeId: 1,
      title,
      content: '<p>简介</p>',
      source: '电视台',
      releaseUser: '宣传处',
      coverFileId: cover,
      files: [{ fileId: await createFile(t.services, 'film.mp4', 'video/mp4') }],
    },
    author,
  );
  if (newsId !== undefined) await publishedWith(videoId, newsId);
  await setViews('video', videoId, 11);
  return { videoId, cover };
}

describe('api/news/getNewsTitleList rows carry the News item fields of portal.md §3', () => {
  const search = async (word: string) =>
    expectOk<Page<NewsSearchHit>>(
      await postForm(t.app, '/api/news/getNewsTitleList', {
        newsTitle: word,
        schChange: '',
        typeId: '',
        pageNum: '1',
        pageSize: '10',
        enableType: '',
      }),
    );

  it('answers imgUrl, viewCount, flowerCount and createStaff of the news item or the video', async () => {
    const word = '天文观测社';
    const news = await richNews(`${word}招新`);
    const video = await richVideo(`${word}纪录片`);
    const found = await search(word);
    expect(found.total).toBe(2);
    const hit = (typeId: number) => found.list.find((h) => h.typeId === typeId)!;
    expect(hit(2)).toMatchObject({
      newId: news.newId,
      imgUrl: `/api/files/${news.cover}`,
      viewCount: 7,
      flowerCount: 0,
      createStaff: author.id,
      releaseUser: '校办',
    });
    expect(hit(13)).toMatchObject({
      newId: video.videoId,
      videoId: video.videoId,
      imgUrl: `/api/files/${video.cover}`,
      viewCount: 11,
      flowerCount: 0,
      createStaff: author.id,
      releaseUser: '宣传处',
    });
  });

  it('answers the likes as they are now, though the answer was kept', async () => {
    const word = '航模比赛';
    const news = await richNews(`${word}获奖`);
    const video = await richVideo(`${word}现场`);
    expect((await search(word)).list.map((h) => h.flowerCount)).toEqual([0, 0]);
    await postForm(t.app, '/api/news/updateFlowerCount', { newId: news.newId }, { token: liker });
    await postForm(
      t.app,
      '/api/video/updateFlowerCount',
      { videoId: video.videoId },
      { token: liker },
    );
    await setViews('news', news.newId, 8);
    const again = await search(word);
    const hit = (typeId: number) => again.list.find((h) => h.typeId === typeId)!;
    expect(hit(2)).toMatchObject({ flowerCount: 1, viewCount: 8 });
    expect(hit(13)).toMatchObject({ flowerCount: 1, viewCount: 11 });
  });
});

describe('api/news/getVideoList rows carry the Video fields of portal.md §3', () => {
  const videosOf = async (newId: number | '') =>
    expectOk<Page<NewsVideoItem>>(
      await postForm(t.app, '/api/news/getVideoList', {
        newId: String(newId),
        typeId: '13',
        ifShelves: '',
        checkStatus: '',
        pageNum: '1',
        pageSize: '6',
        enableType: '',
      }),
    );

  it('a video set’s video takes the news item’s own values, a video-centre video its own', async () => {
    const file = await createFile(t.services, 'clip.mp4', 'video/mp4');
    const set = await richNews('合唱比赛视频集', { contentKind: 3, files: [file] });
    await postForm(t.app, '/api/news/updateFlowerCount', { newId: set.newId }, { token: liker });
    const centre = await richVideo('合唱比赛全程', set.newId);
    await postForm(
      t.app,
      '/api/video/updateFlowerCount',
      { videoId: centre.videoId },
      { token: liker },
    );
    await postForm(
      t.app,
      '/api/video/updateFlowerCount',
      { videoId: centre.videoId },
      { token: await login(t.app, await createStaff(t.db)) },
    );

    const page = await videosOf(set.newId);
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      videoId: null,
      fileId: file,
      imgUrl: `/api/files/${set.cover}`,
      flowerCount: 1,
      createStaff: author.id,
      releaseUser: '校办',
      source: '校报',
    });
    expect(page.list[1]).toMatchObject({
      videoId: centre.videoId,
      imgUrl: `/api/files/${centre.cover}`,
      flowerCount: 2,
      createStaff: author.id,
      releaseUser: '宣传处',
      source: '电视台',
    });

    // Without a news item: the video centre, each row with the same fields.
    const all = await videosOf('');
    expect(all.list.find((v) => v.videoId === centre.videoId)).toMatchObject({
      flowerCount: 2,
      createStaff: author.id,
      releaseUser: '宣传处',
      source: '电视台',
    });
  });
});

describe('api/news/getNewsList rows carry the News item fields of portal.md §3', () => {
  it('answers every field a list row can hold, createUser (the author’s account name) too', async () => {
    const { newId, cover } = await richNews('科技节开幕式');
    const page = expectOk<Page<Record<string, unknown>>>(
      await postForm(t.app, '/api/news/getNewsList', {
        newsTitle: '',
        schChange: '',
        typeId: '2',
        pageNum: '1',
        pageSize: '6',
        enableType: '',
      }),
    );
    const row = page.list.find((item) => item.newId === newId);
    expect(row).toMatchObject({
      newId,
      typeId: 2,
      newsTitle: '科技节开幕式',
      newsDesc: '测试摘要',
      newsType: 1,
      newcontenttype: 1,
      ifTop: 0,
      releaseUser: '校办',
      createUser: author.name,
      createStaff: author.id,
      source: '校报',
      viewCount: 7,
      flowerCount: 0,
      imgUrl: `/api/files/${cover}`,
    });
    for (const date of ['shelvesDate', 'statusDate', 'createDate']) {
      expect(row![date]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
  });
});
