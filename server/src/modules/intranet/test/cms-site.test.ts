import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reorder } from '../../../platform/catalogue/common.js';
import { seedBaseData, WORKBENCH_DEFAULTS } from '../../../seed/base.js';
import { seedDemoIntranet } from '../../../seed/demo-intranet.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { seedDemoSite } from '../../../seed/demo-site.js';
import { createFile, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

interface Page<T> {
  total: number;
  list: T[];
}
interface Notice {
  rollingnewsId: number;
  rollingnewsTitle: string;
  newsUrl: string | null;
  shelvesDate: string;
  enabled: number;
  sort: number;
  live: boolean;
  scheduled: boolean;
}
interface Entry {
  workbenchId: number;
  menuType: number;
  workbenchName: string;
  workbenchPath: string;
  passthroughstatus: number;
  visitType: number | null;
  iconFileId: number | null;
  illustrationnamePath: string;
  enabled: number;
  sort: number;
}
interface ParameterRow {
  parameterId: number;
  parameteCode: string;
  parameteValue: string;
  parameterName: string;
  parameterType: string;
  pic: string | null;
  picFileId: number | null;
  sort: number;
}
interface ParameterGroup {
  parameteCode: string;
  codeName: string;
  kind: string;
  list: boolean;
  required: boolean;
  known: boolean;
  rows: ParameterRow[];
}
interface DictionaryItem {
  dicId: number;
  dicCode: string;
  dicName: string;
  dicValue: string;
  enabled: number;
  sort: number;
}

const CONTENT_ADMIN_ONLY = '只有管理员可以进行此操作';
const SITE_ADMIN_ONLY = '只有系统管理员可以进行此操作';
const LINK_RULE = '须以 http:// 或 https:// 开头，或为以 / 开头的站内地址';
const BAD_LINKS = ['javascript:alert(1)', '//evil.example/x', 'ftp://files.example/', 'www.x.cn'];

describe('api/cms: rolling notices, workbench, parameters, dictionaries', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  /** A teacher with isPower 1: may keep notices, not the system. */
  let powerTeacher: TestStaff;
  /** The administrator role without isPower: keeps the system, not the notices. */
  let plainAdmin: TestStaff;
  const token = { admin: '', teacher: '', powerTeacher: '', plainAdmin: '' };

  beforeAll(async () => {
    t = await createTestApp();
    // The demo school's sites and links (a new site has none): what these checks read.
    await seedDemoSite(t.db);
    admin = await createStaff(t.db, { name: '管理员甲', staffType: 5, isPower: 1 });
    teacher = await createStaff(t.db, { name: '王老师' });
    powerTeacher = await createStaff(t.db, { name: '李主任', isPower: 1 });
    plainAdmin = await createStaff(t.db, { name: '信息员', staffType: 5, isPower: 0 });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.powerTeacher = await login(t.app, powerTeacher);
    token.plainAdmin = await login(t.app, plainAdmin);
  });
  afterAll(() => t?.close());

  const post = (path: string, body: Record<string, unknown>, who?: string, ip?: string) =>
    postJson(t.app, `/api/${path}`, body, { token: who, remoteAddress: ip });
  const ok = async <T = unknown>(path: string, body: Record<string, unknown>, who = token.admin) =>
    expectOk<T>(await post(path, body, who));
  const logOf = async (infoTable: string, objId: number) =>
    t.db
      .selectFrom('operLog')
      .select(['staffId', 'staffName', 'operType', 'ip'])
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .orderBy('id')
      .execute();
  const operTypes = async (infoTable: string, objId: number) =>
    (await logOf(infoTable, objId)).map((row) => row.operType);
  const image = (name = 'icon.png') =>
    createFile(t.services, name, 'image/png', undefined, admin.id);

  it('refuses every call without a login', async () => {
    const paths = [
      'cms/notice/list',
      'cms/notice/save',
      'cms/notice/enable',
      'cms/notice/delete',
      'cms/workbench/list',
      'cms/workbench/save',
      'cms/workbench/enable',
      'cms/workbench/move',
      'cms/workbench/delete',
      'cms/parameter/list',
      'cms/parameter/save',
      'cms/parameter/move',
      'cms/parameter/delete',
      'cms/dictionary/list',
      'cms/dictionary/save',
      'cms/dictionary/enable',
      'cms/dictionary/move',
      'cms/dictionary/delete',
      'dictionary/list',
    ];
    for (const path of paths) {
      expectRefusal(await post(path, { dicCode: 'RESOURCES_TYPE' }), 401, 'token错误');
    }
  });

  describe('rolling notices (isPower 1)', () => {
    it('refuses teachers and the administrator role without isPower', async () => {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['cms/notice/list', {}],
        ['cms/notice/save', { rollingnewsTitle: '通知' }],
        ['cms/notice/enable', { rollingnewsId: 1, enabled: 0 }],
        ['cms/notice/delete', { rollingnewsId: 1 }],
      ];
      for (const who of [token.teacher, token.plainAdmin]) {
        for (const [path, body] of calls) {
          expectRefusal(await post(path, body, who), 403, CONTENT_ADMIN_ONLY);
        }
      }
      expect(await t.db.selectFrom('rollingNotice').select('id').execute()).toEqual([]);
    });

    it('saves a notice from a form, edits it and lists it with a keyword', async () => {
      const response = await postForm(
        t.app,
        '/api/cms/notice/save',
        {
          rollingnewsTitle: '  全体教职工大会通知  ',
          newsUrl: '/pubNoti',
          shelvesDate: '2026-03-01 08:30',
          enabled: 1,
          sort: '',
        },
        { token: token.powerTeacher, remoteAddress: '10.0.0.9' },
      );
      const { rollingnewsId } = expectOk<{ rollingnewsId: number }>(response);
      const stored = await t.db
        .selectFrom('rollingNotice')
        .selectAll()
        .where('id', '=', rollingnewsId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        title: '全体教职工大会通知',
        url: '/pubNoti',
        shelvesDate: '2026-03-01T00:30:00.000Z',
        enabled: 1,
        sort: 0,
        createStaff: powerTeacher.id,
      });

      // Fields left out keep their value; an empty link clears it.
      await ok('cms/notice/save', {
        rollingnewsId,
        rollingnewsTitle: '全体教职工大会（改期）',
        newsUrl: '',
      });
      const page = await ok<Page<Notice>>('cms/notice/list', { keyword: '改期' });
      expect(page.total).toBe(1);
      expect(page.list[0]).toMatchObject({
        rollingnewsId,
        rollingnewsTitle: '全体教职工大会（改期）',
        newsUrl: null,
        shelvesDate: '2026-03-01 08:30:00',
        enabled: 1,
        live: true,
        scheduled: false,
      });
      expect((await ok<Page<Notice>>('cms/notice/list', { keyword: '无此通知' })).total).toBe(0);
      expect(await logOf('T_NOTICE', rollingnewsId)).toEqual([
        { staffId: powerTeacher.id, staffName: '李主任', operType: '新增', ip: '10.0.0.9' },
        { staffId: admin.id, staffName: '管理员甲', operType: '修改', ip: '127.0.0.1' },
      ]);
    });

    it('refuses a bad title, link or shelves date', async () => {
      const save = (body: Record<string, unknown>) => post('cms/notice/save', body, token.admin);
      expectRefusal(await save({}), 400, '请输入通知标题，不超过200个字');
      expectRefusal(
        await save({ rollingnewsTitle: '长'.repeat(201) }),
        400,
        '请输入通知标题，不超过200个字',
      );
      expectRefusal(await save({ rollingnewsTitle: '   ' }), 400, '请输入通知标题');
      for (const newsUrl of BAD_LINKS) {
        expectRefusal(
          await save({ rollingnewsTitle: '坏链接', newsUrl }),
          400,
          `链接地址${LINK_RULE}`,
        );
      }
      for (const shelvesDate of ['2026-02-30', '明天', '2026-03-02 25:00', '2026/03/02']) {
        expectRefusal(
          await save({ rollingnewsTitle: '坏日期', shelvesDate }),
          400,
          '上架时间格式不正确，应为 YYYY-MM-DD HH:mm:ss',
        );
      }
      expectRefusal(
        await save({ rollingnewsTitle: '坏状态', enabled: 2 }),
        400,
        'enabled 须为 1（启用）或 0（停用）',
      );
      expectRefusal(
        await save({ rollingnewsId: 999999, rollingnewsTitle: '不存在' }),
        404,
        '该通知不存在或已删除',
      );
      const titles = await t.db.selectFrom('rollingNotice').select('title').execute();
      expect(titles.map((row) => row.title)).toEqual(['全体教职工大会（改期）']);
    });

    it('shows a notice from its shelves date on, newest first, and only while enabled', async () => {
      const save = async (title: string, shelvesDate: string, extra = {}) =>
        (
          await ok<{ rollingnewsId: number }>('cms/notice/save', {
            rollingnewsTitle: title,
            shelvesDate,
            ...extra,
          })
        ).rollingnewsId;
      // The test clock stands at 2026-03-02 16:00 Beijing time.
      const older = await save('较早的通知', '2026-02-20 09:00:00');
      const newer = await save('较新的通知', '2026-03-02 15:59:59');
      const future = await save('定时通知', '2026-03-02 16:30:00');
      const hidden = await save('停用的通知', '2026-03-02 10:00:00', { enabled: 0 });
      const titles = async () =>
        (await t.services.cmsSite.notices.current()).map((n) => n.rollingnewsTitle);
      expect(await titles()).toEqual(['较新的通知', '全体教职工大会（改期）', '较早的通知']);
      const listed = await ok<Page<Notice>>('cms/notice/list', {});
      expect(listed.list.find((n) => n.rollingnewsId === future)).toMatchObject({
        live: false,
        scheduled: true,
      });
      expect(listed.list.find((n) => n.rollingnewsId === hidden)).toMatchObject({
        live: false,
        scheduled: false,
      });

      t.clock.advanceMinutes(30);
      expect((await titles())[0]).toBe('定时通知');
      expect((await t.services.cmsSite.notices.current()).at(0)).toEqual({
        rollingnewsId: future,
        rollingnewsTitle: '定时通知',
        newsUrl: null,
        shelvesDate: '2026-03-02 16:30:00',
      });

      await ok('cms/notice/enable', { rollingnewsId: older, enabled: 0 });
      expect(await titles()).not.toContain('较早的通知');
      await ok('cms/notice/enable', { rollingnewsId: hidden, enabled: 1 });
      expect(await titles()).toContain('停用的通知');
      // A smaller sort comes first whatever the date.
      await ok('cms/notice/save', {
        rollingnewsId: older,
        rollingnewsTitle: '较早的通知',
        sort: -1,
      });
      await ok('cms/notice/enable', { rollingnewsId: older, enabled: 1 });
      expect((await titles())[0]).toBe('较早的通知');

      expectOk(await post('cms/notice/delete', { rollingnewsId: newer }, token.admin, '10.0.0.3'));
      expect(await titles()).not.toContain('较新的通知');
      expectRefusal(
        await post('cms/notice/delete', { rollingnewsId: newer }, token.admin),
        404,
        '该通知不存在或已删除',
      );
      expect(await operTypes('T_NOTICE', older)).toEqual(['新增', '停用', '修改', '启用']);
      expect(await operTypes('T_NOTICE', newer)).toEqual(['新增', '删除']);
      expect((await logOf('T_NOTICE', newer))[1]).toMatchObject({ ip: '10.0.0.3' });
    });
  });

  describe('workbench and application centre (staffType 5)', () => {
    it('refuses teachers, also with isPower 1', async () => {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['cms/workbench/list', { menuType: 1 }],
        ['cms/workbench/save', { menuType: 1, workbenchName: '入口', workbenchPath: '/x' }],
        ['cms/workbench/enable', { workbenchId: 1, enabled: 0 }],
        ['cms/workbench/move', { workbenchId: 1, direction: 'up' }],
        ['cms/workbench/delete', { workbenchId: 1 }],
      ];
      for (const who of [token.teacher, token.powerTeacher]) {
        for (const [path, body] of calls) {
          expectRefusal(await post(path, body, who), 403, SITE_ADMIN_ONLY);
        }
      }
    });

    it('starts with the default workbench of the base data', async () => {
      const entries = await ok<Entry[]>('cms/workbench/list', { menuType: 1 }, token.plainAdmin);
      expect(entries.map((e) => [e.workbenchName, e.workbenchPath])).toEqual(
        WORKBENCH_DEFAULTS.map((d) => [d.name, d.path]),
      );
      expect(entries.every((e) => e.passthroughstatus === 0 && e.enabled === 1)).toBe(true);
      expect(await ok<Entry[]>('cms/workbench/list', { menuType: 2 })).toEqual([]);
    });

    it('adds application-centre entries with icons at the end, edits, moves and deletes them', async () => {
      const icon = await image('请假.png');
      const save = async (body: Record<string, unknown>) =>
        (await ok<{ workbenchId: number }>('cms/workbench/save', { menuType: 2, ...body }))
          .workbenchId;
      const leave = await save({
        workbenchName: '请假审批',
        workbenchPath: 'https://oa.school.example/sso',
        passthroughstatus: 1,
        visitType: 21,
        iconFileId: icon,
      });
      const library = await save({
        workbenchName: '图书馆',
        workbenchPath: 'https://lib.school.example/',
      });
      const blog = await save({
        workbenchName: '博客',
        workbenchPath: '/weblog',
        passthroughstatus: 1,
        visitType: 2,
      });
      const listed = await ok<Entry[]>('cms/workbench/list', { menuType: 2 });
      expect(listed.map((e) => e.workbenchId)).toEqual([leave, library, blog]);
      expect(listed[0]).toEqual({
        workbenchId: leave,
        menuType: 2,
        workbenchName: '请假审批',
        workbenchPath: 'https://oa.school.example/sso',
        passthroughstatus: 1,
        visitType: 21,
        iconFileId: icon,
        illustrationnamePath: `/api/files/${icon}`,
        enabled: 1,
        sort: 1,
      });
      expect(listed[1]).toMatchObject({ passthroughstatus: 0, visitType: null, iconFileId: null });

      // A form clears visitType with '' and the icon with 0.
      expectOk(
        await postForm(
          t.app,
          '/api/cms/workbench/save',
          {
            workbenchId: leave,
            menuType: 2,
            workbenchName: '请假审批',
            workbenchPath: 'https://oa.school.example/sso',
            visitType: '',
            iconFileId: 0,
          },
          { token: token.plainAdmin },
        ),
      );
      expect(
        (await ok<Entry[]>('cms/workbench/list', { menuType: 2 })).find(
          (e) => e.workbenchId === leave,
        ),
      ).toMatchObject({
        visitType: null,
        iconFileId: null,
        illustrationnamePath: '',
        passthroughstatus: 1,
      });
      await save({
        workbenchId: leave,
        workbenchName: '请假审批',
        workbenchPath: 'https://oa.school.example/sso',
        visitType: 21,
        iconFileId: icon,
      });

      // Move: the list answers in its new order; the ends refuse.
      const moved = await ok<Entry[]>('cms/workbench/move', { workbenchId: blog, direction: 'up' });
      expect(moved.map((e) => e.workbenchId)).toEqual([leave, blog, library]);
      expectRefusal(
        await post('cms/workbench/move', { workbenchId: leave, direction: 'up' }, token.admin),
        400,
        '已经是第一个了',
      );
      expectRefusal(
        await post('cms/workbench/move', { workbenchId: library, direction: 'down' }, token.admin),
        400,
        '已经是最后一个了',
      );

      // The home's menu: enabled entries in order, the icon as a file address.
      await ok('cms/workbench/enable', { workbenchId: blog, enabled: 0 });
      expect(await t.services.cmsSite.workbench.menu(2)).toEqual([
        {
          workbenchId: leave,
          workbenchName: '请假审批',
          workbenchPath: 'https://oa.school.example/sso',
          passthroughstatus: 1,
          visitType: 21,
          illustrationnamePath: `/api/files/${icon}`,
        },
        {
          workbenchId: library,
          workbenchName: '图书馆',
          workbenchPath: 'https://lib.school.example/',
          passthroughstatus: 0,
          visitType: null,
          illustrationnamePath: '',
        },
      ]);
      await ok('cms/workbench/enable', { workbenchId: blog, enabled: 1 });
      await ok('cms/workbench/move', { workbenchId: leave, direction: 'down' });
      expect((await t.services.cmsSite.workbench.menu(2)).map((e) => e.workbenchName)).toEqual([
        '博客',
        '请假审批',
        '图书馆',
      ]);
      // The workbench list is its own order.
      expect((await t.services.cmsSite.workbench.menu(1)).map((e) => e.workbenchName)).toEqual(
        WORKBENCH_DEFAULTS.map((d) => d.name),
      );

      await ok('cms/workbench/delete', { workbenchId: library });
      expectRefusal(
        await post('cms/workbench/delete', { workbenchId: library }, token.admin),
        404,
        '该入口不存在或已删除',
      );
      // The refused move wrote nothing.
      expect(await operTypes('T_WORKBENCH', leave)).toEqual(['新增', '修改', '修改', '下移']);
      expect(await operTypes('T_WORKBENCH', blog)).toEqual(['新增', '上移', '停用', '启用']);
      expect(await operTypes('T_WORKBENCH', library)).toEqual(['新增', '删除']);
    });

    it('refuses bad entries', async () => {
      const save = (body: Record<string, unknown>) =>
        post(
          'cms/workbench/save',
          { menuType: 1, workbenchName: '入口', workbenchPath: '/x', ...body },
          token.admin,
        );
      for (const workbenchPath of BAD_LINKS) {
        expectRefusal(await save({ workbenchPath }), 400, `链接地址${LINK_RULE}`);
      }
      expectRefusal(await save({ workbenchPath: '' }), 400, '请输入链接地址，不超过500个字');
      expectRefusal(
        await save({ workbenchName: '名'.repeat(65) }),
        400,
        '请输入名称，不超过64个字',
      );
      expectRefusal(await save({ workbenchName: '  ' }), 400, '请输入名称');
      expectRefusal(await save({ menuType: 3 }), 400, 'menuType 须为 1（工作台）或 2（应用中心）');
      expectRefusal(
        await save({ passthroughstatus: 2 }),
        400,
        'passthroughstatus 须为 1（单点登录跳转）或 0（直接打开）',
      );
      expectRefusal(await save({ visitType: 'abc' }), 400, 'visitType 须为0到9999的整数');
      const document = await createFile(
        t.services,
        'notes.pdf',
        'application/pdf',
        undefined,
        admin.id,
      );
      expectRefusal(await save({ iconFileId: document }), 400, '请上传图片文件');
      expectRefusal(await save({ iconFileId: 999999 }), 400, '图片不存在，请重新上传');
      const [first] = await ok<Entry[]>('cms/workbench/list', { menuType: 1 });
      expectRefusal(
        await save({ workbenchId: first!.workbenchId, menuType: 2 }),
        400,
        '该入口属于工作台，不能移到其他列表',
      );
      expectRefusal(
        await post('cms/workbench/move', { workbenchId: 1, direction: 'left' }, token.admin),
        400,
        'direction 须为 up（上移）或 down（下移）',
      );
      const count = await t.db
        .selectFrom('workbenchItem')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('menuType', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(WORKBENCH_DEFAULTS.length);
    });
  });

  describe('system parameters and external sites (staffType 5)', () => {
    const getParameter = async (parameteCode: string, who?: string) =>
      expectOk<ParameterRow[]>(
        await postForm(t.app, '/api/sysParameter/getParameter', { parameteCode }, { token: who }),
      );
    const groups = () => ok<ParameterGroup[]>('cms/parameter/list', {});
    const group = async (code: string) => (await groups()).find((g) => g.parameteCode === code)!;

    it('refuses teachers, also with isPower 1', async () => {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['cms/parameter/list', {}],
        ['cms/parameter/save', { parameteCode: 'BK', parameterName: '博客' }],
        ['cms/parameter/move', { parameterId: 1, direction: 'up' }],
        ['cms/parameter/delete', { parameterId: 1 }],
      ];
      for (const who of [token.teacher, token.powerTeacher]) {
        for (const [path, body] of calls) {
          expectRefusal(await post(path, body, who), 403, SITE_ADMIN_ONLY);
        }
      }
    });

    it('lists every parameter grouped by code with what the code means', async () => {
      const all = await groups();
      expect(all.slice(0, 3).map((g) => [g.parameteCode, g.codeName])).toEqual([
        ['XNZD', '外部站点'],
        ['GLPTBJ', '管理平台地址'],
        ['FJXZ', '附件下载地址'],
      ]);
      const stored = await t.db.selectFrom('sysParameter').select('id').execute();
      expect(all.flatMap((g) => g.rows).length).toBe(stored.length);
      const sites = all.find((g) => g.parameteCode === 'XNZD')!;
      expect(sites).toMatchObject({ kind: 'link', list: true, required: false, known: true });
      expect(sites.rows.some((r) => r.parameterType === '2')).toBe(true);
      expect(all.find((g) => g.parameteCode === 'GLPTBJ')).toMatchObject({
        list: false,
        required: true,
      });
    });

    it('saves a parameter and the public call answers the new value at once', async () => {
      const [row] = (await group('GLPTBJ')).rows;
      const saved = await postForm(
        t.app,
        '/api/cms/parameter/save',
        {
          parameterId: row!.parameterId,
          parameteCode: 'GLPTBJ',
          parameterName: '内容管理平台编辑地址',
          parameteValue: ' https://cms.school.example/handoff ',
        },
        { token: token.plainAdmin, remoteAddress: '10.0.0.5' },
      );
      expectOk(saved);
      expect(await getParameter('GLPTBJ')).toEqual([
        expect.objectContaining({
          parameterId: row!.parameterId,
          parameteValue: 'https://cms.school.example/handoff',
        }),
      ]);
      // A site path is a link too (FJXZ is '/' for this server).
      await ok('cms/parameter/save', {
        parameterId: (await group('FJXZ')).rows[0]!.parameterId,
        parameteCode: 'FJXZ',
        parameterName: '附件下载地址',
        parameteValue: '/',
      });
      expect(await logOf('T_PARAMETER', row!.parameterId)).toEqual([
        { staffId: plainAdmin.id, staffName: '信息员', operType: '修改', ip: '10.0.0.5' },
      ]);
    });

    it('adds external sites with a picture and a visibility, reorders and deletes them', async () => {
      const picture = await image('oa.png');
      const { parameterId } = await ok<{ parameterId: number }>('cms/parameter/save', {
        parameteCode: 'XNZD',
        parameterName: '网上报修',
        parameteValue: 'https://bx.school.example/',
        parameterType: '2',
        picFileId: picture,
      });
      const rows = (await group('XNZD')).rows;
      expect(rows.at(-1)).toEqual({
        parameterId,
        parameteCode: 'XNZD',
        parameteValue: 'https://bx.school.example/',
        parameterName: '网上报修',
        parameterType: '2',
        pic: `/api/files/${picture}`,
        picFileId: picture,
        sort: Math.max(...rows.slice(0, -1).map((r) => r.sort)) + 1,
      });
      // intranet.md §6: only isPower 1 sees sites of a type other than 1.
      expect((await getParameter('XNZD')).map((r) => r.parameterId)).not.toContain(parameterId);
      expect((await getParameter('XNZD', token.teacher)).map((r) => r.parameterId)).not.toContain(
        parameterId,
      );
      expect((await getParameter('XNZD', token.admin)).at(-1)).toMatchObject({
        parameterId,
        pic: `/api/files/${picture}`,
      });
      await ok('cms/parameter/save', {
        parameterId,
        parameteCode: 'XNZD',
        parameterName: '网上报修',
        parameterType: '1',
      });
      expect((await getParameter('XNZD')).at(-1)).toMatchObject({
        parameterId,
        parameteValue: 'https://bx.school.example/',
        pic: `/api/files/${picture}`,
      });

      const moved = await ok<ParameterRow[]>('cms/parameter/move', {
        parameterId,
        direction: 'up',
      });
      expect(moved.at(-2)!.parameterId).toBe(parameterId);
      expect((await getParameter('XNZD', token.admin)).at(-2)!.parameterId).toBe(parameterId);

      // The picture can be taken away (0 from a form).
      await ok('cms/parameter/save', {
        parameterId,
        parameteCode: 'XNZD',
        parameterName: '网上报修',
        picFileId: 0,
      });
      expect((await group('XNZD')).rows.find((r) => r.parameterId === parameterId)).toMatchObject({
        pic: null,
        picFileId: null,
      });

      await ok('cms/parameter/delete', { parameterId });
      expect((await getParameter('XNZD', token.admin)).map((r) => r.parameterId)).not.toContain(
        parameterId,
      );
      expect(await operTypes('T_PARAMETER', parameterId)).toEqual([
        '新增',
        '修改',
        '上移',
        '修改',
        '删除',
      ]);
    });

    it('accepts a new code of its own and keeps the codes the pages read', async () => {
      const { parameterId } = await ok<{ parameterId: number }>('cms/parameter/save', {
        parameteCode: 'XXZY',
        parameterName: '学校主页',
        parameteValue: '任意文字',
      });
      const added = await group('XXZY');
      expect(added).toMatchObject({ codeName: 'XXZY', known: false, list: true, required: false });
      expect((await getParameter('XXZY'))[0]!.parameteValue).toBe('任意文字');
      await ok('cms/parameter/delete', { parameterId });
      expect(await getParameter('XXZY')).toEqual([]);

      const glptbj = (await group('GLPTBJ')).rows[0]!;
      expectRefusal(
        await post('cms/parameter/delete', { parameterId: glptbj.parameterId }, token.admin),
        400,
        '「管理平台地址」（GLPTBJ）是网站正在使用的参数，不能删除，可以修改',
      );
      const fjxz = (await group('FJXZ')).rows[0]!;
      expectRefusal(
        await post('cms/parameter/delete', { parameterId: fjxz.parameterId }, token.admin),
        400,
        '「附件下载地址」（FJXZ）是网站正在使用的参数，不能删除，可以修改',
      );
      expect(await getParameter('GLPTBJ')).toHaveLength(1);
      expect(await getParameter('FJXZ')).toHaveLength(1);
    });

    it('refuses bad parameters', async () => {
      const save = (body: Record<string, unknown>) =>
        post('cms/parameter/save', { parameterName: '名称', ...body }, token.admin);
      for (const parameteValue of BAD_LINKS) {
        expectRefusal(
          await save({ parameteCode: 'XNZD', parameteValue }),
          400,
          `外部站点的地址${LINK_RULE}`,
        );
      }
      const bk = (await group('BK')).rows[0]!;
      expectRefusal(
        await save({
          parameterId: bk.parameterId,
          parameteCode: 'BK',
          parameteValue: 'javascript:x',
        }),
        400,
        `博客的地址${LINK_RULE}`,
      );
      expectRefusal(
        await save({ parameterId: bk.parameterId, parameteCode: 'BK', parameteValue: '' }),
        400,
        '请输入博客的地址',
      );
      expectRefusal(
        await save({ parameteCode: 'GLPTBJ', parameteValue: 'https://second.example/' }),
        400,
        '「管理平台地址」只能有一行，请修改现有的一行',
      );
      expectRefusal(
        await save({ parameterId: bk.parameterId, parameteCode: 'FYZR', parameteValue: '/' }),
        400,
        '已有参数的编码不能修改，请在新编码下新增一行',
      );
      for (const parameteCode of ['bk', 'A', 'A-B', 'X'.repeat(33)]) {
        expectRefusal(
          await save({ parameteCode, parameteValue: '' }),
          400,
          '参数编码须为2到32位大写字母、数字或下划线',
        );
      }
      expectRefusal(
        await save({ parameteCode: 'XXMC', parameterName: '' }),
        400,
        '请输入参数名称，不超过100个字',
      );
      expectRefusal(
        await save({ parameteCode: 'NEW_CODE', parameteValue: '字'.repeat(1001) }),
        400,
        '参数值不能超过1000个字',
      );
      expectRefusal(
        await save({ parameteCode: 'XNZD', parameteValue: '/x', parameterType: '3' }),
        400,
        'parameterType 须为 1（所有人可见）或 2（仅管理员可见）',
      );
      const document = await createFile(
        t.services,
        'list.pdf',
        'application/pdf',
        undefined,
        admin.id,
      );
      expectRefusal(
        await save({ parameteCode: 'XNZD', parameteValue: '/x', picFileId: document }),
        400,
        '请上传图片文件',
      );
      expectRefusal(
        await post('cms/parameter/delete', { parameterId: 999999 }, token.admin),
        404,
        '该参数不存在或已删除',
      );
      expect((await getParameter('BK'))[0]!.parameteValue).toBe(bk.parameteValue);
      expect(await getParameter('NEW_CODE')).toEqual([]);
    });
  });

  describe('dictionaries (staffType 5; staff read the enabled values)', () => {
    const values = async (dicCode: string, who = token.teacher) =>
      expectOk<Array<{ dicName: string; dicValue: string }>>(
        await postForm(t.app, '/api/dictionary/list', { dicCode, schoolId: 1 }, { token: who }),
      );
    const items = (dicCode: string) => ok<DictionaryItem[]>('cms/dictionary/list', { dicCode });

    it('refuses teachers, also with isPower 1', async () => {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['cms/dictionary/list', { dicCode: 'RESOURCES_TYPE' }],
        ['cms/dictionary/save', { dicCode: 'RESOURCES_TYPE', dicName: '学案', dicValue: '7' }],
        ['cms/dictionary/enable', { dicId: 1, enabled: 0 }],
        ['cms/dictionary/move', { dicId: 1, direction: 'up' }],
        ['cms/dictionary/delete', { dicId: 1 }],
      ];
      for (const who of [token.teacher, token.powerTeacher]) {
        for (const [path, body] of calls) {
          expectRefusal(await post(path, body, who), 403, SITE_ADMIN_ONLY);
        }
      }
    });

    it('starts with the drive’s resource types and file formats', async () => {
      expect(await values('RESOURCES_TYPE')).toEqual([
        { dicName: '教案', dicValue: '1' },
        { dicName: '课件', dicValue: '2' },
        { dicName: '试题', dicValue: '3' },
        { dicName: '素材', dicValue: '4' },
        { dicName: '微课', dicValue: '5' },
        { dicName: '其他', dicValue: '6' },
      ]);
      const formats = await values('RESOURCES_FILE_TYPE');
      expect(formats.map((f) => f.dicValue).sort()).toEqual([
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
        '9',
      ]);
      expect(formats.find((f) => f.dicValue === '4')!.dicName).toBe('图片');
      expectRefusal(
        await post('dictionary/list', { dicCode: 'OTHER' }, token.teacher),
        400,
        'dicCode 须为 RESOURCES_TYPE（资源类型）或 RESOURCES_FILE_TYPE（文件格式）',
      );
    });

    it('adds, edits, disables, moves and deletes values; a value is unique in its dictionary', async () => {
      const { dicId } = await ok<{ dicId: number }>(
        'cms/dictionary/save',
        { dicCode: 'RESOURCES_TYPE', dicName: ' 学案 ', dicValue: '7' },
        token.plainAdmin,
      );
      expect((await items('RESOURCES_TYPE')).at(-1)).toEqual({
        dicId,
        dicCode: 'RESOURCES_TYPE',
        dicName: '学案',
        dicValue: '7',
        enabled: 1,
        sort: 7,
      });
      expect((await values('RESOURCES_TYPE')).at(-1)).toEqual({ dicName: '学案', dicValue: '7' });

      expectRefusal(
        await post(
          'cms/dictionary/save',
          { dicCode: 'RESOURCES_TYPE', dicName: '导学案', dicValue: '7' },
          token.admin,
        ),
        409,
        '字典值“7”已存在，请换一个',
      );
      const courseware = (await items('RESOURCES_TYPE')).find((i) => i.dicValue === '2')!;
      expectRefusal(
        await post(
          'cms/dictionary/save',
          { dicId, dicCode: 'RESOURCES_TYPE', dicName: '学案', dicValue: ' 2 ' },
          token.admin,
        ),
        409,
        '字典值“2”已存在，请换一个',
      );
      // Its own value, and the same value in the other dictionary, are fine.
      await ok('cms/dictionary/save', {
        dicId,
        dicCode: 'RESOURCES_TYPE',
        dicName: '导学案',
        dicValue: '7',
      });
      expectRefusal(
        await post(
          'cms/dictionary/save',
          { dicId, dicCode: 'RESOURCES_FILE_TYPE', dicName: '导学案', dicValue: '7' },
          token.admin,
        ),
        400,
        '字典项不能移到其他字典',
      );

      await ok('cms/dictionary/enable', { dicId: courseware.dicId, enabled: 0 });
      expect((await values('RESOURCES_TYPE')).map((v) => v.dicValue)).not.toContain('2');
      expect(
        (await items('RESOURCES_TYPE')).find((i) => i.dicId === courseware.dicId),
      ).toMatchObject({ enabled: 0 });
      await ok('cms/dictionary/enable', { dicId: courseware.dicId, enabled: 1 });

      const moved = await ok<DictionaryItem[]>('cms/dictionary/move', { dicId, direction: 'up' });
      expect(moved.map((i) => i.dicName).slice(-2)).toEqual(['导学案', '其他']);
      expect((await values('RESOURCES_TYPE')).map((v) => v.dicName).slice(-2)).toEqual([
        '导学案',
        '其他',
      ]);

      await ok('cms/dictionary/delete', { dicId });
      expect((await values('RESOURCES_TYPE')).map((v) => v.dicValue)).toEqual([
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
      ]);
      expectRefusal(
        await post('cms/dictionary/delete', { dicId }, token.admin),
        404,
        '该字典项不存在或已删除',
      );
      expect(await operTypes('T_DICTIONARY', dicId)).toEqual(['新增', '修改', '上移', '删除']);
      expect(await operTypes('T_DICTIONARY', courseware.dicId)).toEqual(['停用', '启用']);
    });

    it('answers 409 to one of two saves of the same new value at once', async () => {
      const body = { dicCode: 'RESOURCES_FILE_TYPE', dicName: '网页', dicValue: '10' };
      const answers = await Promise.all([
        post('cms/dictionary/save', body, token.admin),
        post('cms/dictionary/save', body, token.plainAdmin),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expectRefusal(
        answers.find((a) => a.statusCode === 409)!,
        409,
        '字典值“10”已存在，请换一个',
      );
      expect((await items('RESOURCES_FILE_TYPE')).filter((i) => i.dicValue === '10')).toHaveLength(
        1,
      );
    });

    it('refuses bad values', async () => {
      const save = (body: Record<string, unknown>) =>
        post('cms/dictionary/save', { dicCode: 'RESOURCES_TYPE', ...body }, token.admin);
      expectRefusal(await save({ dicValue: '8' }), 400, '请输入字典名称，不超过100个字');
      expectRefusal(
        await save({ dicName: '名'.repeat(101), dicValue: '8' }),
        400,
        '请输入字典名称，不超过100个字',
      );
      expectRefusal(await save({ dicName: '学案' }), 400, '请输入字典值，不超过64个字');
      expectRefusal(
        await save({ dicName: '学案', dicValue: '9'.repeat(65) }),
        400,
        '请输入字典值，不超过64个字',
      );
      expectRefusal(await save({ dicName: '学案', dicValue: '   ' }), 400, '请输入字典值');
      expectRefusal(
        await save({ dicCode: 'SCHOOL', dicName: '学案', dicValue: '8' }),
        400,
        'dicCode 须为 RESOURCES_TYPE（资源类型）或 RESOURCES_FILE_TYPE（文件格式）',
      );
      expect((await items('RESOURCES_TYPE')).map((i) => i.dicValue)).not.toContain('8');
    });
  });

  it('seeds the base defaults once and leaves an administrator’s changes alone', async () => {
    const count = async (table: 'dictionaryItem' | 'workbenchItem') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      dictionary: await count('dictionaryItem'),
      workbench: await count('workbenchItem'),
    };
    const [first] = await ok<DictionaryItem[]>('cms/dictionary/list', {
      dicCode: 'RESOURCES_TYPE',
    });
    await ok('cms/dictionary/delete', { dicId: first!.dicId });
    await seedBaseData(t.db);
    await seedBaseData(t.db);
    expect(await count('dictionaryItem')).toBe(before.dictionary - 1);
    expect(await count('workbenchItem')).toBe(before.workbench);
  });

  it('reorder straightens equal sorts and moves one place', () => {
    const rows = [
      { id: 1, sort: 0 },
      { id: 2, sort: 0 },
      { id: 3, sort: 0 },
    ];
    expect(reorder(rows, 3, 'up')).toEqual([
      { id: 1, sort: 1 },
      { id: 3, sort: 2 },
      { id: 2, sort: 3 },
    ]);
    const sorted = [
      { id: 1, sort: 1 },
      { id: 2, sort: 2 },
      { id: 3, sort: 3 },
    ];
    expect(reorder(sorted, 1, 'down')).toEqual([
      { id: 2, sort: 1 },
      { id: 1, sort: 2 },
    ]);
    expect(() => reorder(sorted, 4, 'up')).toThrow('要移动的条目不存在');
  });
});

