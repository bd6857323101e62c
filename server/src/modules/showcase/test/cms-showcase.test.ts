import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_TYPE_MESSAGE, LINK_URL_MESSAGE } from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T> {
  total: number;
  list: T[];
}
interface BannerRow {
  bannerId: number;
  place: string;
  typeId: number;
  typeName: string;
  coverTitle: string;
  newsUrl: string | null;
  coverFileId: number;
  coverUrl: string;
  thumbUrl: string;
  enabled: number;
  sort: number;
  shown: boolean;
}
interface PublicBanner {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}
interface SocietyRow {
  associationId: number;
  associationName: string;
  associationType: number;
  associationTypeName: string;
  logoFileId: number;
  associationLog: string;
  logoThumbUrl: string;
  picFileId: number;
  associationPic: string;
  enabled: number;
  sort: number;
}
interface PublicSociety {
  associationId: number;
  associationName: string;
  associationType: number;
  associationTypeName: string;
  associationLog: string;
  associationPic: string;
}

const ADMIN_ONLY = '只有管理员可以进行此操作';
const BANNER_PATHS = ['list', 'save', 'enable', 'move', 'delete'];
const SOCIETY_PATHS = ['list', 'save', 'enable', 'delete'];

let t: TestApp;
let admin: TestStaff;
const token = { admin: '', teacher: '', siteAdmin: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
  const teacher = await createStaff(t.db, { name: '王老师' });
  // The administrator role without the content right (isPower 0).
  const siteAdmin = await createStaff(t.db, { name: '系统管理员', staffType: 5, isPower: 0 });
  token.admin = await login(t.app, admin);
  token.teacher = await login(t.app, teacher);
  token.siteAdmin = await login(t.app, siteAdmin);
});
afterAll(() => t?.close());

const call = (path: string, body: Record<string, unknown>, who = token.admin, ip?: string) =>
  postJson(t.app, `/api/cms/${path}`, body, { token: who, remoteAddress: ip });
const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who = token.admin) =>
  expectOk<T>(await call(path, body, who));
const picture = (name = 'banner.jpg') =>
  createFile(t.services, name, 'image/jpeg', undefined, admin.id);
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

const homeBanners = async () =>
  expectOk<PublicBanner[]>(await postForm(t.app, '/api/moveImg/getMoveImg'));
const cover = async (typeId: number) =>
  expectOk<PublicBanner[]>(await postForm(t.app, '/api/coverPic/getCoverPic', { typeId }));
const societies = async () =>
  expectOk<PublicSociety[]>(await postForm(t.app, '/api/news/getSocietyList'));

describe('permissions', () => {
  it('refuses every call without a login, to teachers and to administrators without isPower', async () => {
    for (const [area, paths] of [
      ['banner', BANNER_PATHS],
      ['society', SOCIETY_PATHS],
    ] as const) {
      for (const path of paths) {
        const body = { place: 'home', bannerId: 1, associationId: 1 };
        expectRefusal(await postJson(t.app, `/api/cms/${area}/${path}`, body), 401, 'token错误');
      }
    }
    const file = await picture();
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['banner/list', { place: 'home' }],
      ['banner/save', { place: 'home', coverTitle: '横幅', coverFileId: file }],
      ['society/list', {}],
      [
        'society/save',
        { associationName: '社', associationType: 1, logoFileId: file, picFileId: file },
      ],
    ];
    for (const [path, body] of attempts) {
      for (const who of [token.teacher, token.siteAdmin]) {
        expectRefusal(await call(path, body, who), 403, ADMIN_ONLY);
      }
    }
    const bannerId = (
      await ok<{ bannerId: number }>('banner/save', {
        place: 'home',
        coverTitle: '权限测试',
        coverFileId: file,
      })
    ).bannerId;
    for (const [path, body] of [
      ['banner/enable', { bannerId, enabled: 0 }],
      ['banner/move', { bannerId, direction: 'up' }],
      ['banner/delete', { bannerId }],
    ] as const) {
      expectRefusal(await call(path, body, token.teacher), 403, ADMIN_ONLY);
    }
    // Nothing the refused calls asked for happened.
    expect(await operTypes('T_BANNER', bannerId)).toEqual(['新增']);
    await ok('banner/delete', { bannerId });
  });
});

