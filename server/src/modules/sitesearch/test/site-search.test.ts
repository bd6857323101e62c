import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem, TeacherHit, VideoItem } from '@school/common/api';
import { seedVideoTypes } from '../../video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createDepartment,
  createNews,
  createStaff,
  createVideo,
  type TestStaff,
  type VideoFactoryInput,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

/** intranet.md §2 sechresPage, §7 "search": api/search/getSearchList. */

interface Answer<T> {
  total: number;
  list: T[];
  newsList: NewsItem[];
  videoList: VideoItem[];
}

let t: TestApp;
let teacher: TestStaff;
let token: string;
/** Beijing noon of a day in January 2026. */
const jan = (day: number) => new Date(Date.UTC(2026, 0, day, 4));

const search = <T>(fields: Record<string, string | number>) =>
  postForm(t.app, '/api/search/getSearchList', fields, { token }).then((res) =>
    expectOk<Answer<T>>(res),
  );
const ids = (answer: Answer<NewsItem>) => answer.list.map((item) => item.newId);

beforeAll(async () => {
  t = await createTestApp();
  await seedVideoTypes(t.db);
  const office = await createDepartment(t.db, { name: '教务处' });
  teacher = await createStaff(t.db, { name: '孙明', phone: '13600001234', deptIds: [office] });
  token = await login(t.app, teacher);
});
afterAll(() => t?.close());

describe('查新闻 and 查图片 (type 1 and 4)', () => {
  it('finds listed news by keyword and filters, staff-only ones too, 12 a page', async () => {
    const made: number[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(
        await createNews(t.services, {
          typeId: 2,
          title: `期末考试安排通知${i}`,
          releaseUser: i % 2 ? '教务处' : '校办',
          shelvesDate: jan(1 + i),
          enableType: i === 0 ? 2 : 1,
          schChange: i < 7 ? 1 : 2,
        }),
      );
    }
    const hidden = await createNews(t.services, { typeId: 2, title: '期末考试草稿', ifShelves: 0 });
    const gone = await createNews(t.services, {
      typeId: 2,
      title: '期末考试未审',
      reviewState: 'submitted',
    });
    const pictures = await createNews(t.services, {
      typeId: 12,
      title: '期末考试考场照片',
      contentKind: 2,
      shelvesDate: jan(20),
    });

    // The original client's payload: every field, the empty ones as ''.
    const first = await search<NewsItem>({
      type: 1,
      str: '期末考试',
      typeId: '',
      newcontenttype: '',
      schChange: '',
      releaseUser: '',
      beginDate: '',
      endDate: '',
      enableType: 2,
      videoTypeId: '',
      pageNum: 1,
      pageSize: '',
    });
    expect(first.total).toBe(15);
    expect(first.list).toHaveLength(12);
    expect(first.newsList).toEqual(first.list);
    expect(first.videoList).toEqual([]);
    expect(ids(first)[0]).toBe(pictures);
    const all = [...ids(first), ...ids(await search<NewsItem>({ str: '期末考试', pageNum: 2 }))];
    expect(all).toContain(made[0]);
    expect(all).not.toContain(hidden);
    expect(all).not.toContain(gone);

    const byPublisher = await search<NewsItem>({ str: '期末', releaseUser: '教务', pageSize: 50 });
    expect(ids(byPublisher).sort()).toEqual(made.filter((_, i) => i % 2).sort());
    const byDates = await search<NewsItem>({
      beginDate: '2026-01-03',
      endDate: '2026-01-05',
      typeId: 2,
    });
    expect(ids(byDates)).toEqual([made[4], made[3], made[2]]);
    const juniors = await search<NewsItem>({ str: '期末', schChange: 2, pageSize: 50 });
    expect(ids(juniors).sort()).toEqual(made.slice(7).sort());
    const sets = await search<NewsItem>({ str: '期末', newcontenttype: 2 });
    expect(ids(sets)).toEqual([pictures]);
    const underParent = await search<NewsItem>({ str: '照片', typeId: 10 });
    expect(ids(underParent)).toEqual([pictures]);

    const pictureTab = await search<NewsItem>({ type: 4, str: '期末' });
    expect(ids(pictureTab)).toEqual([pictures]);
  });
});