describe('the demo intranet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The demo school's sites and links (a new site has none): what these checks read.
    await seedDemoSite(t.db);
    await createStaff(t.db, { code: 'admin', name: '系统管理员', staffType: 5, isPower: 1 });
  });
  afterAll(() => t?.close());

  it('gives the workbench icons, adds the school’s systems and rolling notices', async () => {
    await seedDemoIntranet(t.db, t.services, t.clock.now());
    const { workbench, notices } = t.services.cmsSite;
    const desk = await workbench.menu(1);
    expect(desk.length).toBeGreaterThan(8);
    expect(desk.every((e) => e.illustrationnamePath.startsWith('/api/files/'))).toBe(true);
    const apps = await workbench.menu(2);
    expect(apps.find((e) => e.workbenchName === '请假审批')).toMatchObject({
      passthroughstatus: 1,
      visitType: 21,
    });
    expect(apps.map((e) => e.workbenchName)).not.toContain('资产管理');
    const sites = expectOk<Array<{ pic: string | null }>>(
      await postForm(t.app, '/api/sysParameter/getParameter', { parameteCode: 'XNZD' }),
    );
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.every((site) => site.pic?.startsWith('/api/files/'))).toBe(true);
    // Workbench icons are shown on the staff home: staff read them; a site's picture is public.
    expect((await t.app.inject({ url: desk[0]!.illustrationnamePath })).statusCode).toBe(401);
    const token = await login(t.app, await createStaff(t.db));
    const icon = await t.app.inject({ url: desk[0]!.illustrationnamePath, headers: { token } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const sitePicture = await t.app.inject({ url: sites[0]!.pic! });
    expect(sitePicture.statusCode).toBe(200);
    expect(sitePicture.headers['cache-control']).toBe('public, max-age=600');

    const live = await notices.current(t.clock.now());
    expect(live.length).toBe(4);
    expect(live[0]!.rollingnewsTitle).toContain('教职工大会');
    expect(live.map((n) => n.rollingnewsTitle).join()).not.toMatch(/夏季作息|停机维护/);
    expect(
      (
        await t.db
          .selectFrom('operLog')
          .select('infoTable')
          .where('infoTable', '=', 'T_NOTICE')
          .execute()
      ).length,
    ).toBe(6);
  });
});