describe('api/cms/banner', () => {
  it('creates a home banner from a form, shows it on the home page at once, and logs it', async () => {
    const file = await picture();
    const { bannerId } = expectOk<{ bannerId: number }>(
      await postForm(
        t.app,
        '/api/cms/banner/save',
        {
          place: 'home',
          typeId: '',
          coverTitle: '  开学典礼  ',
          coverFileId: file,
          newsUrl: '/news?newsNum=2',
          sort: '',
        },
        { token: token.admin, remoteAddress: '10.1.2.3' },
      ),
    );
    const list = await ok<Page<BannerRow>>('banner/list', { place: 'home' });
    expect(list.list.find((b) => b.bannerId === bannerId)).toEqual({
      bannerId,
      place: 'home',
      typeId: 0,
      typeName: '首页横幅',
      coverTitle: '开学典礼',
      newsUrl: '/news?newsNum=2',
      coverFileId: file,
      coverUrl: `/api/files/${file}`,
      thumbUrl: `/api/files/${file}`,
      enabled: 1,
      sort: 0,
      shown: true,
    });
    expect(await homeBanners()).toContainEqual({
      coverUrl: `/api/files/${file}`,
      coverTitle: '开学典礼',
      newsUrl: '/news?newsNum=2',
    });
    const log = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'operType', 'ip'])
      .where('infoTable', '=', 'T_BANNER')
      .where('objId', '=', bannerId)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({
      staffId: admin.id,
      staffName: '管理员甲',
      operType: '新增',
      ip: '10.1.2.3',
    });
    await ok('banner/delete', { bannerId });
  });

  it('refuses a missing, unknown or non-image picture, a bad link, place, type or title', async () => {
    const file = await picture();
    const pdf = await createFile(t.services, 'notice.pdf', 'application/pdf', undefined, admin.id);
    const home = { place: 'home', coverTitle: '横幅', coverFileId: file };
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...home, coverFileId: undefined }, 400, '请上传图片'],
      [{ ...home, coverFileId: 0 }, 400, '请上传图片'],
      [{ ...home, coverFileId: 999999 }, 400, '图片不存在，请重新上传'],
      [{ ...home, coverFileId: pdf }, 400, '图片须为图片文件'],
      [{ ...home, coverFileId: 'x' }, 400, '请上传图片'],
      [{ ...home, newsUrl: 'javascript:alert(1)' }, 400, LINK_URL_MESSAGE],
      [{ ...home, newsUrl: 'ftp://example.com/a' }, 400, LINK_URL_MESSAGE],
      [{ ...home, newsUrl: '//evil.example.com/x' }, 400, LINK_URL_MESSAGE],
      [{ ...home, newsUrl: '/\\evil.example.com' }, 400, LINK_URL_MESSAGE],
      [{ ...home, newsUrl: 'news?newsNum=2' }, 400, LINK_URL_MESSAGE],
      [{ ...home, newsUrl: 'x'.repeat(501) }, 400, '链接地址不能超过500个字符'],
      [{ ...home, place: 'side' }, 400, '请选择图片位置（home 首页横幅或 cover 栏目封面）'],
      [{ ...home, place: 'cover' }, 400, COVER_TYPE_MESSAGE],
      [{ ...home, place: 'cover', typeId: 3 }, 400, COVER_TYPE_MESSAGE],
      [{ ...home, coverTitle: '' }, 400, '请输入图片标题，不超过200个字'],
      [{ ...home, coverTitle: '   ' }, 400, '请输入图片标题'],
      [{ ...home, coverTitle: '题'.repeat(201) }, 400, '请输入图片标题，不超过200个字'],
      [{ ...home, sort: 100001 }, 400, '排序号须为-100000到100000的整数'],
      [{ ...home, enabled: 2 }, 400, 'enabled 须为 0（停用）或 1（启用）'],
      [{ ...home, bannerId: 999999 }, 404, '该图片不存在或已被删除'],
    ];
    for (const [body, code, message] of refusals) {
      expectRefusal(await call('banner/save', body), code, message);
    }
    expectRefusal(
      await call('banner/list', {}),
      400,
      '请选择图片位置（home 首页横幅或 cover 栏目封面）',
    );
    expectRefusal(
      await call('banner/list', { place: 'cover', typeId: 2 }),
      400,
      COVER_TYPE_MESSAGE,
    );
    expectRefusal(
      await call('banner/enable', { bannerId: 999999, enabled: 1 }),
      404,
      '该图片不存在或已被删除',
    );
    expectRefusal(
      await call('banner/move', { bannerId: 999999, direction: 'up' }),
      404,
      '该图片不存在或已被删除',
    );
    expectRefusal(
      await call('banner/move', { bannerId: 1, direction: 'left' }),
      400,
      '请选择上移或下移',
    );
    expectRefusal(await call('banner/delete', { bannerId: 999999 }), 404, '该图片不存在或已被删除');
    expectRefusal(await call('banner/delete', {}), 400, '请选择图片');
    const stored = await t.db
      .selectFrom('banner')
      .select('id')
      .where('title', '=', '横幅')
      .execute();
    expect(stored).toEqual([]);
  });

  it('edits, hides, shows, moves and deletes home banners, the home page following each change', async () => {
    const [a, b, c] = await Promise.all([picture('a.jpg'), picture('b.jpg'), picture('c.png')]);
    const save = async (body: Record<string, unknown>) =>
      (await ok<{ bannerId: number }>('banner/save', { place: 'home', ...body })).bannerId;
    const first = await save({
      coverTitle: '甲',
      coverFileId: a,
      newsUrl: 'https://example.com/a',
    });
    const second = await save({ coverTitle: '乙', coverFileId: b });
    const third = await save({ coverTitle: '丙', coverFileId: c });
    const titles = async () => (await homeBanners()).map((banner) => banner.coverTitle);
    expect(await titles()).toEqual(['甲', '乙', '丙']);

    // Fields left out keep their value; an empty link clears it.
    await save({ bannerId: first, coverTitle: '甲（改）' });
    expect((await homeBanners())[0]).toEqual({
      coverUrl: `/api/files/${a}`,
      coverTitle: '甲（改）',
      newsUrl: 'https://example.com/a',
    });
    await save({ bannerId: first, coverTitle: '甲（改）', newsUrl: '' });
    expect((await homeBanners())[0]!.newsUrl).toBeNull();

    expect(await ok('banner/enable', { bannerId: second, enabled: 0 })).toEqual({
      bannerId: second,
      enabled: 0,
    });
    expect(await titles()).toEqual(['甲（改）', '丙']);
    const listed = await ok<Page<BannerRow>>('banner/list', { place: 'home' });
    expect(listed.list.map((row) => [row.coverTitle, row.enabled, row.shown])).toEqual([
      ['甲（改）', 1, true],
      ['乙', 0, false],
      ['丙', 1, true],
    ]);
    // Hiding what is hidden changes nothing and logs nothing.
    await ok('banner/enable', { bannerId: second, enabled: 0 });
    await ok('banner/enable', { bannerId: second, enabled: 1 });
    expect(await titles()).toEqual(['甲（改）', '乙', '丙']);

    await ok('banner/move', { bannerId: third, direction: 'up' });
    expect(await titles()).toEqual(['甲（改）', '丙', '乙']);
    await ok('banner/move', { bannerId: third, direction: 'up' });
    expect(await titles()).toEqual(['丙', '甲（改）', '乙']);
    expectRefusal(
      await call('banner/move', { bannerId: third, direction: 'up' }),
      400,
      '已经排在最前',
    );
    expectRefusal(
      await call('banner/move', { bannerId: second, direction: 'down' }),
      400,
      '已经排在最后',
    );
    await ok('banner/move', { bannerId: first, direction: 'down' });
    expect(await titles()).toEqual(['丙', '乙', '甲（改）']);
    const sorts = await ok<Page<BannerRow>>('banner/list', { place: 'home' });
    expect(sorts.list.map((row) => [row.coverTitle, row.sort])).toEqual([
      ['丙', 0],
      ['乙', 1],
      ['甲（改）', 2],
    ]);

    expect(await ok('banner/delete', { bannerId: second })).toBeNull();
    expect(await titles()).toEqual(['丙', '甲（改）']);
    expectRefusal(await call('banner/delete', { bannerId: second }), 404, '该图片不存在或已被删除');

    expect(await operTypes('T_BANNER', first)).toEqual(['新增', '修改', '修改', '下移']);
    expect(await operTypes('T_BANNER', second)).toEqual(['新增', '停用', '启用', '删除']);
    expect(await operTypes('T_BANNER', third)).toEqual(['新增', '上移', '上移']);
    for (const bannerId of [first, third]) await ok('banner/delete', { bannerId });
  });

  it('keeps cover banners by section: the page shows the first enabled one', async () => {
    const [a, b] = await Promise.all([picture('cover-a.jpg'), picture('cover-b.jpg')]);
    const save = async (body: Record<string, unknown>) =>
      (await ok<{ bannerId: number }>('banner/save', { place: 'cover', ...body })).bannerId;
    const media = await save({ typeId: 5, coverTitle: '校园媒体封面', coverFileId: a });
    const later = await save({
      typeId: 5,
      coverTitle: '校园媒体新封面',
      coverFileId: b,
      newsUrl: '/media?newsNum=9',
    });
    const campus = await save({ typeId: 14, coverTitle: '校园专栏封面', coverFileId: b });

    expect((await cover(5))[0]).toEqual({
      coverUrl: `/api/files/${a}`,
      coverTitle: '校园媒体封面',
      newsUrl: null,
    });
    expect((await cover(14)).map((c) => c.coverTitle)).toEqual(['校园专栏封面']);
    expect(await cover(0)).toEqual([]);
    // Covers are not home banners.
    expect((await homeBanners()).map((c) => c.coverTitle)).not.toContain('校园专栏封面');

    const list = async (typeId?: number) =>
      (await ok<Page<BannerRow>>('banner/list', { place: 'cover', typeId })).list.map((row) => [
        row.typeId,
        row.typeName,
        row.coverTitle,
        row.shown,
      ]);
    expect(await list()).toEqual([
      [5, '校园媒体', '校园媒体封面', true],
      [5, '校园媒体', '校园媒体新封面', false],
      [14, '校园专栏', '校园专栏封面', true],
    ]);
    expect(
      expectOk<Page<BannerRow>>(
        await postForm(
          t.app,
          '/api/cms/banner/list',
          { place: 'cover', typeId: 14 },
          { token: token.admin },
        ),
      ).total,
    ).toBe(1);

    await ok('banner/move', { bannerId: later, direction: 'up' });
    expect((await cover(5))[0]!.coverTitle).toBe('校园媒体新封面');
    await ok('banner/enable', { bannerId: later, enabled: 0 });
    expect((await cover(5))[0]!.coverTitle).toBe('校园媒体封面');
    expect(await list(5)).toEqual([
      [5, '校园媒体', '校园媒体新封面', false],
      [5, '校园媒体', '校园媒体封面', true],
    ]);

    // Moving a cover to another section puts it last there.
    await save({ bannerId: media, typeId: 14, coverTitle: '改作校园专栏', coverFileId: a });
    expect((await cover(14)).map((c) => c.coverTitle)).toEqual(['校园专栏封面', '改作校园专栏']);
    expect(await cover(5)).toEqual([]);
    expectRefusal(
      await call('banner/save', { bannerId: campus, place: 'cover', coverTitle: '无栏目' }),
      400,
      COVER_TYPE_MESSAGE,
    );
    expect(await operTypes('T_BANNER', media)).toEqual(['新增', '修改']);
  });
});

