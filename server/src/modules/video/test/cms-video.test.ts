import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { CmsVideoService } from '../admin-service.js';
import { seedVideoTypes } from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, createVideo, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T = Record<string, unknown>> {
  total: number;
  list: T[];
}
interface State {
  videoId: number;
  reviewState: string;
  reviewStateName: string;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
  live: boolean;
}
interface Editable extends State {
  typeId: number;
  videoTitle: string;
  videoContent: string;
  coverFileId: number | null;
  imgUrl: string;
  thumbUrl: string;
  source: string | null;
  releaseUser: string | null;
  enableType: number;
  files: Array<{ fileId: number; fileName: string; url: string }>;
}
interface Row extends State {
  typeId: number;
  typeName: string;
  videoTitle: string;
  thumbUrl: string;
  createStaffName: string;
  fileCount: number;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';
const NOT_MANAGER = '只有管理员或发布者可以进行此操作';
const CONCURRENT = '内容刚被他人修改，请刷新后重试';

/**
 * The database as `parties` concurrent calls see it: each call's writing
 * transaction starts only when all of them have got that far, i.e. after
 * every one has read the row it is about to change.
 */
function meetBeforeWriting(db: Kysely<Database>, parties: number): Kysely<Database> {
  let arrived = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        return () => ({
          execute: async <T>(work: (trx: Kysely<Database>) => Promise<T>) => {
            if (++arrived >= parties) open();
            await gate;
            return target.transaction().execute(work);
          },
        });
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('api/cms/video: authoring, review, shelving, categories, revisions', () => {
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

  const cms = (path: string, body: Record<string, unknown>, who: string, remoteAddress?: string) =>
    postJson(t.app, `/api/cms/${path}`, body, { token: who, remoteAddress });
  const ok = async <T = State>(path: string, body: Record<string, unknown>, who: string) =>
    expectOk<T>(await cms(path, body, who));
  const save = async (body: Record<string, unknown>, who: string) =>
    (await ok<{ videoId: number }>('video/save', body, who)).videoId;
  const get = (videoId: number, who = token.admin) => ok<Editable>('video/get', { videoId }, who);
  const upload = async (owner: TestStaff | null, fileName: string, mimeType: string) =>
    (
      await t.services.files.save(
        { fileName, mimeType, createdBy: owner?.id ?? null },
        Buffer.from(`${fileName} ${Math.random()}`),
      )
    ).id;
  const clip = (owner: TestStaff | null, name = '开幕式.mp4') => upload(owner, name, 'video/mp4');
  const picture = (owner: TestStaff | null, name = '封面.jpg') => upload(owner, name, 'image/jpeg');
  /** A teacher's video taken through review by the administrator. */
  const approvedVideo = async (title: string, body: Record<string, unknown> = {}) => {
    const videoId = await save({ typeId: 1, videoTitle: title, ...body }, token.teacher);
    await ok('video/submit', { videoId }, token.teacher);
    await ok('video/approve', { videoId }, token.admin);
    return videoId;
  };
  const publicList = async (typeId?: number) =>
    expectOk<Page<{ videoId: number; videoTitle: string; ifTop: number }>>(
      await postForm(t.app, '/api/video/getVideoList', {
        ifShelves: 'A',
        checkStatus: 'A',
        typeId,
        pageSize: 50,
      }),
    ).list;
  const publicIds = async (typeId?: number) => (await publicList(typeId)).map((v) => v.videoId);
  const publicSearch = async (keyword: string) =>
    expectOk<Page<{ videoId: number | null }>>(
      await postForm(t.app, '/api/news/getNewsTitleList', { newsTitle: keyword }),
    ).list.map((hit) => hit.videoId);
  const operTypes = async (videoId: number) =>
    expectOk<Array<{ operType: string }>>(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId: videoId, infoTable: 'TF_VIDEO' },
        { token: token.admin },
      ),
    )
      .map((row) => row.operType)
      .reverse();

  it('refuses every call without a login', async () => {
    const paths = [
      'video/list',
      'video/get',
      'video/save',
      'video/submit',
      'video/approve',
      'video/reject',
      'video/shelve',
      'video/unshelve',
      'video/pin',
      'video/delete',
      'video/revisions',
      'video/revision',
      'video/restore',
      'videoType/list',
      'videoType/save',
      'videoType/delete',
    ];
    for (const path of paths) {
      expectRefusal(
        await postJson(t.app, `/api/cms/${path}`, { videoId: 1, typeId: 1 }),
        401,
        'token错误',
      );
    }
  });

  it('a teacher creates a draft with files from a form, then edits it with JSON', async () => {
    const first = await clip(teacher, '第一集.mp4');
    const second = await clip(teacher, '第二集.mp4');
    const cover = await picture(teacher);
    const response = await postForm(
      t.app,
      '/api/cms/video/save',
      {
        typeId: 2,
        videoTitle: '  公开课：函数的图像  ',
        videoContent: '<p>简介<script>alert(1)</script></p>',
        coverFileId: cover,
        source: '数学组',
        releaseUser: '',
        enableType: 1,
        files: JSON.stringify([{ fileId: first }, { fileId: second, fileName: '第二集（下）' }]),
      },
      { token: token.teacher, remoteAddress: '10.0.0.7' },
    );
    const { videoId } = expectOk<{ videoId: number }>(response);
    const created = await get(videoId, token.teacher);
    expect(created).toMatchObject({
      videoId,
      typeId: 2,
      videoTitle: '公开课：函数的图像',
      videoContent: '<p>简介</p>',
      coverFileId: cover,
      imgUrl: `/api/files/${cover}`,
      thumbUrl: `/api/files/${cover}`,
      source: '数学组',
      releaseUser: '王老师',
      enableType: 1,
      reviewState: 'draft',
      reviewStateName: '草稿',
      ifShelves: 0,
      ifTop: 0,
      live: false,
      files: [
        { fileId: first, fileName: '第一集.mp4', url: `/api/files/${first}` },
        { fileId: second, fileName: '第二集（下）', url: `/api/files/${second}` },
      ],
    });
    // A draft is not public, and neither are its files.
    expect(await publicIds()).not.toContain(videoId);
    expect((await t.app.inject({ url: `/api/files/${first}` })).statusCode).toBe(401);

    // Reordered and one removed; fields left out keep their value.
    await save(
      { videoId, typeId: 2, videoTitle: '公开课：函数的图像（修订）', files: [{ fileId: second }] },
      token.teacher,
    );
    expect(await get(videoId, token.teacher)).toMatchObject({
      videoTitle: '公开课：函数的图像（修订）',
      videoContent: '<p>简介</p>',
      source: '数学组',
      coverFileId: cover,
      files: [{ fileId: second, fileName: '第二集.mp4' }],
    });
    // Clearing the cover and every file.
    await save(
      { videoId, typeId: 2, videoTitle: '公开课：函数的图像（修订）', coverFileId: 0, files: [] },
      token.teacher,
    );
    expect(await get(videoId, token.teacher)).toMatchObject({ coverFileId: null, files: [] });

    const mine = await ok<Page<Row>>('video/list', { reviewState: 'draft' }, token.teacher);
    expect(mine.list.map((i) => i.videoId)).toContain(videoId);
    expect(mine.list.find((i) => i.videoId === videoId)).toMatchObject({
      typeName: '教学风采',
      createStaffName: '王老师',
      fileCount: 0,
    });
    expect(await operTypes(videoId)).toEqual(['新增', '修改', '修改']);
    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'ip', 'infoTable'])
      .where('objId', '=', videoId)
      .where('infoTable', '=', 'TF_VIDEO')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ staffId: teacher.id, ip: '10.0.0.7', infoTable: 'TF_VIDEO' });
  });

  it('lists with filters and paging; teachers see only their own', async () => {
    const a = await save({ typeId: 3, videoTitle: '德育之窗：感恩教育' }, token.other);
    const b = await save({ typeId: 3, videoTitle: '德育之窗：安全教育' }, token.other);
    const c = await save({ typeId: 4, videoTitle: '体育赛事：篮球赛' }, token.admin);
    const othersList = await ok<Page<Row>>('video/list', {}, token.other);
    expect(othersList.list.map((i) => i.videoId)).toEqual([b, a]);
    const teachersList = await ok<Page<Row>>('video/list', {}, token.teacher);
    expect(teachersList.list.map((i) => i.videoId)).not.toContain(a);

    const byType = await ok<Page<Row>>('video/list', { typeId: 3 }, token.admin);
    expect(byType.list.map((i) => i.videoId)).toEqual([b, a]);
    const byWord = await ok<Page<Row>>('video/list', { keyword: '安全' }, token.admin);
    expect(byWord.list.map((i) => i.videoId)).toEqual([b]);
    const literal = await ok<Page<Row>>('video/list', { keyword: '%' }, token.admin);
    expect(literal.total).toBe(0);
    const approved = await ok<Page<Row>>('video/list', { reviewState: 'approved' }, token.admin);
    expect(approved.list.map((i) => i.videoId)).toContain(c);
    expect(approved.list.map((i) => i.videoId)).not.toContain(a);
    const adminOwn = await ok<Page<Row>>('video/list', { mine: 1 }, token.admin);
    expect(adminOwn.list.map((i) => i.videoId)).toEqual([c]);
    const formOwn = expectOk<Page<Row>>(
      await postForm(t.app, '/api/cms/video/list', { mine: 1 }, { token: token.admin }),
    );
    expect(formOwn.list.map((i) => i.videoId)).toEqual([c]);
    const paged = await ok<Page<Row>>('video/list', { pageSize: 1, pageNum: 2 }, token.other);
    expect(paged).toMatchObject({ total: 2, list: [{ videoId: a }] });

    expectRefusal(
      await cms('video/list', { reviewState: 'published' }, token.admin),
      400,
      'reviewState 须为 draft、submitted、approved 或 rejected',
    );
    expectRefusal(
      await cms('video/list', { pageSize: 101 }, token.admin),
      400,
      '每页条数须为1到100',
    );
  });

  it('keeps review, shelving and pinning to isPower 1 and videos to their authors', async () => {
    const videoId = await save({ typeId: 1, videoTitle: '王老师的视频' }, token.teacher);
    await ok('video/submit', { videoId }, token.teacher);
    expectRefusal(await cms('video/approve', { videoId }, token.teacher), 403, ADMIN_ONLY);
    expectRefusal(
      await cms('video/reject', { videoId, reason: '不行' }, token.teacher),
      403,
      ADMIN_ONLY,
    );
    expectRefusal(await cms('video/shelve', { videoId }, token.teacher), 403, ADMIN_ONLY);
    expectRefusal(await cms('video/unshelve', { videoId }, token.teacher), 403, ADMIN_ONLY);
    expectRefusal(await cms('video/pin', { videoId, ifTop: 1 }, token.teacher), 403, ADMIN_ONLY);

    expectRefusal(
      await cms('video/save', { videoId, typeId: 1, videoTitle: '李老师改的' }, token.other),
      403,
      '只能修改自己发布的内容',
    );
    expectRefusal(
      await cms('video/delete', { videoId }, token.other),
      403,
      '只能删除自己发布的内容',
    );
    expectRefusal(await cms('video/get', { videoId }, token.other), 403, NOT_MANAGER);
    expectRefusal(await cms('video/revisions', { videoId }, token.other), 403, NOT_MANAGER);
    expectRefusal(
      await cms('video/submit', { videoId }, token.other),
      403,
      '只能提交自己发布的内容',
    );
    expect((await get(videoId)).videoTitle).toBe('王老师的视频');
    // An administrator edits anyone's video.
    await save({ videoId, typeId: 1, videoTitle: '管理员改过的视频' }, token.admin);
    expect(await get(videoId, token.teacher)).toMatchObject({
      videoTitle: '管理员改过的视频',
      reviewState: 'submitted',
    });
  });

  it('checks the category and the files of a save', async () => {
    expectRefusal(
      await cms('video/save', { typeId: 999, videoTitle: '没有的分类' }, token.teacher),
      400,
      '视频分类不存在，请重新选择',
    );
    expectRefusal(
      await cms('video/save', { videoTitle: '没有分类' }, token.teacher),
      400,
      '请选择视频分类',
    );
    expectRefusal(
      await cms('video/save', { typeId: 1 }, token.teacher),
      400,
      '请输入视频标题，不超过200个字',
    );
    expectRefusal(
      await cms('video/save', { typeId: 1, videoTitle: '   ' }, token.teacher),
      400,
      '请输入视频标题',
    );
    expectRefusal(
      await cms('video/save', { typeId: 1, videoTitle: '范围', enableType: 3 }, token.teacher),
      400,
      '可见范围须为 1（公开）或 2（仅校内）',
    );
    const photo = await picture(teacher, '合影.jpg');
    expectRefusal(
      await cms(
        'video/save',
        { typeId: 1, videoTitle: '图片当视频', files: [{ fileId: photo }] },
        token.teacher,
      ),
      400,
      '只能添加视频文件：合影.jpg 不是视频',
    );
    const film = await clip(teacher, '片段.mp4');
    expectRefusal(
      await cms(
        'video/save',
        { typeId: 1, videoTitle: '视频当封面', coverFileId: film },
        token.teacher,
      ),
      400,
      '封面须为图片文件',
    );
    // One file listed twice under two names, as videos of the old site are, stays so.
    const twice = await save(
      {
        typeId: 1,
        videoTitle: '同一文件两个名称',
        files: [
          { fileId: film, fileName: '上集' },
          { fileId: film, fileName: '下集' },
        ],
      },
      token.teacher,
    );
    expect((await get(twice)).files.map((f) => f.fileName)).toEqual(['上集', '下集']);
    expectRefusal(
      await cms(
        'video/save',
        { typeId: 1, videoTitle: '没有的文件', files: [{ fileId: 987654 }] },
        token.teacher,
      ),
      400,
      '文件不存在，请重新上传',
    );
    expectRefusal(
      await postForm(
        t.app,
        '/api/cms/video/save',
        { typeId: 1, videoTitle: '列表不对', files: '[{"fileId":' },
        { token: token.teacher },
      ),
      400,
      '视频文件列表格式不正确',
    );
    expectRefusal(
      await cms(
        'video/save',
        { typeId: 1, videoTitle: '列表不对', files: [{ fileId: 'x' }] },
        token.teacher,
      ),
      400,
      '视频文件列表格式不正确',
    );
    // Someone else's upload: refused to a teacher, unless the video already has it.
    const othersClip = await clip(other, '李老师的视频.mp4');
    expectRefusal(
      await cms(
        'video/save',
        { typeId: 1, videoTitle: '借用视频', files: [{ fileId: othersClip }] },
        token.teacher,
      ),
      403,
      '只能使用自己上传的文件',
    );
    const videoId = await save({ typeId: 1, videoTitle: '管理员补充的视频' }, token.teacher);
    const adminClip = await clip(admin, '管理员上传.mp4');
    await save(
      { videoId, typeId: 1, videoTitle: '管理员补充的视频', files: [{ fileId: adminClip }] },
      token.admin,
    );
    const own = await clip(teacher, '自己的.mp4');
    await save(
      {
        videoId,
        typeId: 1,
        videoTitle: '管理员补充的视频',
        files: [{ fileId: own }, { fileId: adminClip }],
      },
      token.teacher,
    );
    expect((await get(videoId)).files.map((f) => f.fileId)).toEqual([own, adminClip]);
    // Nothing of the refused saves was written.
    const titles = (await t.db.selectFrom('video').select('title').execute()).map((v) => v.title);
    expect(titles).not.toContain('图片当视频');
    expect(titles).not.toContain('借用视频');
  });

  it('draft -> submitted -> approved is public at once (approval publishes); unshelved is gone', async () => {
    const film = await clip(teacher, '决赛.mp4');
    const videoId = await save(
      {
        typeId: 4,
        videoTitle: '青禾杯篮球赛决赛',
        videoContent: '<p>篮球决赛精彩回放</p>',
        files: [{ fileId: film }],
      },
      token.teacher,
    );
    expect(await ok('video/submit', { videoId }, token.teacher)).toMatchObject({
      videoId,
      reviewState: 'submitted',
      reviewStateName: '待审核',
    });
    expectRefusal(await cms('video/shelve', { videoId }, token.admin), 400, '审核通过后才能上架');
    expect(await publicIds(4)).not.toContain(videoId);
    // Approval publishes: no second click on 上架.
    expect(await ok('video/approve', { videoId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      ifShelves: 1,
      live: true,
    });
    const row = await t.db
      .selectFrom('video')
      .select(['checkStatus', 'ifShelves'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ checkStatus: 1, ifShelves: 1 });
    expectRefusal(await cms('video/shelve', { videoId }, token.admin), 400, '该视频已经上架');
    expect(await publicIds(4)).toContain(videoId);
    expect(await publicSearch('篮球决赛')).toEqual([videoId]);
    expect((await t.app.inject({ url: `/api/files/${film}` })).statusCode).toBe(200);
    const detail = expectOk<{ videoTitle: string; filePath: string }>(
      await postForm(t.app, '/api/video/getVideoDetails', { videoId }),
    );
    expect(detail).toMatchObject({
      videoTitle: '青禾杯篮球赛决赛',
      filePath: `/api/files/${film}`,
    });

    const older = await approvedVideo('另一场比赛', { typeId: 4 });
    expect((await publicList(4))[0]!.videoId).toBe(older);
    await ok('video/pin', { videoId, ifTop: 1 }, token.admin);
    expectRefusal(
      await cms('video/pin', { videoId, ifTop: 1 }, token.admin),
      400,
      '该视频已经置顶',
    );
    expect((await publicList(4))[0]).toMatchObject({ videoId, ifTop: 1 });
    await ok('video/pin', { videoId, ifTop: 0 }, token.admin);
    expect((await publicList(4))[0]!.videoId).toBe(older);
    expectRefusal(
      await cms('video/pin', { videoId, ifTop: 2 }, token.admin),
      400,
      'ifTop 须为 0 或 1',
    );

    expect(await ok('video/unshelve', { videoId }, token.admin)).toMatchObject({ ifShelves: 0 });
    expectRefusal(await cms('video/unshelve', { videoId }, token.admin), 400, '该视频当前未上架');
    expect(await publicIds(4)).not.toContain(videoId);
    expect(await publicSearch('篮球决赛')).toEqual([]);
    expectRefusal(
      await postForm(t.app, '/api/video/getVideoDetails', { videoId }),
      404,
      '内容不存在或已下架',
    );
    expect(await operTypes(videoId)).toEqual([
      '新增',
      '提交审核',
      '审核通过',
      '置顶',
      '取消置顶',
      '下架',
    ]);
  });

  it('lets its author preview an unpublished video, marked as such', async () => {
    const videoId = await save({ videoTitle: '预览中的视频', typeId: 1 }, token.teacher);
    const detail = (who?: string) =>
      postForm(t.app, '/api/video/getVideoDetails', { videoId }, { token: who });
    expect(expectOk<{ published: boolean }>(await detail(token.teacher)).published).toBe(false);
    expect((await detail()).statusCode).toBe(404);
    await ok('video/submit', { videoId }, token.teacher);
    await ok('video/approve', { videoId }, token.admin);
    expect(expectOk<{ published: boolean }>(await detail()).published).toBe(true);
  });

  it('a teacher’s edit of a live video takes it off the portal; an administrator’s keeps it', async () => {
    const videoId = await approvedVideo('已上架后再修改的视频');
    expect(await publicIds()).toContain(videoId);
    await save({ videoId, typeId: 1, videoTitle: '已上架后再修改的视频（改）' }, token.teacher);
    expect(await get(videoId)).toMatchObject({ reviewState: 'draft', ifShelves: 0, live: false });
    expect(await publicIds()).not.toContain(videoId);
    expect(await publicSearch('再修改的视频')).toEqual([]);

    const created = await save({ typeId: 5, videoTitle: '管理员新建的艺术展演' }, token.admin);
    expect(await get(created)).toMatchObject({ reviewState: 'approved', ifShelves: 0 });
    expect(await publicIds()).not.toContain(created);
    await ok('video/shelve', { videoId: created }, token.admin);
    await save({ videoId: created, typeId: 5, videoTitle: '管理员修改的艺术展演' }, token.admin);
    expect(await get(created)).toMatchObject({ reviewState: 'approved', ifShelves: 1, live: true });
    expect((await publicList(5)).find((v) => v.videoId === created)!.videoTitle).toBe(
      '管理员修改的艺术展演',
    );
    expect(await publicSearch('管理员修改的艺术展演')).toEqual([created]);
  });

  it('keeps staff-only videos and their files from the public', async () => {
    const film = await clip(admin, '校内.mp4');
    const videoId = await save(
      { typeId: 6, videoTitle: '仅校内的科技节', enableType: 2, files: [{ fileId: film }] },
      token.admin,
    );
    await ok('video/shelve', { videoId }, token.admin);
    expect(await publicIds(6)).not.toContain(videoId);
    expect((await t.app.inject({ url: `/api/files/${film}` })).statusCode).toBe(401);
    const staffList = expectOk<Page<{ videoId: number }>>(
      await postForm(
        t.app,
        '/api/video/getVideoList',
        { typeId: 6, enableType: 2 },
        { token: token.teacher },
      ),
    );
    expect(staffList.list.map((v) => v.videoId)).toContain(videoId);
  });

  it('sends a video back with a reason; the author fixes and submits it again', async () => {
    const videoId = await save({ typeId: 7, videoTitle: '名师讲堂：古诗词' }, token.teacher);
    await ok('video/submit', { videoId }, token.teacher);
    expectRefusal(await cms('video/reject', { videoId }, token.admin), 400, '请填写退回原因');
    expectRefusal(
      await cms('video/reject', { videoId, reason: '   ' }, token.admin),
      400,
      '请填写退回原因',
    );
    expectRefusal(
      await cms('video/reject', { videoId, reason: '长'.repeat(501) }, token.admin),
      400,
      '退回原因不能超过500个字',
    );
    expect(
      await ok('video/reject', { videoId, reason: '请补充视频封面' }, token.admin),
    ).toMatchObject({
      reviewState: 'rejected',
      reviewStateName: '已退回',
      reviewNote: '请补充视频封面',
    });
    const rejected = await ok<Page<Row>>('video/list', { reviewState: 'rejected' }, token.teacher);
    expect(rejected.list).toMatchObject([{ videoId, reviewNote: '请补充视频封面' }]);
    expectRefusal(await cms('video/shelve', { videoId }, token.admin), 400, '审核通过后才能上架');

    await save({ videoId, typeId: 7, videoTitle: '名师讲堂：古诗词（附封面）' }, token.teacher);
    expect((await get(videoId, token.teacher)).reviewState).toBe('draft');
    await ok('video/submit', { videoId }, token.teacher);
    expectRefusal(
      await cms('video/submit', { videoId }, token.teacher),
      400,
      '当前状态为待审核，不能提交审核',
    );
    expect(await ok('video/approve', { videoId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      reviewNote: null,
    });
    expectRefusal(
      await cms('video/approve', { videoId }, token.admin),
      400,
      '当前状态为审核通过，不能审核',
    );
    expect(await operTypes(videoId)).toEqual([
      '新增',
      '提交审核',
      '退回',
      '修改',
      '提交审核',
      '审核通过',
    ]);
  });

  it('lets one of two concurrent approvals win', async () => {
    const videoId = await save({ typeId: 8, videoTitle: '主题班会：同时审核' }, token.teacher);
    await ok('video/submit', { videoId }, token.teacher);
    // Two administrators at once, both having read the video as submitted.
    const reviewer = { ...admin, sessionId: 0, schoolId: 1, whetherpass: 1, email: null };
    const racing = () =>
      new CmsVideoService(
        meetBeforeWriting(t.db, 2),
        t.services.search,
        t.clock.now,
        t.services.files,
      );
    const twice = racing();
    const results = await Promise.allSettled([
      twice.approve(videoId, reviewer, '10.0.0.1'),
      twice.approve(videoId, reviewer, '10.0.0.2'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refusal = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ statusCode: 409, message: CONCURRENT });
    expect((await operTypes(videoId)).filter((op) => op === '审核通过')).toHaveLength(1);

    // Through the API: one approval, the other refused; never two.
    const second = await save({ typeId: 8, videoTitle: '主题班会：再次同时审核' }, token.teacher);
    await ok('video/submit', { videoId: second }, token.teacher);
    const answers = await Promise.all([
      cms('video/approve', { videoId: second }, token.admin),
      cms('video/approve', { videoId: second }, token.admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect([400, 409]).toContain(refused.statusCode);
    expect((await operTypes(second)).filter((op) => op === '审核通过')).toHaveLength(1);

    // A save racing the approval (which publishes): one of them is refused, so a teacher's
    // edit never reaches the shelf unreviewed.
    const third = await save({ typeId: 8, videoTitle: '主题班会：审核时修改' }, token.teacher);
    await ok('video/submit', { videoId: third }, token.teacher);
    const both = racing();
    const shelving = Promise.allSettled([
      both.approve(third, reviewer, null),
      both.save(
        { videoId: third, typeId: 8, title: '主题班会：改标题' },
        { ...teacher, sessionId: 0, schoolId: 1, whetherpass: 1, email: null },
        null,
      ),
    ]);
    expect((await shelving).map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const row = await get(third);
    expect([
      ['draft', 0],
      ['approved', 1],
    ]).toContainEqual([row.reviewState, row.ifShelves]);
  });

  it('deletes softly: gone from every list and the search at once', async () => {
    const videoId = await approvedVideo('将被删除的社团视频', {
      typeId: 9,
      videoContent: '<p>社团纳新宣传片</p>',
    });
    expect(await publicIds(9)).toContain(videoId);
    expect(await publicSearch('纳新宣传片')).toEqual([videoId]);

    expectOk(await cms('video/delete', { videoId }, token.teacher));
    expect(await publicIds(9)).not.toContain(videoId);
    expect(await publicSearch('纳新宣传片')).toEqual([]);
    const mine = await ok<Page<Row>>('video/list', {}, token.teacher);
    expect(mine.list.map((v) => v.videoId)).not.toContain(videoId);
    expectRefusal(await cms('video/get', { videoId }, token.admin), 404, '视频不存在或已删除');
    expectRefusal(await cms('video/delete', { videoId }, token.admin), 404, '视频不存在或已删除');
    expect(
      await t.db.selectFrom('video').select('deleted').where('id', '=', videoId).executeTakeFirst(),
    ).toEqual({ deleted: 1 });
    expect((await operTypes(videoId)).at(-1)).toBe('删除');
    expectRefusal(await cms('video/delete', {}, token.admin), 400, '请选择视频');
  });

  it('keeps a revision at every save, compares them and restores an old one', async () => {
    const film = await clip(teacher, '原版.mp4');
    const videoId = await approvedVideo('毕业典礼', {
      typeId: 10,
      videoContent: '<p>原来的简介</p>',
      files: [{ fileId: film }],
    });
    await save(
      {
        videoId,
        typeId: 10,
        videoTitle: '2026届毕业典礼',
        videoContent: '<p>新简介</p>',
        files: [],
      },
      token.admin,
    );
    expect((await publicList(10)).find((v) => v.videoId === videoId)!.videoTitle).toBe(
      '2026届毕业典礼',
    );

    const revisions = await ok<
      Array<{ revisionId: number; staffName: string; createDate: string }>
    >('video/revisions', { videoId }, token.teacher);
    expect(revisions.map((r) => r.staffName)).toEqual(['管理员甲', '王老师']);
    expect(revisions[0]!.createDate).toBe('2026-03-02 16:00:00');
    const first = await ok<Editable & { revisionId: number }>(
      'video/revision',
      { revisionId: revisions[1]!.revisionId },
      token.teacher,
    );
    expect(first).toMatchObject({
      videoId,
      videoTitle: '毕业典礼',
      videoContent: '<p>原来的简介</p>',
      files: [{ fileId: film, fileName: '原版.mp4' }],
    });
    expectRefusal(
      await cms('video/revision', { revisionId: revisions[1]!.revisionId }, token.other),
      403,
      NOT_MANAGER,
    );
    expectRefusal(
      await cms('video/revision', { revisionId: 999999 }, token.admin),
      404,
      '该版本不存在',
    );

    const elsewhere = await save({ typeId: 10, videoTitle: '别的视频' }, token.admin);
    expectRefusal(
      await cms(
        'video/restore',
        { videoId: elsewhere, revisionId: revisions[1]!.revisionId },
        token.admin,
      ),
      404,
      '该版本不存在',
    );
    await ok('video/restore', { videoId, revisionId: revisions[1]!.revisionId }, token.admin);
    expect(await get(videoId)).toMatchObject({
      videoTitle: '毕业典礼',
      videoContent: '<p>原来的简介</p>',
      files: [{ fileId: film }],
      reviewState: 'approved',
      live: true,
    });
    expect(await publicSearch('原来的简介')).toEqual([videoId]);
    expect(await ok<unknown[]>('video/revisions', { videoId }, token.admin)).toHaveLength(3);
    expect((await operTypes(videoId)).slice(-2)).toEqual(['修改', '恢复版本']);

    // A teacher's restore is a change like any other: back to draft, off the shelf.
    await ok('video/restore', { videoId, revisionId: revisions[0]!.revisionId }, token.teacher);
    expect(await get(videoId)).toMatchObject({
      videoTitle: '2026届毕业典礼',
      reviewState: 'draft',
      ifShelves: 0,
    });
    expect(await publicIds(10)).not.toContain(videoId);
  });

  it('a video made before the platform keeps its first version when edited', async () => {
    const videoId = await createVideo(t.services, {
      typeId: 1,
      title: '旧站迁移的视频',
      content: '<p>旧简介</p>',
    });
    // Made before the platform kept versions (the old site's, migrated): none yet.
    await t.db
      .deleteFrom('contentRevision')
      .where('infoTable', '=', 'TF_VIDEO')
      .where('objId', '=', videoId)
      .execute();
    await save({ videoId, typeId: 1, videoTitle: '旧站迁移的视频（新）' }, token.admin);
    const revisions = await ok<Array<{ revisionId: number }>>(
      'video/revisions',
      { videoId },
      token.admin,
    );
    expect(revisions).toHaveLength(2);
    await ok('video/restore', { videoId, revisionId: revisions[1]!.revisionId }, token.admin);
    expect((await get(videoId)).videoTitle).toBe('旧站迁移的视频');
    expect((await publicList(1)).find((v) => v.videoId === videoId)!.videoTitle).toBe(
      '旧站迁移的视频',
    );
  });

  describe('api/cms/videoType', () => {
    type VideoType = { typeId: number; typeName: string; sort: number; videoCount: number };
    const types = () => ok<VideoType[]>('videoType/list', {}, token.admin);

    it('is for administrators only', async () => {
      expectRefusal(await cms('videoType/list', {}, token.teacher), 403, ADMIN_ONLY);
      expectRefusal(
        await cms('videoType/save', { typeName: '新分类' }, token.teacher),
        403,
        ADMIN_ONLY,
      );
      expectRefusal(await cms('videoType/delete', { typeId: 10 }, token.teacher), 403, ADMIN_ONLY);
    });

    it('adds a category with the next id, renames it and deletes it when unused', async () => {
      const before = await types();
      expect(before.slice(0, 2).map((ty) => ty.typeName)).toEqual(['校园活动', '教学风采']);
      expect(before.find((ty) => ty.typeId === 2)!.videoCount).toBeGreaterThan(0);
      const maxId = Math.max(...before.map((ty) => ty.typeId));
      const { typeId } = await ok<{ typeId: number }>(
        'videoType/save',
        { typeName: ' 研学旅行 ' },
        token.admin,
      );
      expect(typeId).toBe(maxId + 1);
      const added = (await types()).at(-1)!;
      expect(added).toMatchObject({ typeId, typeName: '研学旅行', videoCount: 0 });
      const publicTypes = expectOk<Array<{ typeId: number; typeName: string }>>(
        await postForm(t.app, '/api/video/getVideoTypeList', { parentId: 0 }),
      );
      expect(publicTypes.at(-1)).toEqual({ typeId, typeName: '研学旅行', parentId: 0 });

      await ok('videoType/save', { typeId, typeName: '研学实践', sort: 0 }, token.admin);
      expect((await types()).find((ty) => ty.typeId === typeId)).toMatchObject({
        typeName: '研学实践',
        sort: 0,
      });
      expectRefusal(
        await cms('videoType/save', { typeName: '校园活动' }, token.admin),
        400,
        '已有同名的视频分类',
      );
      expectRefusal(
        await cms('videoType/save', { typeName: '子分类', parentId: 3 }, token.admin),
        400,
        '视频分类只有一级，parentId 须为 0',
      );
      expectRefusal(
        await cms('videoType/save', { typeName: '' }, token.admin),
        400,
        '请输入分类名称，不超过20个字',
      );
      expectRefusal(
        await cms('videoType/save', { typeId: 999, typeName: '不存在' }, token.admin),
        404,
        '视频分类不存在',
      );

      // A category only deleted videos used can go; they move out of the way.
      const videoId = await save({ typeId, videoTitle: '研学视频' }, token.admin);
      expectRefusal(
        await cms('videoType/delete', { typeId }, token.admin),
        400,
        '该分类下还有1个视频，请先将它们移到其他分类或删除后再删除分类',
      );
      await ok('video/delete', { videoId }, token.admin);
      expectOk(await cms('videoType/delete', { typeId }, token.admin));
      expect((await types()).map((ty) => ty.typeId)).not.toContain(typeId);
      expectRefusal(await cms('videoType/delete', { typeId }, token.admin), 404, '视频分类不存在');
      const log = await t.db
        .selectFrom('operLog')
        .select('operType')
        .where('infoTable', '=', 'T_VIDEO_TYPE')
        .where('objId', '=', typeId)
        .orderBy('id')
        .execute();
      expect(log.map((l) => l.operType)).toEqual(['新增', '修改', '删除']);
    });
  });
});
