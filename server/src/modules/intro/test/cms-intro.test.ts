import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createIntroPage,
  createPerson,
  createStaff,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T> {
  total: number;
  list: T[];
}
interface Revision {
  revisionId: number;
  staffName: string;
  createDate: string;
}
interface PublicPage {
  wwfzId: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle: string | null;
  wwfzDesc: string;
  wwfzCont: string;
  wwfzPic: string;
}
interface PublicPerson {
  fmsmId: number;
  fmsmTitle: string;
  fmsmDesc: string;
  fmsmCont: string;
  fmsmPic: string;
  post: string | null;
  plateType: string | null;
  brith: string | null;
}
interface EditablePage {
  wwfzId: number;
  wwfzType: number;
  wwfzTypeName: string;
  wwfzTitle: string;
  enWwfzTitle: string;
  wwfzDesc: string;
  wwfzCont: string;
  picFileId: number | null;
  wwfzPic: string;
  enableType: number;
  sort: number;
}
interface PersonRow {
  fmsmId: number;
  fmsmType: number;
  fmsmTitle: string;
  subjectId: number | null;
  enableType: number;
  publicPageNum: number | null;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';
const FIXED_PAGE =
  '该页面由前台按固定编号打开（历史沿革、校徽、校歌），不能删除或移到其他栏目；可修改内容或设为仅教职工可见';
const PATHS = ['list', 'get', 'save', 'delete', 'revisions', 'revision', 'restore'];
const HOSTILE =
  '<p onclick="steal()">校训：<strong>厚德</strong></p><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a>' +
  '<iframe src="https://evil.example.com"></iframe>';

let t: TestApp;
let admin: TestStaff;
const token = { admin: '', teacher: '', siteAdmin: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t.db, { name: '管理员乙', staffType: 5, isPower: 1 });
  token.admin = await login(t.app, admin);
  token.teacher = await login(t.app, await createStaff(t.db, { name: '李老师' }));
  token.siteAdmin = await login(
    t.app,
    await createStaff(t.db, { name: '系统管理员', staffType: 5, isPower: 0 }),
  );
});
afterAll(() => t?.close());

const call = (path: string, body: Record<string, unknown>, who = token.admin, ip?: string) =>
  postJson(t.app, `/api/cms/${path}`, body, { token: who, remoteAddress: ip });
const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who = token.admin) =>
  expectOk<T>(await call(path, body, who));
const publicPages = async (wwfzType: number, extra: Record<string, number> = {}) =>
  expectOk<Page<PublicPage>>(
    await postForm(t.app, '/api/wwfz/getWwfzDetails', {
      wwfzType,
      enableType: 1,
      pageSize: 50,
      ...extra,
    }),
  ).list;
const publicPeople = async (fmsmType: number, pageNum = 1) =>
  expectOk<Page<PublicPerson>>(
    await postForm(t.app, '/api/fmsm/getFmsmDetails', { fmsmType, enableType: 1, pageNum }),
  ).list;
const operTypes = async (infoTable: string, objId: number) =>
  (
    await t.db
      .selectFrom('operLog')
      .select('operType')
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .orderBy('id')
      .execute()
  ).map((row) => row.operType);
const expectClean = (html: string) => {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
};

describe('permissions', () => {
  it('refuses every call without a login, to teachers and to administrators without isPower', async () => {
    for (const area of ['wwfz', 'fmsm']) {
      for (const path of PATHS) {
        expectRefusal(
          await postJson(t.app, `/api/cms/${area}/${path}`, { wwfzId: 1, fmsmId: 1 }),
          401,
          'token错误',
        );
      }
    }
    const pageId = await createIntroPage(t.services, { wwfzType: 5, wwfzTitle: '既有荣誉' });
    const personId = await createPerson(t.services, { fmsmType: 3, fmsmTitle: '既有名师' });
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['wwfz/list', {}],
      ['wwfz/get', { wwfzId: pageId }],
      ['wwfz/save', { wwfzType: 5, wwfzTitle: '教师新建' }],
      ['wwfz/save', { wwfzId: pageId, wwfzType: 5, wwfzTitle: '教师改写' }],
      ['wwfz/delete', { wwfzId: pageId }],
      ['wwfz/revisions', { wwfzId: pageId }],
      ['wwfz/revision', { revisionId: 1 }],
      ['wwfz/restore', { wwfzId: pageId, revisionId: 1 }],
      ['fmsm/list', {}],
      ['fmsm/get', { fmsmId: personId }],
      ['fmsm/save', { fmsmType: 3, fmsmTitle: '教师新建' }],
      ['fmsm/delete', { fmsmId: personId }],
      ['fmsm/revisions', { fmsmId: personId }],
      ['fmsm/revision', { revisionId: 1 }],
      ['fmsm/restore', { fmsmId: personId, revisionId: 1 }],
    ];
    for (const [path, body] of attempts) {
      for (const who of [token.teacher, token.siteAdmin]) {
        expectRefusal(await call(path, body, who), 403, ADMIN_ONLY);
      }
    }
    expect((await publicPages(5)).map((p) => p.wwfzTitle)).toEqual(['既有荣誉']);
    // Only the factory's own save is logged: every refused call left nothing.
    expect(await operTypes('T_WWFZ', pageId)).toEqual(['新增']);
    await ok('wwfz/delete', { wwfzId: pageId });
    await ok('fmsm/delete', { fmsmId: personId });
  });
});