describe('api/cms/society', () => {
  it('creates, lists, edits, hides and deletes societies, the societies view following each change', async () => {
    const [logo, pic, logo2] = await Promise.all([
      picture('logo.png'),
      picture('poster.jpg'),
      picture('logo2.png'),
    ]);
    const { associationId } = expectOk<{ associationId: number }>(
      await postForm(
        t.app,
        '/api/cms/society/save',
        {
          associationName: ' 机器人社 ',
          associationType: 2,
          logoFileId: logo,
          picFileId: pic,
          sort: '',
        },
        { token: token.admin, remoteAddress: '10.9.8.7' },
      ),
    );
    const save = async (body: Record<string, unknown>) =>
      (await ok<{ associationId: number }>('society/save', body)).associationId;
    const astronomy = await save({
      associationName: '天文社',
      associationType: 2,
      logoFileId: logo2,
      picFileId: pic,
    });
    const debate = await save({
      associationName: '模联社',
      associationType: 1,
      logoFileId: logo,
      picFileId: pic,
      sort: 5,
    });

    expect(await societies()).toEqual([
      {
        associationId: debate,
        associationName: '模联社',
        associationType: 1,
        associationTypeName: '海外文化',
        associationLog: `/api/files/${logo}`,
        associationPic: `/api/files/${pic}`,
      },
      expect.objectContaining({ associationId, associationName: '机器人社' }),
      expect.objectContaining({ associationId: astronomy, associationTypeName: '理工科技' }),
    ]);

    const science = await ok<Page<SocietyRow>>('society/list', { associationType: 2 });
    expect(science.total).toBe(2);
    expect(science.list[0]).toMatchObject({
      associationId,
      associationName: '机器人社',
      associationType: 2,
      associationTypeName: '理工科技',
      logoFileId: logo,
      associationLog: `/api/files/${logo}`,
      logoThumbUrl: `/api/files/${logo}`,
      picFileId: pic,
      enabled: 1,
      sort: 0,
    });
    expect(science.list[1]).toMatchObject({ associationId: astronomy, sort: 1 });
    expect((await ok<Page<SocietyRow>>('society/list', { keyword: '天文' })).list).toHaveLength(1);
    expect((await ok<Page<SocietyRow>>('society/list', { keyword: '%' })).list).toHaveLength(0);
    expect(
      expectOk<Page<SocietyRow>>(
        await postForm(
          t.app,
          '/api/cms/society/list',
          { associationType: '' },
          { token: token.admin },
        ),
      ).total,
    ).toBe(3);

    // Fields left out keep their value; moving to another category puts it last there.
    await save({ associationId: astronomy, associationName: '天文与航天社', associationType: 1 });
    const moved = (await ok<Page<SocietyRow>>('society/list', { associationType: 1 })).list;
    expect(moved.map((s) => [s.associationName, s.sort, s.logoFileId])).toEqual([
      ['模联社', 5, logo],
      ['天文与航天社', 6, logo2],
    ]);

    await ok('society/enable', { associationId: debate, enabled: 0 });
    expect((await societies()).map((s) => s.associationId)).toEqual([astronomy, associationId]);
    await ok('society/enable', { associationId: debate, enabled: 0 });
    await ok('society/enable', { associationId: debate, enabled: 1 });
    expect((await societies()).map((s) => s.associationId)).toContain(debate);

    await ok('society/delete', { associationId });
    expect((await societies()).map((s) => s.associationId)).not.toContain(associationId);
    expectRefusal(await call('society/delete', { associationId }), 404, '该社团不存在或已被删除');

    expect(await operTypes('T_SOCIETY', associationId)).toEqual(['新增', '删除']);
    expect(await operTypes('T_SOCIETY', astronomy)).toEqual(['新增', '修改']);
    expect(await operTypes('T_SOCIETY', debate)).toEqual(['新增', '停用', '启用']);
    const ip = await t.db
      .selectFrom('operLog')
      .select(['ip', 'staffId'])
      .where('infoTable', '=', 'T_SOCIETY')
      .where('objId', '=', associationId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(ip).toEqual({ ip: '10.9.8.7', staffId: admin.id });
  });

  it('refuses a missing name, a bad category, a missing or non-image logo or picture, a missing society', async () => {
    const [logo, pic] = await Promise.all([picture('l.png'), picture('p.jpg')]);
    const video = await createFile(t.services, 'clip.mp4', 'video/mp4', undefined, admin.id);
    const base = {
      associationName: '书法社',
      associationType: 6,
      logoFileId: logo,
      picFileId: pic,
    };
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, associationName: undefined }, 400, '请输入社团名称，不超过100个字'],
      [{ ...base, associationName: '  ' }, 400, '请输入社团名称'],
      [{ ...base, associationName: '社'.repeat(101) }, 400, '请输入社团名称，不超过100个字'],
      [{ ...base, associationType: 7 }, 400, '请选择社团类别（1 到 6）'],
      [{ ...base, associationType: undefined }, 400, '请选择社团类别（1 到 6）'],
      [{ ...base, logoFileId: undefined }, 400, '请上传社团标志'],
      [{ ...base, picFileId: 0 }, 400, '请上传社团图片'],
      [{ ...base, logoFileId: video }, 400, '社团标志须为图片文件'],
      [{ ...base, picFileId: video }, 400, '社团图片须为图片文件'],
      [{ ...base, picFileId: 999999 }, 400, '社团图片不存在，请重新上传'],
      [{ ...base, associationId: 999999 }, 404, '该社团不存在或已被删除'],
    ];
    for (const [body, code, message] of refusals) {
      expectRefusal(await call('society/save', body), code, message);
    }
    expectRefusal(
      await call('society/list', { associationType: 0 }),
      400,
      '请选择社团类别（1 到 6）',
    );
    expectRefusal(
      await call('society/enable', { associationId: 999999, enabled: 1 }),
      404,
      '该社团不存在或已被删除',
    );
    expectRefusal(
      await call('society/enable', { associationId: 1 }),
      400,
      'enabled 须为 0（停用）或 1（启用）',
    );
    const stored = await t.db
      .selectFrom('society')
      .select('id')
      .where('name', '=', '书法社')
      .execute();
    expect(stored).toEqual([]);
  });
});