describe('kept answers read once for many', () => {
  it('answers requests made at the same moment alike, and shows a new item at once after', async () => {
    await createNews(t.services, { typeId: 2, title: '秋季运动员报名表', shelvesDate: jan(3) });
    const together = await Promise.all(
      Array.from({ length: 8 }, () => search<NewsItem>({ str: '运动员报名', pageSize: 5 })),
    );
    for (const answer of together) expect(answer).toEqual(together[0]);
    expect(together[0]!.total).toBe(1);

    // A change while requests wait for one reading: those asked after it see it.
    const during = search<NewsItem>({ str: '运动员报名', pageSize: 5 });
    const added = await createNews(t.services, {
      typeId: 2,
      title: '冬季运动员报名表',
      shelvesDate: jan(4),
    });
    await during;
    const after = await Promise.all(
      Array.from({ length: 4 }, () => search<NewsItem>({ str: '运动员报名', pageSize: 5 })),
    );
    for (const answer of after) {
      expect(answer.total).toBe(2);
      expect(ids(answer)[0]).toBe(added);
    }
  });
});

describe('查视频 (type 5)', () => {
  it('finds listed videos by keyword, category and date into videoList', async () => {
    const video = (input: VideoFactoryInput) => createVideo(t.services, input, teacher);
    const a = await video({ typeId: 3, title: '运动会开幕式', createdAt: jan(5) });
    const b = await video({ typeId: 4, title: '运动会闭幕式', createdAt: jan(9) });
    await video({ typeId: 3, title: '运动会彩排', ifShelves: 0 });
    const found = await search<VideoItem>({ type: 5, str: '运动会' });
    expect(found.list.map((v) => v.videoId)).toEqual([b, a]);
    expect(found.videoList).toEqual(found.list);
    expect(found.newsList).toEqual([]);
    expect(
      (await search<VideoItem>({ type: 5, str: '运动会', videoTypeId: 3 })).list.map(
        (v) => v.videoId,
      ),
    ).toEqual([a]);
    expect(
      (await search<VideoItem>({ type: 5, endDate: '2026-01-06' })).list.map((v) => v.videoId),
    ).toEqual([a]);
  });
});

describe('查老师 and 查电话 (type 2 and 3)', () => {
  it('finds active staff by name or by phone, with their department', async () => {
    await createStaff(t.db, { name: '孙已停用', phone: '13600009999', status: 0 });
    const byName = await search<TeacherHit>({ type: 2, str: '孙' });
    expect(byName.list).toEqual([
      {
        teaId: teacher.id,
        teaName: '孙明',
        teaPhone: '13600001234',
        email: null,
        deptName: '教务处',
        teaPic: '',
      },
    ]);
    expect(byName.newsList).toEqual([]);
    const byPhone = await search<TeacherHit>({ type: 3, str: '0001234' });
    expect(byPhone.list.map((row) => row.teaName)).toEqual(['孙明']);
    expect((await search<TeacherHit>({ type: 3, str: '孙明' })).total).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses visitors, bad dates and a range that ends before it begins', async () => {
    expectRefusal(
      await postForm(t.app, '/api/search/getSearchList', { str: '考试' }),
      401,
      'token错误',
    );
    const refuse = async (fields: Record<string, string | number>, message: string) =>
      expectRefusal(
        await postForm(t.app, '/api/search/getSearchList', fields, { token }),
        400,
        message,
      );
    await refuse({ beginDate: '2026/01/01' }, '开始日期格式不正确，应为 YYYY-MM-DD');
    await refuse({ endDate: '2026-02-30' }, '结束日期不正确');
    await refuse({ beginDate: '2026-03-02', endDate: '2026-03-01' }, '结束日期不能早于开始日期');
    await refuse({ type: 7 }, 'type 须为 1、2、3、4、5 或 6');
    await refuse({ pageSize: 51 }, '每页条数须为1到50');
  });
});