describe('api/cms/wwfz', () => {
  it('creates a page from a form with its body cleaned, shows it on meetfuyi at once, and logs it', async () => {
    const picture = await createFile(t.services, 'honour.jpg', 'image/jpeg', undefined, admin.id);
    const { wwfzId } = expectOk<{ wwfzId: number }>(
      await postForm(
        t.app,
        '/api/cms/wwfz/save',
        {
          wwfzId: '',
          wwfzType: 5,
          wwfzTitle: ' 全国文明校园 ',
          enWwfzTitle: 'National Civilised Campus',
          wwfzDesc: '2025年获评',
          wwfzCont: HOSTILE,
          picFileId: picture,
          enableType: '',
          sort: '',
        },
        { token: token.admin, remoteAddress: '10.4.4.4' },
      ),
    );
    const page = await ok<EditablePage>('wwfz/get', { wwfzId });
    expect(page).toMatchObject({
      wwfzId,
      wwfzType: 5,
      wwfzTypeName: '学校荣誉',
      wwfzTitle: '全国文明校园',
      enWwfzTitle: 'National Civilised Campus',
      wwfzDesc: '2025年获评',
      picFileId: picture,
      wwfzPic: `/api/files/${picture}`,
      enableType: 1,
      sort: 0,
      createDate: '2026-03-02 16:00:00',
    });
    expectClean(page.wwfzCont);
    expect(page.wwfzCont).toContain('<strong>厚德</strong>');
    const stored = await t.db
      .selectFrom('introPage')
      .select('content')
      .where('id', '=', wwfzId)
      .executeTakeFirstOrThrow();
    expectClean(stored.content);

    const shown = (await publicPages(5, { wwfzId }))[0]!;
    expect(shown).toMatchObject({
      wwfzId,
      wwfzTitle: '全国文明校园',
      enWwfzTitle: 'National Civilised Campus',
      wwfzPic: `/api/files/${picture}`,
    });
    expectClean(shown.wwfzCont);

    const list = await ok<Page<EditablePage>>('wwfz/list', { wwfzType: 5 });
    expect(list.list.map((p) => p.wwfzId)).toEqual([wwfzId]);
    expect(list.list[0]).not.toHaveProperty('wwfzCont');
    expect((await ok<Page<EditablePage>>('wwfz/list', { keyword: '文明' })).total).toBe(1);
    expect((await ok<Page<EditablePage>>('wwfz/list', { keyword: '_' })).total).toBe(0);

    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'operType', 'ip'])
      .where('infoTable', '=', 'T_WWFZ')
      .where('objId', '=', wwfzId)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ staffId: admin.id, operType: '新增', ip: '10.4.4.4' });
  });

  it('refuses a bad type, title, picture or audience, and missing pages and versions', async () => {
    const pdf = await createFile(t.services, 'a.pdf', 'application/pdf', undefined, admin.id);
    const base = { wwfzType: 8, wwfzTitle: '领导视察' };
    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      ['wwfz/save', { ...base, wwfzType: 4 }, 400, '请选择学校介绍栏目'],
      ['wwfz/save', { ...base, wwfzType: undefined }, 400, '请选择学校介绍栏目'],
      ['wwfz/save', { ...base, wwfzTitle: '' }, 400, '请输入标题，不超过200个字'],
      ['wwfz/save', { ...base, wwfzTitle: ' ' }, 400, '请输入标题'],
      ['wwfz/save', { ...base, enWwfzTitle: 'e'.repeat(201) }, 400, '英文标题不能超过200个字'],
      ['wwfz/save', { ...base, wwfzDesc: '摘'.repeat(1001) }, 400, '摘要不能超过1000个字'],
      ['wwfz/save', { ...base, picFileId: pdf }, 400, '图片须为图片文件'],
      ['wwfz/save', { ...base, picFileId: 999999 }, 400, '图片不存在，请重新上传'],
      [
        'wwfz/save',
        { ...base, enableType: 3 },
        400,
        'enableType 须为 1（所有人可见）或 2（仅教职工可见）',
      ],
      ['wwfz/save', { ...base, wwfzId: 999999 }, 404, '该页面不存在或已被删除'],
      ['wwfz/get', { wwfzId: 999999 }, 404, '该页面不存在或已被删除'],
      ['wwfz/get', {}, 400, '请选择页面'],
      ['wwfz/delete', { wwfzId: 999999 }, 404, '该页面不存在或已被删除'],
      ['wwfz/revisions', { wwfzId: 999999 }, 404, '该页面不存在或已被删除'],
      ['wwfz/revision', { revisionId: 999999 }, 404, '该版本不存在'],
      // The pages the original client opens by fixed id stay where it finds them.
      ['wwfz/delete', { wwfzId: 44 }, 409, FIXED_PAGE],
      ['wwfz/save', { ...base, wwfzId: 8, wwfzType: 2 }, 409, FIXED_PAGE],
      ['wwfz/list', { wwfzType: 12 }, 400, '请选择学校介绍栏目'],
    ];
    for (const [path, body, code, message] of refusals) {
      expectRefusal(await call(path, body), code, message);
    }
    expect(await publicPages(8)).toEqual([]);
  });

  it('keeps one page for the profile, aims and scholarships: a second is refused', async () => {
    const { wwfzId } = await ok<{ wwfzId: number }>('wwfz/save', {
      wwfzType: 1,
      wwfzTitle: '学校简介',
      wwfzCont: '<p>第一稿</p>',
    });
    const refusal = `“学校简介”只有一个页面，已经存在，请编辑已有的页面（编号 ${wwfzId}）`;
    expectRefusal(await call('wwfz/save', { wwfzType: 1, wwfzTitle: '另一个简介' }), 409, refusal);
    // Moving another page into the profile is refused the same way.
    const other = (
      await ok<{ wwfzId: number }>('wwfz/save', { wwfzType: 10, wwfzTitle: '国际交流' })
    ).wwfzId;
    expectRefusal(
      await call('wwfz/save', { wwfzId: other, wwfzType: 1, wwfzTitle: '国际交流' }),
      409,
      refusal,
    );
    // The page itself is edited as often as needed, and meetfuyi shows the change.
    await ok('wwfz/save', {
      wwfzId,
      wwfzType: 1,
      wwfzTitle: '学校简介',
      wwfzCont: '<p>第二稿</p>',
    });
    expect((await publicPages(1)).map((p) => [p.wwfzId, p.wwfzCont])).toEqual([
      [wwfzId, '<p>第二稿</p>'],
    ]);
    const aims = (await ok<{ wwfzId: number }>('wwfz/save', { wwfzType: 7, wwfzTitle: '办学宗旨' }))
      .wwfzId;
    expectRefusal(
      await call('wwfz/save', { wwfzType: 7, wwfzTitle: '宗旨二' }),
      409,
      `“办学宗旨”只有一个页面，已经存在，请编辑已有的页面（编号 ${aims}）`,
    );
    expect((await publicPages(7)).map((p) => p.wwfzId)).toEqual([aims]);
  });

  it('keeps versions: compare, restore (as a new version), the original of a seeded page', async () => {
    const seeded = await createIntroPage(t.services, {
      wwfzType: 2,
      wwfzTitle: '青溪书院',
      wwfzCont: '<p>原有沿革</p>',
      sort: 3,
    });
    // A page of the old site's, from before the platform kept versions: none yet.
    await t.db
      .deleteFrom('contentRevision')
      .where('infoTable', '=', 'T_WWFZ')
      .where('objId', '=', seeded)
      .execute();
    t.clock.advanceMinutes(10);
    await ok('wwfz/save', {
      wwfzId: seeded,
      wwfzType: 2,
      wwfzTitle: '青溪书院（1902）',
      wwfzCont: '<p>修订沿革</p><script>x()</script>',
    });
    t.clock.advanceMinutes(10);
    await ok('wwfz/save', { wwfzId: seeded, wwfzType: 2, wwfzTitle: '青溪书院（1902—1952）' });
    const versions = await ok<Revision[]>('wwfz/revisions', { wwfzId: seeded });
    expect(versions.map((v) => [v.staffName, v.createDate])).toEqual([
      ['管理员乙', '2026-03-02 16:20:00'],
      ['管理员乙', '2026-03-02 16:10:00'],
      ['（原有内容）', '2026-03-02 16:00:00'],
    ]);
    const original = await ok<EditablePage & Revision>('wwfz/revision', {
      revisionId: versions[2]!.revisionId,
    });
    expect(original).toMatchObject({
      wwfzId: seeded,
      wwfzTitle: '青溪书院',
      wwfzCont: '<p>原有沿革</p>',
      wwfzType: 2,
      sort: 3,
    });
    const middle = await ok<EditablePage>('wwfz/revision', { revisionId: versions[1]!.revisionId });
    expect(middle.wwfzCont).toBe('<p>修订沿革</p>');

    t.clock.advanceMinutes(10);
    expect(
      await ok('wwfz/restore', { wwfzId: seeded, revisionId: versions[2]!.revisionId }),
    ).toEqual({ wwfzId: seeded });
    expect((await publicPages(2, { wwfzId: seeded }))[0]).toMatchObject({
      wwfzTitle: '青溪书院',
      wwfzCont: '<p>原有沿革</p>',
    });
    expect(await ok<Revision[]>('wwfz/revisions', { wwfzId: seeded })).toHaveLength(4);

    // A version of another page, or of a person, is not this page's.
    const another = (await ok<{ wwfzId: number }>('wwfz/save', { wwfzType: 2, wwfzTitle: '更名' }))
      .wwfzId;
    expectRefusal(
      await call('wwfz/restore', { wwfzId: another, revisionId: versions[0]!.revisionId }),
      404,
      '该版本不存在',
    );
    const person = (await ok<{ fmsmId: number }>('fmsm/save', { fmsmType: 3, fmsmTitle: '某名师' }))
      .fmsmId;
    const personVersion = (await ok<Revision[]>('fmsm/revisions', { fmsmId: person }))[0]!;
    expectRefusal(
      await call('wwfz/revision', { revisionId: personVersion.revisionId }),
      404,
      '该版本不存在',
    );

    // Delete: gone from meetfuyi, its versions with it, logged.
    await ok('wwfz/delete', { wwfzId: seeded });
    expect((await publicPages(2)).map((p) => p.wwfzId)).not.toContain(seeded);
    expectRefusal(await call('wwfz/revisions', { wwfzId: seeded }), 404, '该页面不存在或已被删除');
    const left = await t.db
      .selectFrom('contentRevision')
      .select('id')
      .where('infoTable', '=', 'T_WWFZ')
      .where('objId', '=', seeded)
      .execute();
    expect(left).toEqual([]);
    expect(await operTypes('T_WWFZ', seeded)).toEqual(['新增', '修改', '修改', '恢复版本', '删除']);
  });

  it('hides a staff-only page from the public and clears a picture with 0', async () => {
    const picture = await createFile(t.services, 'care.png', 'image/png', undefined, admin.id);
    const { wwfzId } = await ok<{ wwfzId: number }>('wwfz/save', {
      wwfzType: 9,
      wwfzTitle: '院士寄语',
      picFileId: picture,
    });
    expect((await publicPages(9)).map((p) => p.wwfzId)).toEqual([wwfzId]);
    await ok('wwfz/save', { wwfzId, wwfzType: 9, wwfzTitle: '院士寄语', enableType: 2 });
    expect(await publicPages(9)).toEqual([]);
    await ok('wwfz/save', {
      wwfzId,
      wwfzType: 9,
      wwfzTitle: '院士寄语',
      enableType: 1,
      picFileId: 0,
    });
    expect((await publicPages(9))[0]!.wwfzPic).toBe('');
    expect(await operTypes('T_WWFZ', wwfzId)).toEqual(['新增', '修改', '修改']);
  });
});

