import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayTime } from '../../../time.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T = Record<string, unknown>> {
  total: number;
  list: T[];
}
interface State {
  newId: number;
  reviewState: string;
  reviewStateName: string;
  reviewNote: string | null;
  ifShelves: number;
  ifTop: number;
  live: boolean;
  scheduled: boolean;
}
interface Editable extends State {
  typeId: number;
  newsTitle: string;
  newsDesc: string;
  newsContent: string;
  shelvesDate: string;
  files: Array<{ role: string; fileId: number | null; fileName: string; caption: string | null }>;
}

describe('api/cms/news: authoring, review, shelving, revisions', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let other: TestStaff;
  let admin: TestStaff;
  const token = { teacher: '', other: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db, { name: '王老师' });
    other = await createStaff(t.db, { name: '李老师' });
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    token.admin = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  const cms = (path: string, body: Record<string, unknown>, who: string, remoteAddress?: string) =>
    postJson(t.app, `/api/cms/news/${path}`, body, { token: who, remoteAddress });
  const ok = async <T = State>(
    path: string,
    body: Record<string, unknown>,
    who: string,
    remoteAddress?: string,
  ) => expectOk<T>(await cms(path, body, who, remoteAddress));
  const save = async (body: Record<string, unknown>, who: string) =>
    (await ok<{ newId: number }>('save', body, who)).newId;
  const get = (newId: number, who = token.admin) => ok<Editable>('get', { newId }, who);
  /** A teacher's item in column 2, taken through review by the administrator. */
  const approvedItem = async (title: string) => {
    const newId = await save({ typeId: 2, newsTitle: title }, token.teacher);
    await ok('submit', { newId }, token.teacher);
    await ok('approve', { newId }, token.admin);
    return newId;
  };
  const publicList = async (typeId: number) =>
    expectOk<Page<{ newId: number; newsTitle: string; ifTop: number }>>(
      await postForm(t.app, '/api/news/getNewsList', { typeId, pageSize: 50 }),
    ).list;
  const publicDetail = (newId: number, who?: string) =>
    postForm(t.app, '/api/news/getNewsDetails', { newId }, { token: who });
  const publicSearch = async (keyword: string) =>
    expectOk<Page<{ newId: number }>>(
      await postForm(t.app, '/api/news/getNewsTitleList', { newsTitle: keyword }),
    ).list.map((hit) => hit.newId);
  const operTypes = async (newId: number) =>
    expectOk<Array<{ operType: string; staffName: string; ipaccess: string }>>(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId: newId, infoTable: 'T_NEWS' },
        { token: token.admin },
      ),
    )
      .map((row) => row.operType)
      .reverse();
  const teacherFile = async (owner: TestStaff, fileName = '活动照片.jpg') =>
    (
      await t.services.files.save(
        { fileName, mimeType: 'image/jpeg', createdBy: owner.id },
        Buffer.from(`picture of ${fileName} ${Math.random()}`),
      )
    ).id;

  it('refuses every call without a login', async () => {
    for (const path of [
      'list',
      'columns',
      'get',
      'save',
      'submit',
      'approve',
      'delete',
      'revisions',
      'restore',
    ]) {
      expectRefusal(await postJson(t.app, `/api/cms/news/${path}`, { newId: 1 }), 401, 'token错误');
    }
  });

  it('lets the author and administrators preview an unpublished item, marked as such', async () => {
    const newId = await save({ typeId: 2, newsTitle: '预览中的新闻' }, token.teacher);
    const asAuthor = expectOk<{ newsTitle: string; published: boolean }>(
      await publicDetail(newId, token.teacher),
    );
    expect(asAuthor).toMatchObject({ newsTitle: '预览中的新闻', published: false });
    expect((await publicDetail(newId)).statusCode).toBe(404);
    expect((await publicDetail(newId, token.other)).statusCode).toBe(404);
    await ok('submit', { newId }, token.teacher);
    await ok('approve', { newId }, token.admin);
    expect(expectOk<{ published: boolean }>(await publicDetail(newId)).published).toBe(true);
  });

  it('offers each user the columns they may post to', async () => {
    type Column = { typeId: number; typeName: string; parentId: number; mayPost: boolean };
    const mayPost = async (who: string) =>
      (await ok<Column[]>('columns', {}, who)).filter((c) => c.mayPost).map((c) => c.typeId);
    const teacherColumns = await mayPost(token.teacher);
    expect(teacherColumns).toContain(2);
    expect(teacherColumns).toContain(17);
    // Parent columns (no list shows their own items) and 党务公开 are for administrators.
    for (const closed of [1, 5, 10, 14, 18, 22]) expect(teacherColumns).not.toContain(closed);
    const adminColumns = await mayPost(token.admin);
    expect(adminColumns).toContain(22);
    expect(adminColumns).toContain(20);
    for (const parent of [1, 5, 10, 14, 18]) expect(adminColumns).not.toContain(parent);
    const all = await ok<Column[]>('columns', {}, token.teacher);
    expect(all.find((c) => c.typeId === 2)).toMatchObject({ typeName: '校园新闻', parentId: 1 });
  });

  it('deletes an item for its author or an administrator only, at once and logged', async () => {
    const newId = await approvedItem('待删除的新闻');
    expect((await publicList(2)).map((item) => item.newId)).toContain(newId);

    expectRefusal(
      await cms('delete', { newId }, token.other),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    expectRefusal(await cms('delete', { newId: 999999 }, token.teacher), 404, '内容不存在或已下架');
    expectOk(await cms('delete', { newId }, token.teacher));
    expect((await publicList(2)).map((item) => item.newId)).not.toContain(newId);
    expect((await publicDetail(newId)).statusCode).toBe(404);
    expect(await operTypes(newId)).toContain('删除');
    expectRefusal(await cms('delete', { newId }, token.admin), 404, '内容不存在或已下架');
  });

  it('a teacher creates a draft with files from a form, then edits it with JSON', async () => {
    const picture = await teacherFile(teacher);
    const response = await postForm(
      t.app,
      '/api/cms/news/save',
      {
        typeId: 2,
        newsTitle: '  春季运动会通知  ',
        newsDesc: '运动会安排',
        newsContent: '<p>第一稿</p>',
        schChange: '',
        newcontenttype: 2,
        files: JSON.stringify([{ role: 'image', fileId: picture, caption: '开幕式' }]),
      },
      { token: token.teacher, remoteAddress: '10.0.0.7' },
    );
    const { newId } = expectOk<{ newId: number }>(response);
    const created = await get(newId, token.teacher);
    expect(created).toMatchObject({
      newId,
      typeId: 2,
      newsTitle: '春季运动会通知',
      newsDesc: '运动会安排',
      newsContent: '<p>第一稿</p>',
      newcontenttype: 2,
      schChange: null,
      releaseUser: '王老师',
      shelvesDate: '2026-03-02 16:00:00',
      reviewState: 'draft',
      reviewStateName: '草稿',
      ifShelves: 0,
      live: false,
      files: [{ role: 'image', fileId: picture, fileName: '活动照片.jpg', caption: '开幕式' }],
    });
    // A draft is not public, but its author reads it.
    expectRefusal(await publicDetail(newId), 404, '内容不存在或已下架');
    expectOk(await publicDetail(newId, token.teacher));

    await save(
      { newId, typeId: 2, newsTitle: '春季运动会通知（修订）', newsContent: '<p>第二稿</p>' },
      token.teacher,
    );
    const edited = await get(newId, token.teacher);
    expect(edited).toMatchObject({
      newsTitle: '春季运动会通知（修订）',
      newsContent: '<p>第二稿</p>',
      // Fields left out keep their value.
      newsDesc: '运动会安排',
      files: [{ fileId: picture, caption: '开幕式' }],
    });
    // Files sent again replace the old ones; an empty list clears them.
    await save({ newId, typeId: 2, newsTitle: '春季运动会通知（修订）', files: [] }, token.teacher);
    expect((await get(newId, token.teacher)).files).toEqual([]);

    const mine = await ok<Page<{ newId: number; reviewState: string }>>(
      'list',
      { reviewState: 'draft' },
      token.teacher,
    );
    expect(mine.list.map((i) => i.newId)).toContain(newId);
    const formList = expectOk<Page<{ newId: number }>>(
      await postForm(t.app, '/api/cms/news/list', {}, { token: token.teacher }),
    );
    expect(formList.list[0]!.newId).toBe(newId);
    expect(await operTypes(newId)).toEqual(['新增', '修改', '修改']);
    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'ip'])
      .where('objId', '=', newId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ staffId: teacher.id, ip: '10.0.0.7' });
  });

  it('keeps columns closed to teachers, other people’s items and files, and review to isPower 1', async () => {
    expectRefusal(
      await cms('save', { typeId: 22, newsTitle: '党务公开稿' }, token.teacher),
      403,
      '该栏目只有管理员可以发布',
    );
    expectRefusal(
      await cms('save', { typeId: 1, newsTitle: '新闻中心稿' }, token.teacher),
      403,
      '该栏目只有管理员可以发布',
    );
    expectRefusal(
      await cms('save', { typeId: 999, newsTitle: '不存在的栏目' }, token.teacher),
      400,
      '栏目不存在',
    );
    const party = await save({ typeId: 22, newsTitle: '党务公开：支部活动' }, token.admin);
    expect((await get(party)).reviewState).toBe('approved');

    const newId = await save({ typeId: 3, newsTitle: '王老师的教育动态' }, token.teacher);
    // Moving one's own item into a closed column is refused as well.
    expectRefusal(
      await cms('save', { newId, typeId: 22, newsTitle: '王老师的教育动态' }, token.teacher),
      403,
      '该栏目只有管理员可以发布',
    );
    expectRefusal(
      await cms('save', { newId, typeId: 3, newsTitle: '李老师改的' }, token.other),
      403,
      '只能修改自己发布的内容',
    );
    expectRefusal(
      await cms('get', { newId }, token.other),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    expectRefusal(
      await cms('revisions', { newId }, token.other),
      403,
      '只有管理员或发布者可以进行此操作',
    );
    expectRefusal(await cms('submit', { newId }, token.other), 403, '只能提交自己发布的内容');
    const othersList = await ok<Page<{ newId: number }>>('list', {}, token.other);
    expect(othersList.list.map((i) => i.newId)).not.toContain(newId);
    const adminList = await ok<Page<{ newId: number }>>('list', { typeId: 3 }, token.admin);
    expect(adminList.list.map((i) => i.newId)).toContain(newId);
    const adminOwn = await ok<Page<{ newId: number }>>('list', { mine: true }, token.admin);
    expect(adminOwn.list.map((i) => i.newId)).toEqual([party]);

    await ok('submit', { newId }, token.teacher);
    expectRefusal(await cms('approve', { newId }, token.teacher), 403, '只有管理员可以审核');
    expectRefusal(
      await cms('reject', { newId, reason: '不行' }, token.teacher),
      403,
      '只有管理员可以审核',
    );
    expectRefusal(await cms('pin', { newId, ifTop: 1 }, token.teacher), 403, '只有管理员可以置顶');

    // Someone else's upload cannot be attached by a teacher.
    const othersPicture = await teacherFile(other);
    expectRefusal(
      await cms(
        'save',
        { typeId: 3, newsTitle: '借用图片', files: [{ role: 'image', fileId: othersPicture }] },
        token.teacher,
      ),
      403,
      '只能使用自己上传的文件',
    );
    expectRefusal(
      await cms(
        'save',
        { typeId: 3, newsTitle: '没有的文件', files: [{ role: 'attachment', fileId: 987654 }] },
        token.teacher,
      ),
      400,
      '文件不存在，请重新上传',
    );
  });

  it('draft -> submitted -> approved is public at once (approval publishes); unshelved is gone', async () => {
    const newId = await save(
      { typeId: 2, newsTitle: '青禾杯辩论赛决赛落幕', newsContent: '<p>辩论赛正文</p>' },
      token.teacher,
    );
    expect(await ok('submit', { newId }, token.teacher, '10.0.0.8')).toMatchObject({
      reviewState: 'submitted',
      reviewStateName: '待审核',
    });
    expect((await publicList(2)).map((i) => i.newId)).not.toContain(newId);
    expect(await ok('approve', { newId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      ifShelves: 1,
      live: true,
    });
    // No second click: the approved item is on the portal, and 上架 has nothing to do.
    expect((await publicList(2)).map((i) => i.newId)).toContain(newId);
    expectRefusal(await cms('shelve', { newId }, token.teacher), 400, '该内容已经上架');
    expect(expectOk<{ newsTitle: string }>(await publicDetail(newId)).newsTitle).toBe(
      '青禾杯辩论赛决赛落幕',
    );
    expect(await publicSearch('辩论赛')).toEqual([newId]);

    await ok('pin', { newId, ifTop: 1 }, token.admin);
    expect((await publicList(2))[0]).toMatchObject({ newId, ifTop: 1 });
    // The one workflow of news and videos: a step that changes nothing is refused.
    expectRefusal(await cms('pin', { newId, ifTop: 1 }, token.admin), 400, '该内容已经置顶');
    await ok('pin', { newId, ifTop: 0 }, token.admin);
    expectRefusal(await cms('pin', { newId, ifTop: 0 }, token.admin), 400, '该内容当前未置顶');

    expect(await ok('unshelve', { newId }, token.admin)).toMatchObject({ ifShelves: 0 });
    expect((await publicList(2)).map((i) => i.newId)).not.toContain(newId);
    expectRefusal(await publicDetail(newId), 404, '内容不存在或已下架');
    expect(await publicSearch('辩论赛')).toEqual([]);

    expect(await operTypes(newId)).toEqual([
      '新增',
      '提交审核',
      '审核通过',
      '置顶',
      '取消置顶',
      '下架',
    ]);
    const rows = expectOk<Array<{ operType: string; staffName: string; ipaccess: string }>>(
      await postForm(
        t.app,
        '/api/infoOperLog/infoOperLogList',
        { objId: newId, infoTable: 'T_NEWS' },
        { token: token.admin },
      ),
    );
    expect(rows.find((r) => r.operType === '提交审核')).toMatchObject({
      staffName: '王老师',
      ipaccess: '10.0.0.8',
    });
    expect(rows.find((r) => r.operType === '审核通过')!.staffName).toBe('管理员甲');
  });

  it('a teacher’s edit of a live item takes it off the portal until it is approved again', async () => {
    const newId = await approvedItem('已发布后再修改的新闻');
    expect((await publicList(2)).map((i) => i.newId)).toContain(newId);
    await save({ newId, typeId: 2, newsTitle: '已发布后再修改的新闻（改）' }, token.teacher);
    expect(await get(newId)).toMatchObject({ reviewState: 'draft', ifShelves: 0, live: false });
    expect((await publicList(2)).map((i) => i.newId)).not.toContain(newId);
    // An administrator's edit keeps the item where it is.
    const live = await approvedItem('管理员修改的新闻');
    await save({ newId: live, typeId: 2, newsTitle: '管理员修改的新闻（改）' }, token.admin);
    expect(await get(live)).toMatchObject({ reviewState: 'approved', ifShelves: 1, live: true });
    expect((await publicList(2)).find((i) => i.newId === live)!.newsTitle).toBe(
      '管理员修改的新闻（改）',
    );
  });

  it('sends an item back with a reason; the author fixes and submits it again', async () => {
    const newId = await save({ typeId: 7, newsTitle: '教师风采：李老师' }, token.teacher);
    await ok('submit', { newId }, token.teacher);
    expectRefusal(await cms('reject', { newId }, token.admin), 400, '请填写退回原因');
    expectRefusal(
      await cms('reject', { newId, reason: '   ' }, token.admin),
      400,
      '请填写退回原因',
    );
    expectRefusal(
      await cms('reject', { newId, reason: '长'.repeat(501) }, token.admin),
      400,
      '退回原因不能超过500个字',
    );
    expect(await ok('reject', { newId, reason: '请补充活动照片' }, token.admin)).toMatchObject({
      reviewState: 'rejected',
      reviewStateName: '已退回',
      reviewNote: '请补充活动照片',
    });
    expect(await get(newId, token.teacher)).toMatchObject({
      reviewState: 'rejected',
      reviewNote: '请补充活动照片',
    });
    const rejected = await ok<Page<{ newId: number }>>(
      'list',
      { reviewState: 'rejected' },
      token.teacher,
    );
    expect(rejected.list.map((i) => i.newId)).toEqual([newId]);

    // Resubmitting as it is is allowed; so is fixing it first, which makes it a draft again.
    await save({ newId, typeId: 7, newsTitle: '教师风采：李老师（附照片）' }, token.teacher);
    expect((await get(newId, token.teacher)).reviewState).toBe('draft');
    await ok('submit', { newId }, token.teacher);
    expect(await ok('approve', { newId }, token.admin)).toMatchObject({
      reviewState: 'approved',
      reviewNote: null,
    });
    expect(await operTypes(newId)).toEqual([
      '新增',
      '提交审核',
      '退回',
      '修改',
      '提交审核',
      '审核通过',
    ]);
  });

  it('answers a wrong step with 400 and the current state', async () => {
    const newId = await save({ typeId: 8, newsTitle: '学生频道：社会实践' }, token.teacher);
    expectRefusal(await cms('approve', { newId }, token.admin), 400, '当前状态为草稿，不能审核');
    expectRefusal(
      await cms('reject', { newId, reason: '不合适' }, token.admin),
      400,
      '当前状态为草稿，不能退回',
    );
    expectRefusal(await cms('shelve', { newId }, token.teacher), 400, '审核通过后才能上架');
    expectRefusal(await cms('unshelve', { newId }, token.teacher), 400, '该内容当前未上架');
    await ok('submit', { newId }, token.teacher);
    expectRefusal(
      await cms('submit', { newId }, token.teacher),
      400,
      '当前状态为待审核，不能提交审核',
    );
    expectRefusal(await cms('shelve', { newId }, token.admin), 400, '审核通过后才能上架');
    await ok('approve', { newId }, token.admin);
    expectRefusal(
      await cms('approve', { newId }, token.admin),
      400,
      '当前状态为审核通过，不能审核',
    );
    expectRefusal(
      await cms('submit', { newId }, token.teacher),
      400,
      '当前状态为审核通过，不能提交审核',
    );
    // Approval published it: 上架 has nothing left to do.
    expectRefusal(await cms('shelve', { newId }, token.teacher), 400, '该内容已经上架');

    // Bad input and missing items.
    expectRefusal(await cms('pin', { newId, ifTop: 2 }, token.admin), 400, 'ifTop 须为 0 或 1');
    expectRefusal(await cms('submit', {}, token.teacher), 400, '请选择新闻');
    expectRefusal(await cms('submit', { newId: 999999 }, token.teacher), 404, '内容不存在或已下架');
    expectRefusal(
      await cms('save', { typeId: 2 }, token.teacher),
      400,
      '请输入标题，不超过200个字',
    );
    expectRefusal(
      await cms('save', { typeId: 2, newsTitle: '   ' }, token.teacher),
      400,
      '请输入标题',
    );
    expectRefusal(
      await cms(
        'save',
        { typeId: 2, newsTitle: '时间不对', shelvesDate: '2026-02-30' },
        token.teacher,
      ),
      400,
      '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
    );
    expectRefusal(
      await postForm(
        t.app,
        '/api/cms/news/save',
        { typeId: 2, newsTitle: '附件不对', files: '[{"role":' },
        { token: token.teacher },
      ),
      400,
      '附件列表格式不正确',
    );
    expectRefusal(
      await cms(
        'save',
        { typeId: 2, newsTitle: '附件不对', files: [{ role: 'poster', fileId: 1 }] },
        token.teacher,
      ),
      400,
      '附件列表格式不正确',
    );
    expectRefusal(
      await cms('list', { reviewState: 'published' }, token.teacher),
      400,
      'reviewState 须为 draft、submitted、approved 或 rejected',
    );
  });

  it('publishes a future shelves date by itself when the clock passes it', async () => {
    const picture = await teacherFile(admin, '定时发布.jpg');
    // The test clock stands at 2026-03-02 16:00 Beijing time.
    const newId = await save(
      {
        typeId: 3,
        newsTitle: '定时发布的校园开放日通知',
        shelvesDate: '2026-03-02 16:30:00',
        files: [{ role: 'image', fileId: picture }],
      },
      token.admin,
    );
    expect(await ok('shelve', { newId }, token.admin)).toMatchObject({
      live: false,
      scheduled: true,
    });
    expect((await publicList(3)).map((i) => i.newId)).not.toContain(newId);
    expectRefusal(await publicDetail(newId), 404, '内容不存在或已下架');
    expect(await publicSearch('开放日')).toEqual([]);
    expect((await t.app.inject({ url: `/api/files/${picture}` })).statusCode).toBe(401);
    // Its author and isPower 1 still read it.
    expectOk(await publicDetail(newId, token.admin));

    t.clock.advanceMinutes(29);
    expect((await publicList(3)).map((i) => i.newId)).not.toContain(newId);
    t.clock.advanceMinutes(1);
    expect((await publicList(3)).map((i) => i.newId)).toContain(newId);
    expect(expectOk<{ shelvesDate: string }>(await publicDetail(newId)).shelvesDate).toBe(
      '2026-03-02 16:30:00',
    );
    expect(await publicSearch('开放日')).toEqual([newId]);
    expect((await t.app.inject({ url: `/api/files/${picture}` })).statusCode).toBe(200);
    const listed = await ok<Page<{ newId: number; live: boolean }>>(
      'list',
      { typeId: 3 },
      token.admin,
    );
    expect(listed.list.find((i) => i.newId === newId)).toMatchObject({ live: true });
  });

  it('keeps a revision at every save, compares them and restores an old one', async () => {
    const newId = await approvedItem('校史馆开馆');
    await save(
      { newId, typeId: 2, newsTitle: '校史馆正式开馆', newsContent: '<p>新的正文</p>' },
      token.admin,
    );
    expect((await publicList(2)).find((i) => i.newId === newId)!.newsTitle).toBe('校史馆正式开馆');

    const revisions = await ok<
      Array<{ revisionId: number; staffName: string; createDate: string; newsTitle: string }>
    >('revisions', { newId }, token.teacher);
    expect(revisions.map((r) => [r.newsTitle, r.staffName])).toEqual([
      ['校史馆正式开馆', '管理员甲'],
      ['校史馆开馆', '王老师'],
    ]);
    expect(revisions[0]!.createDate).toBe(displayTime(t.clock.now().toISOString()));
    const first = await ok<Editable & { revisionId: number }>(
      'revision',
      { revisionId: revisions[1]!.revisionId },
      token.teacher,
    );
    expect(first).toMatchObject({ newsTitle: '校史馆开馆', newsContent: '', typeId: 2 });
    expectRefusal(
      await cms('revision', { revisionId: revisions[1]!.revisionId }, token.other),
      403,
      '只有管理员或发布者可以进行此操作',
    );

    const elsewhere = await save({ typeId: 2, newsTitle: '别的新闻' }, token.admin);
    expectRefusal(
      await cms('restore', { newId: elsewhere, revisionId: revisions[1]!.revisionId }, token.admin),
      404,
      '该版本不存在',
    );
    await ok('restore', { newId, revisionId: revisions[1]!.revisionId }, token.admin);
    expect(await get(newId)).toMatchObject({
      newsTitle: '校史馆开馆',
      newsContent: '',
      reviewState: 'approved',
      live: true,
    });
    expect(expectOk<{ newsTitle: string }>(await publicDetail(newId)).newsTitle).toBe('校史馆开馆');
    expect(await publicSearch('校史馆开馆')).toEqual([newId]);
    expect(await ok<unknown[]>('revisions', { newId }, token.admin)).toHaveLength(3);
    expect((await operTypes(newId)).slice(-2)).toEqual(['修改', '恢复版本']);
  });

  it('an item made before the platform keeps its first version when edited', async () => {
    const newId = await createNews(
      t.services,
      { typeId: 16, title: '校务公开：原始版本' },
      teacher,
    );
    // Made before the platform kept versions (the old site's, migrated): none yet.
    await t.db
      .deleteFrom('contentRevision')
      .where('infoTable', '=', 'T_NEWS')
      .where('objId', '=', newId)
      .execute();
    await save({ newId, typeId: 16, newsTitle: '校务公开：修改版本' }, token.admin);
    const revisions = await ok<Array<{ revisionId: number; newsTitle: string }>>(
      'revisions',
      { newId },
      token.admin,
    );
    expect(revisions.map((r) => r.newsTitle)).toEqual(['校务公开：修改版本', '校务公开：原始版本']);
    await ok('restore', { newId, revisionId: revisions[1]!.revisionId }, token.admin);
    expect(expectOk<{ newsTitle: string }>(await publicDetail(newId)).newsTitle).toBe(
      '校务公开：原始版本',
    );
  });

  it('stores hostile HTML harmless and refuses script links', async () => {
    const newId = await save(
      {
        typeId: 2,
        newsTitle: '富文本清理',
        newsContent:
          '<p>正文<script>alert(1)</script><img src="x.png" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">点我</a><a href="https://example.org/">链接</a></p>',
      },
      token.admin,
    );
    const stored = (await get(newId)).newsContent;
    expect(stored).not.toMatch(/<script|onerror|javascript:/i);
    expect(stored).toContain('<a href="https://example.org/">链接</a>');
    expect(stored).toContain('<img src="x.png" />');
    await ok('shelve', { newId }, token.admin);
    const shown = expectOk<{ newsContent: string }>(await publicDetail(newId)).newsContent;
    expect(shown).toBe(stored);
    expectRefusal(
      await cms(
        'save',
        { typeId: 2, newsTitle: '外链', newsUrl: 'javascript:alert(1)' },
        token.admin,
      ),
      400,
      '链接地址须以 http:// 或 https:// 开头',
    );
  });

  it('lists from indexes: a column and state counted from one, the newest changes read in order', async () => {
    if (t.dialect === 'sqlite') {
      const plan = async (query: string) =>
        (
          await sql<{ detail: string }>`${sql.raw(`EXPLAIN QUERY PLAN ${query}`)}`.execute(t.db)
        ).rows
          .map((r) => r.detail)
          .join(' | ');
      expect(
        await plan(
          "SELECT count(*) FROM news WHERE deleted = 0 AND type_id = 2 AND review_state = 'approved'",
        ),
      ).toMatch(/COVERING INDEX news_cms_type_state_idx/);
      const recent = await plan(
        'SELECT id FROM news WHERE deleted = 0 ORDER BY updated_at DESC, id DESC LIMIT 10',
      );
      expect(recent).toMatch(/news_cms_recent_idx/);
      expect(recent).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    } else {
      const plan = await t.db.connection().execute(async (conn) => {
        await sql`SET enable_seqscan = off`.execute(conn);
        const rows = await sql<{
          'QUERY PLAN': string;
        }>`EXPLAIN SELECT count(*) FROM news WHERE deleted = 0 AND type_id = 2 AND review_state = 'approved'`.execute(
          conn,
        );
        await sql`RESET enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/news_cms_type_state_idx/);
    }
  });
});
