import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../news/service.js';
import { DEFAULT_VIDEO_TYPES, seedVideoTypes } from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createNews,
  createStaff,
  createVideo as makeVideo,
  type TestStaff,
  type VideoFactoryInput,
} from '../../../test-kit/factories.js';
import { envelope, expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

const TYPES = '/api/video/getVideoTypeList';
const LIST = '/api/video/getVideoList';
const NEWS_LIST = '/api/news/getVideoList';
const DETAILS = '/api/video/getVideoDetails';
const FILES = '/api/video/getVideoFiles';
const FOOTPRINT = '/api/video/addVideoFootprint';
const VIEW = '/api/video/addViewCount';
const FOOTPRINTS = '/api/video/selectVideoFootprintList';
const IF_FLOWER = '/api/video/selectIfFlower';
const FLOWER = '/api/video/updateFlowerCount';
const DELETE = '/api/video/deleteVideo';
const SEARCH = '/api/news/getNewsTitleList';
const OPER_LOG = '/api/infoOperLog/infoOperLogList';

const GONE = '内容不存在或已下架';
const NOT_MANAGER = '只有管理员或发布者可以进行此操作';

interface Page<T> {
  total: number;
  list: T[];
}
interface VideoItem {
  videoId: number;
  typeId: number;
  typeName: string;
  videoTitle: string;
  videoDesc: string;
  imgUrl: string;
  viewCount: number;
  flowerCount: number;
  createDate: string;
  videoContent?: string;
}

describe('api/video', () => {
  let t: TestApp;
  let creator: TestStaff;
  let teacher: TestStaff;
  let admin: TestStaff;
  const token = { creator: '', teacher: '', admin: '' };

  const hex = () => randomBytes(3).toString('hex');
  /**
   * A video made the way the content platform makes it: listed and public unless told.
   * `newsId`: the item it was published with, which nothing on this platform sets (an old
   * site's database may): set afterwards, as such data has it.
   */
  const createVideo = async (
    { newsId, ...input }: VideoFactoryInput & { newsId?: number } = {},
    by: TestStaff | null = creator,
  ) => {
    const videoId = await makeVideo(t.services, { title: `测试视频${hex()}`, ...input }, by);
    if (newsId !== undefined) {
      await t.db.updateTable('video').set({ newsId }).where('id', '=', videoId).execute();
    }
    return videoId;
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
  const ids = (page: Page<VideoItem>) => page.list.map((v) => v.videoId);

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    creator = await createStaff(t.db);
    teacher = await createStaff(t.db);
    admin = await createStaff(t.db, { staffType: 5 });
    token.creator = await login(t.app, creator);
    token.teacher = await login(t.app, teacher);
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  it('getVideoTypeList answers the ten categories, and seeding again adds none', async () => {
    await seedVideoTypes(t.db);
    const expected = DEFAULT_VIDEO_TYPES.map((type) => ({
      typeId: type.id,
      typeName: type.name,
      parentId: 0,
    }));
    expect(expected).toHaveLength(10);
    expect(expectOk(await postForm(t.app, TYPES))).toEqual(expected);
    expect(expectOk(await postForm(t.app, TYPES, { parentId: 0 }))).toEqual(expected);
    expect(expectOk(await postForm(t.app, TYPES, { parentId: 3 }))).toEqual([]);
    expect(DEFAULT_VIDEO_TYPES.slice(0, 3).map((type) => type.name)).toEqual([
      '校园活动',
      '教学风采',
      '德育之窗',
    ]);
  });

  it('getVideoList pages 6 by default, newest first, within one category', async () => {
    const made: number[] = [];
    for (let minute = 0; minute < 8; minute++) {
      made.push(await createVideo({ typeId: 2, createdAt: at(minute) }));
    }
    const other = await createVideo({ typeId: 3 });
    const newestFirst = [...made].reverse();

    const body = { ifShelves: 'A', checkStatus: 'A', typeId: 2, enableType: 1 };
    const first = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, body));
    expect(first.total).toBe(8);
    expect(ids(first)).toEqual(newestFirst.slice(0, 6));
    const second = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, { ...body, pageNum: 2 }));
    expect(ids(second)).toEqual(newestFirst.slice(6));
    const bigger = expectOk<Page<VideoItem>>(
      await postForm(t.app, LIST, { ...body, pageSize: 20 }),
    );
    expect(ids(bigger)).toEqual(newestFirst);
    expect(first.list.every((item) => item.typeId === 2 && item.typeName === '教学风采')).toBe(
      true,
    );

    const third = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, { typeId: 3 }));
    expect(ids(third)).toEqual([other]);
    const all = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, { pageSize: 50 }));
    expect(ids(all)).toEqual(expect.arrayContaining([...made, other]));
    expectRefusal(await postForm(t.app, LIST, { pageSize: 0 }), 400, '每页条数须为1到50');
    expectRefusal(await postForm(t.app, LIST, { typeId: 'abc' }), 400, '视频分类编号不正确');
  });

  it('a list item carries a plain-text introduction; details carry the HTML and the first file', async () => {
    const cover = await createFile(t.services, 'cover.png', 'image/png');
    const first = await createFile(t.services, '开幕式.mp4', 'video/mp4');
    const second = await createFile(t.services, '闭幕式.mp4', 'video/mp4');
    const long = '青'.repeat(150);
    const id = await createVideo({
      typeId: 6,
      title: '科技节开幕式',
      content: `<p onclick="x()"><strong>${long}</strong></p><script>alert(1)</script>`,
      coverFileId: cover,
      source: '校团委',
      files: [{ fileId: first }, { fileId: second, fileName: '闭幕' }],
    });

    const page = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, { typeId: 6 }));
    expect(page.list).toEqual([
      expect.objectContaining({
        videoId: id,
        typeId: 6,
        typeName: '科技创新',
        videoTitle: '科技节开幕式',
        videoDesc: '青'.repeat(100),
        imgUrl: `/api/files/${cover}`,
        source: '校团委',
        releaseUser: creator.name,
        createStaff: creator.id,
        viewCount: 0,
        flowerCount: 0,
        createDate: '2026-03-02 16:00:00',
      }),
    ]);
    expect(page.list[0]).not.toHaveProperty('videoContent');

    const detail = expectOk<VideoItem & { filePath: string; fileCount: number }>(
      await postForm(t.app, DETAILS, { videoId: id }),
    );
    expect(detail).toMatchObject({
      videoId: id,
      videoTitle: '科技节开幕式',
      videoContent: `<p><strong>${long}</strong></p>`,
      filePath: `/api/files/${first}`,
      fileCount: 2,
      // portal.md §4: a page that has just opened has counted no play yet.
      isShow: false,
    });

    const files = expectOk<Page<unknown>>(await postForm(t.app, FILES, { videoId: id }));
    expect(files).toEqual({
      total: 2,
      list: [
        {
          fileId: first,
          fileName: '开幕式.mp4',
          filePath: `/api/files/${first}`,
          createDate: '2026-03-02 16:00:00',
        },
        {
          fileId: second,
          fileName: '闭幕',
          filePath: `/api/files/${second}`,
          createDate: '2026-03-02 16:00:00',
        },
      ],
    });
    expectRefusal(await postForm(t.app, DETAILS, {}), 400, '请选择视频');
    expectRefusal(await postForm(t.app, DETAILS, { videoId: 999_999 }), 404, GONE);
  });

  it('getVideoFiles pages 12 by default', async () => {
    const files = [];
    for (let i = 0; i < 14; i++) {
      files.push({ fileId: await createFile(t.services, `第${i + 1}集.mp4`, 'video/mp4') });
    }
    const id = await createVideo({ files });
    const first = expectOk<Page<{ fileId: number }>>(await postForm(t.app, FILES, { videoId: id }));
    expect(first.total).toBe(14);
    expect(first.list.map((f) => f.fileId)).toEqual(files.slice(0, 12).map((f) => f.fileId));
    const second = expectOk<Page<{ fileId: number }>>(
      await postForm(t.app, FILES, { videoId: id, pageNum: 2 }),
    );
    expect(second.list.map((f) => f.fileId)).toEqual(files.slice(12).map((f) => f.fileId));
  });

  it('news/getVideoList lists the videos of one news item and ignores typeId 13', async () => {
    const newsId = await createNews(t.services, { typeId: 2 });
    const attached = [
      await createVideo({ newsId, createdAt: at(1) }),
      await createVideo({ newsId, createdAt: at(2) }),
    ];
    await createVideo({ newsId, enableType: 2 });
    const page = expectOk<Page<VideoItem>>(
      await postForm(t.app, NEWS_LIST, { newId: newsId, typeId: 13 }),
    );
    expect(page.total).toBe(2);
    expect(ids(page)).toEqual([attached[1], attached[0]]);

    for (let i = 0; i < 5; i++) await createVideo();
    const all = expectOk<Page<VideoItem>>(await postForm(t.app, NEWS_LIST, { typeId: 13 }));
    expect(all.list).toHaveLength(6);
    expect(all.total).toBeGreaterThanOrEqual(7);
  });

  it('a staff-only video is kept from anonymous callers and shown to staff', async () => {
    const file = await createFile(t.services, '内部.mp4', 'video/mp4');
    const title = `教研视频 ${hex()}`;
    const id = await createVideo({ typeId: 4, enableType: 2, title, files: [{ fileId: file }] });
    const open = await createVideo({ typeId: 4 });

    const anonymous = expectOk<Page<VideoItem>>(
      await postForm(t.app, LIST, { typeId: 4, enableType: 2 }),
    );
    expect(ids(anonymous)).toEqual([open]);
    const staffPublic = expectOk<Page<VideoItem>>(
      await postForm(t.app, LIST, { typeId: 4 }, { token: token.teacher }),
    );
    expect(ids(staffPublic)).toEqual([open]);
    const staffAll = expectOk<Page<VideoItem>>(
      await postForm(t.app, LIST, { typeId: 4, enableType: 2 }, { token: token.teacher }),
    );
    expect(ids(staffAll).sort()).toEqual([id, open].sort());

    expectRefusal(await postForm(t.app, DETAILS, { videoId: id }), 401, STAFF_ONLY_MESSAGE);
    expectRefusal(await postForm(t.app, FILES, { videoId: id }), 401, STAFF_ONLY_MESSAGE);
    const detail = expectOk<VideoItem>(
      await postForm(t.app, DETAILS, { videoId: id }, { token: token.teacher }),
    );
    expect(detail.videoTitle).toBe(title);
    const files = expectOk<Page<unknown>>(
      await postForm(t.app, FILES, { videoId: id }, { token: token.teacher }),
    );
    expect(files.total).toBe(1);
    const bytes = await t.app.inject({ method: 'GET', url: `/api/files/${file}` });
    expect(bytes.statusCode).toBe(401);

    const keyword = title.split(' ')[1]!;
    const found = (staffToken?: string) =>
      postForm(
        t.app,
        SEARCH,
        { newsTitle: keyword, enableType: 2 },
        staffToken ? { token: staffToken } : {},
      ).then((r) => expectOk<Page<{ videoId: number }>>(r).list.map((hit) => hit.videoId));
    expect(await found()).toEqual([]);
    expect(await found(token.teacher)).toEqual([id]);
  });

  it('off-shelf, unapproved and deleted videos are in no list and no answer', async () => {
    const listed = await createVideo({ typeId: 5 });
    const offShelf = await createVideo({ typeId: 5, ifShelves: 0 });
    const unapproved = await createVideo({ typeId: 5, reviewState: 'submitted' });
    const deleted = await createVideo({ typeId: 5 });
    await t.db.updateTable('video').set({ deleted: 1 }).where('id', '=', deleted).execute();

    for (const options of [{}, { token: token.teacher }, { token: token.creator }]) {
      const page = expectOk<Page<VideoItem>>(
        await postForm(t.app, LIST, { typeId: 5, enableType: 2 }, options),
      );
      expect(ids(page)).toEqual([listed]);
    }
    for (const videoId of [offShelf, unapproved, deleted]) {
      expectRefusal(await postForm(t.app, DETAILS, { videoId }), 404, GONE);
      expectRefusal(await postForm(t.app, FILES, { videoId }), 404, GONE);
      const asTeacher = { token: token.teacher };
      expectRefusal(await postForm(t.app, DETAILS, { videoId }, asTeacher), 404, GONE);
      expectRefusal(await postForm(t.app, FOOTPRINT, { videoId }, asTeacher), 404, GONE);
      expectRefusal(await postForm(t.app, FLOWER, { videoId }, asTeacher), 404, GONE);
    }
    // The creator still reaches an unpublished video of their own, to check and fix it.
    const own = expectOk<VideoItem>(
      await postForm(t.app, DETAILS, { videoId: offShelf }, { token: token.creator }),
    );
    expect(own.videoId).toBe(offShelf);
  });

  it('footprints and views are recorded only for a logged-in caller, as themselves', async () => {
    const id = await createVideo();
    const payload = { videoId: id, roleId: 2, userId: teacher.id, userName: teacher.name };
    expectRefusal(await postForm(t.app, FOOTPRINT, payload), 401, 'token错误');
    expectRefusal(await postForm(t.app, VIEW, payload), 401, 'token错误');
    const asCreator = { token: token.creator };
    expectRefusal(
      await postForm(t.app, FOOTPRINT, payload, asCreator),
      403,
      '只能以自己的身份操作',
    );
    expectRefusal(await postForm(t.app, VIEW, payload, asCreator), 403, '只能以自己的身份操作');

    const asTeacher = { token: token.teacher, remoteAddress: '10.1.2.3' };
    expect(expectOk(await postForm(t.app, FOOTPRINT, payload, asTeacher))).toBeNull();
    const once = { viewCount: 1, counted: true };
    expect(expectOk(await postForm(t.app, VIEW, payload, asTeacher))).toEqual(once);
    // A viewer counts once a day (issue 18).
    const again = { viewCount: 1, counted: false };
    expect(expectOk(await postForm(t.app, VIEW, payload, asTeacher))).toEqual(again);
    const detail = expectOk<VideoItem>(await postForm(t.app, DETAILS, { videoId: id }));
    expect(detail.viewCount).toBe(1);

    const rows = await t.db
      .selectFrom('footprint')
      .select(['infoTable', 'staffId', 'staffName', 'roleId', 'ip'])
      .where('objId', '=', id)
      .where('infoTable', '=', 'TF_VIDEO')
      .execute();
    expect(rows).toEqual([
      {
        infoTable: 'TF_VIDEO',
        staffId: teacher.id,
        staffName: teacher.name,
        roleId: 2,
        ip: '10.1.2.3',
      },
    ]);

    expectRefusal(await postForm(t.app, FOOTPRINTS, { videoId: id }), 401, 'token错误');
    expectRefusal(
      await postForm(t.app, FOOTPRINTS, { videoId: id }, { token: token.teacher }),
      403,
      NOT_MANAGER,
    );
    const expected = {
      total: 1,
      list: [
        {
          userId: teacher.id,
          userName: teacher.name,
          roleId: 2,
          landingtime: '2026-03-02 16:00:00',
          ipaccess: '10.1.2.3',
        },
      ],
    };
    for (const staffToken of [token.creator, token.admin]) {
      const response = await postForm(t.app, FOOTPRINTS, { videoId: id }, { token: staffToken });
      expect(expectOk(response)).toEqual(expected);
    }
  });

  it('likes once per person, and ten simultaneous likes count once', async () => {
    const id = await createVideo();
    const asTeacher = { token: token.teacher };
    expectRefusal(await postForm(t.app, IF_FLOWER, { videoId: id }), 401, 'token错误');
    expectRefusal(await postForm(t.app, FLOWER, { videoId: id }), 401, 'token错误');
    expectRefusal(
      await postForm(t.app, FLOWER, { videoId: id, staffId: creator.id }, asTeacher),
      403,
      '只能以自己的身份操作',
    );

    const before = await postForm(
      t.app,
      IF_FLOWER,
      { videoId: id, staffId: teacher.id },
      asTeacher,
    );
    expect(envelope(before)).toEqual({ status: 0, msg: '可以点赞', data: { flowerCount: 0 } });
    const liked = await postForm(t.app, FLOWER, { videoId: id, staffId: teacher.id }, asTeacher);
    expect(envelope(liked)).toEqual({ status: 0, msg: '点赞成功', data: { flowerCount: 1 } });
    expectRefusal(
      await postForm(t.app, FLOWER, { videoId: id, staffId: teacher.id }, asTeacher),
      409,
      '您已经点过赞了',
    );
    const after = await postForm(t.app, IF_FLOWER, { videoId: id }, asTeacher);
    expect(after.statusCode).toBe(200);
    expect(envelope(after)).toEqual({ status: 1, msg: '已点赞', data: { flowerCount: 1 } });

    const burst = await createVideo();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postForm(t.app, FLOWER, { videoId: burst }, { token: token.creator }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
    const detail = expectOk<VideoItem>(await postForm(t.app, DETAILS, { videoId: burst }));
    expect(detail.flowerCount).toBe(1);
  });

  it('deleteVideo is for the creator or an administrator, and the video is gone everywhere', async () => {
    const keyword = hex();
    const title = `校园合唱节 ${keyword}`;
    const id = await createVideo({ typeId: 7, title });
    const payload = (who: TestStaff) => ({
      videoId: id,
      roleId: who.staffType,
      userId: who.id,
      userName: who.name,
    });
    const search = async () =>
      expectOk<Page<{ videoId: number | null; typeId: number }>>(
        await postForm(t.app, SEARCH, { newsTitle: keyword }),
      ).list;
    expect(await search()).toEqual([expect.objectContaining({ videoId: id, typeId: 13 })]);

    expectRefusal(await postForm(t.app, DELETE, payload(creator)), 401, 'token错误');
    expectRefusal(
      await postForm(t.app, DELETE, payload(teacher), { token: token.teacher }),
      403,
      NOT_MANAGER,
    );
    expectRefusal(
      await postForm(t.app, DELETE, payload(creator), { token: token.teacher }),
      403,
      '只能以自己的身份操作',
    );
    const removed = await postForm(t.app, DELETE, payload(creator), {
      token: token.creator,
      remoteAddress: '10.9.8.7',
    });
    expect(envelope(removed)).toEqual({ status: 0, msg: '删除成功', data: null });

    const page = expectOk<Page<VideoItem>>(await postForm(t.app, LIST, { typeId: 7 }));
    expect(ids(page)).toEqual([]);
    expectRefusal(await postForm(t.app, DETAILS, { videoId: id }), 404, GONE);
    expectRefusal(
      await postForm(t.app, DETAILS, { videoId: id }, { token: token.creator }),
      404,
      GONE,
    );
    expect(await search()).toEqual([]);
    expectRefusal(
      await postForm(t.app, DELETE, payload(creator), { token: token.creator }),
      404,
      GONE,
    );

    const logRows = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'infoTable', 'operType', 'ip'])
      .where('objId', '=', id)
      .where('infoTable', '=', 'TF_VIDEO')
      .where('operType', '=', '删除')
      .execute();
    expect(logRows).toEqual([
      {
        staffId: creator.id,
        staffName: creator.name,
        infoTable: 'TF_VIDEO',
        operType: '删除',
        ip: '10.9.8.7',
      },
    ]);

    const logBody = { objId: id, infoTable: 'TF_VIDEO' };
    expectRefusal(
      await postForm(t.app, OPER_LOG, logBody, { token: token.teacher }),
      403,
      '只有管理员可以查看操作日志',
    );
    const log = expectOk<Array<{ operType: string; userId: number }>>(
      await postForm(t.app, OPER_LOG, logBody, { token: token.admin }),
    );
    // Made as the platform makes a teacher's video: saved, submitted, approved; then deleted.
    expect(log.map((row) => row.operType)).toEqual(['删除', '审核通过', '提交审核', '新增']);
    expect(log.filter((row) => row.operType !== '审核通过').map((row) => row.userId)).toEqual([
      creator.id,
      creator.id,
      creator.id,
    ]);
  });

  it('two deletes at once: the one deletion path lets one through and logs it once', async () => {
    const id = await createVideo();
    const answers = await Promise.all([
      postForm(t.app, DELETE, { videoId: id }, { token: token.admin }),
      postForm(t.app, DELETE, { videoId: id }, { token: token.creator }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect([404, 409]).toContain(refused.statusCode);
    const logRows = await t.db
      .selectFrom('operLog')
      .select('operType')
      .where('objId', '=', id)
      .where('infoTable', '=', 'TF_VIDEO')
      .where('operType', '=', '删除')
      .execute();
    expect(logRows).toHaveLength(1);
  });

  it("an administrator deletes anyone's video", async () => {
    const id = await createVideo();
    const response = await postForm(t.app, DELETE, { videoId: id }, { token: token.admin });
    expect(envelope(response)).toEqual({ status: 0, msg: '删除成功', data: null });
    const row = await t.db
      .selectFrom('video')
      .select('deleted')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
  });
});