describe('api/cms/fmsm', () => {
  it('creates a principal with the table fields, shown on meetfuyi at once', async () => {
    const { fmsmId } = await ok<{ fmsmId: number }>('fmsm/save', {
      fmsmType: 1,
      fmsmTitle: '周树人',
      post: '校长',
      plateType: '青溪学堂',
      fmsmDesc: '本科',
      brith: '1952年—1960年',
    });
    expect((await publicPeople(1)).find((p) => p.fmsmId === fmsmId)).toMatchObject({
      fmsmTitle: '周树人',
      post: '校长',
      plateType: '青溪学堂',
      fmsmDesc: '本科',
      brith: '1952年—1960年',
      fmsmPic: '',
    });
    // Cleared text fields become empty, not kept.
    await ok('fmsm/save', { fmsmId, fmsmType: 1, fmsmTitle: '周树人', post: '' });
    expect((await publicPeople(1)).find((p) => p.fmsmId === fmsmId)!.post).toBeNull();
    expect(await operTypes('T_FMSM', fmsmId)).toEqual(['新增', '修改']);
  });

  it('lists people by type and subject with the meetfuyi page each is on', async () => {
    const photo = await createFile(t.services, 'face.jpg', 'image/jpeg', undefined, admin.id);
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { fmsmId } = await ok<{ fmsmId: number }>('fmsm/save', {
        fmsmType: 14,
        fmsmTitle: `正高级教师${i}`,
        post: '正高级教师',
        picFileId: photo,
        sort: i,
        subjectId: i < 2 ? 7 : undefined,
        enableType: i === 1 ? 2 : 1,
      });
      ids.push(fmsmId);
    }
    const list = await ok<Page<PersonRow & { fmsmPic: string }>>('fmsm/list', {
      fmsmType: 14,
      pageSize: 20,
    });
    expect(list.total).toBe(8);
    expect(list.list.map((p) => [p.fmsmTitle, p.publicPageNum])).toEqual([
      ['正高级教师0', 1],
      ['正高级教师1', null],
      ['正高级教师2', 1],
      ['正高级教师3', 1],
      ['正高级教师4', 1],
      ['正高级教师5', 1],
      ['正高级教师6', 1],
      ['正高级教师7', 2],
    ]);
    expect(list.list[0]!.fmsmPic).toBe(`/api/files/${photo}`);
    // The public pages agree.
    expect((await publicPeople(14, 2)).map((p) => p.fmsmId)).toEqual([ids[7]]);
    expect((await publicPeople(14)).map((p) => p.fmsmId)).not.toContain(ids[1]);

    const bySubject = await ok<Page<PersonRow>>('fmsm/list', { fmsmType: 14, subjectId: 7 });
    expect(bySubject.list.map((p) => p.fmsmId)).toEqual([ids[0], ids[1]]);
    expect(
      expectOk<Page<PersonRow>>(
        await postForm(
          t.app,
          '/api/cms/fmsm/list',
          { fmsmType: '', subjectId: '', keyword: '正高级教师7' },
          { token: token.admin },
        ),
      ).list.map((p) => p.fmsmId),
    ).toEqual([ids[7]]);
  });

  it('cleans the body, keeps versions and restores, deletes, and logs', async () => {
    const photo = await createFile(t.services, 'star.jpg', 'image/jpeg', undefined, admin.id);
    const { fmsmId } = await ok<{ fmsmId: number }>('fmsm/save', {
      fmsmType: 11,
      fmsmTitle: '陈同学',
      post: '2025届 金牌',
      fmsmDesc: '全国中学生物理竞赛金牌',
      fmsmCont: HOSTILE,
      picFileId: photo,
    });
    const shown = (await publicPeople(11)).find((p) => p.fmsmId === fmsmId)!;
    expectClean(shown.fmsmCont);
    expect(shown.fmsmPic).toBe(`/api/files/${photo}`);

    t.clock.advanceMinutes(5);
    await ok('fmsm/save', { fmsmId, fmsmType: 11, fmsmTitle: '陈同学', fmsmCont: '<p>新简介</p>' });
    const versions = await ok<Revision[]>('fmsm/revisions', { fmsmId });
    expect(versions.map((v) => v.staffName)).toEqual(['管理员乙', '管理员乙']);
    const first = await ok<Record<string, unknown>>('fmsm/revision', {
      revisionId: versions[1]!.revisionId,
    });
    expect(first).toMatchObject({
      fmsmId,
      fmsmType: 11,
      fmsmTypeName: '金牌',
      fmsmTitle: '陈同学',
      post: '2025届 金牌',
      picFileId: photo,
    });
    expectClean(first.fmsmCont as string);

    await ok('fmsm/restore', { fmsmId, revisionId: versions[1]!.revisionId });
    const restored = (await publicPeople(11)).find((p) => p.fmsmId === fmsmId)!;
    expect(restored.fmsmCont).toBe(first.fmsmCont);
    expect(await ok<Revision[]>('fmsm/revisions', { fmsmId })).toHaveLength(3);
    const edit = await ok<Record<string, unknown>>('fmsm/get', { fmsmId });
    expect(edit).toMatchObject({ fmsmTitle: '陈同学', fmsmDesc: '全国中学生物理竞赛金牌' });

    await ok('fmsm/delete', { fmsmId });
    expect((await publicPeople(11)).map((p) => p.fmsmId)).not.toContain(fmsmId);
    expectRefusal(await call('fmsm/get', { fmsmId }), 404, '该人物不存在或已被删除');
    expect(await operTypes('T_FMSM', fmsmId)).toEqual(['新增', '修改', '恢复版本', '删除']);
  });

  it('refuses a bad type, name, photo or text, and missing people', async () => {
    const video = await createFile(t.services, 'v.mp4', 'video/mp4', undefined, admin.id);
    const base = { fmsmType: 5, fmsmTitle: '校友' };
    const refusals: Array<[string, Record<string, unknown>, number, string]> = [
      ['fmsm/save', { ...base, fmsmType: 2 }, 400, '请选择人物栏目'],
      ['fmsm/save', { ...base, fmsmTitle: undefined }, 400, '请输入姓名，不超过200个字'],
      ['fmsm/save', { ...base, fmsmTitle: '  ' }, 400, '请输入姓名'],
      ['fmsm/save', { ...base, post: '职'.repeat(101) }, 400, '职务不能超过100个字'],
      ['fmsm/save', { ...base, brith: '1'.repeat(101) }, 400, '任职时间或届别不能超过100个字'],
      ['fmsm/save', { ...base, picFileId: video }, 400, '照片须为图片文件'],
      ['fmsm/save', { ...base, picFileId: 999999 }, 400, '照片不存在，请重新上传'],
      ['fmsm/save', { ...base, subjectId: -1 }, 400, '学科编号不正确'],
      ['fmsm/save', { ...base, fmsmId: 999999 }, 404, '该人物不存在或已被删除'],
      ['fmsm/delete', { fmsmId: 999999 }, 404, '该人物不存在或已被删除'],
      ['fmsm/revisions', { fmsmId: 999999 }, 404, '该人物不存在或已被删除'],
      ['fmsm/revision', { revisionId: 999999 }, 404, '该版本不存在'],
      ['fmsm/restore', { fmsmId: 999999, revisionId: 1 }, 404, '该人物不存在或已被删除'],
      ['fmsm/list', { fmsmType: 4 }, 400, '请选择人物栏目'],
    ];
    for (const [path, body, code, message] of refusals) {
      expectRefusal(await call(path, body), code, message);
    }
    expect(await publicPeople(5)).toEqual([]);
  });
});

describe('the pages of fixed id (history 2, 3, 44; emblem 8, song 9)', () => {
  it('are edited on the platform and found by the original client at the same id', async () => {
    await ok('wwfz/save', {
      wwfzId: 3,
      wwfzType: 2,
      wwfzTitle: '青溪学堂',
      wwfzCont: '<p>1905年</p>',
    });
    expect(await publicPages(2, { wwfzId: 3 })).toMatchObject([
      { wwfzId: 3, wwfzTitle: '青溪学堂', wwfzCont: '<p>1905年</p>' },
    ]);
    // Hidden from the public like any page, and still there for staff.
    await ok('wwfz/save', { wwfzId: 9, wwfzType: 6, wwfzTitle: '校歌', enableType: 2 });
    expect(await publicPages(6, { wwfzId: 9 })).toEqual([]);
  });
});
