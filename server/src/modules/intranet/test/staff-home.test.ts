import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressDept, AddressEntry, HomeEntry, NewsItem } from '@school/common/api';
import type { AuthStaff } from '../../../platform/auth/session.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { seedDemoSite } from '../../../seed/demo-site.js';
import {
  createDepartment,
  createFile,
  createNews,
  createStaff,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

/** intranet.md §7 "Session and home": the staff home, its lists and the address book. */

interface Page<T> {
  total: number;
  list: T[];
}

let t: TestApp;
let admin: TestStaff;
let teacher: TestStaff;
const token = { admin: '', teacher: '', other: '' };
let school: number;
let office: number;
let maths: number;
let algebra: number;
let deep: number;
const people: TestStaff[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The demo school's sites and links (a new site has none): what these checks read.
  await seedDemoSite(t.db);
  school = await createDepartment(t.db, { name: '学校', sort: 0 });
  office = await createDepartment(t.db, { name: '校长办公室', parentId: school, sort: 0 });
  maths = await createDepartment(t.db, { name: '数学教研组', parentId: school, sort: 1 });
  algebra = await createDepartment(t.db, { name: '代数备课组', parentId: maths });
  deep = await createDepartment(t.db, { name: '第四层', parentId: algebra });
  admin = await createStaff(t.db, { staffType: 5, isPower: 1, deptIds: [office] });
  teacher = await createStaff(t.db, { name: '王老师', phone: '13800001111', deptIds: [maths] });
  for (let i = 0; i < 10; i++) {
    people.push(
      await createStaff(t.db, {
        name: `代数教师${i}`,
        phone: `1390000${String(i).padStart(4, '0')}`,
        deptIds: [i < 9 ? algebra : deep],
        sort: i,
      }),
    );
  }
  await createStaff(t.db, {
    name: '代数已停用',
    phone: '13900009999',
    deptIds: [algebra],
    status: 0,
  });
  token.admin = await login(t.app, admin);
  token.teacher = await login(t.app, teacher);
  token.other = await login(t.app, people[0]!);
});
afterAll(() => t?.close());

const as = (who: keyof typeof token) => ({ token: token[who] });
const call = <T>(
  path: string,
  fields: Record<string, string | number | undefined>,
  who = token.teacher,
) => postForm(t.app, `/api/${path}`, fields, { token: who }).then((res) => expectOk<T>(res));

describe('the workbench, the application centre and the ticker', () => {
  it('answer the enabled entries of each list in order, to logged-in staff only', async () => {
    const site = t.services.cmsSite;
    const actor: AuthStaff = { ...admin, schoolId: 1, whetherpass: 1, sessionId: 0 };
    const first = await site.workbench.save(
      {
        menuType: 1,
        name: '课表查询',
        path: 'https://kb.example.edu.cn',
        passthrough: 1,
        visitType: 2,
      },
      actor,
      null,
    );
    await site.workbench.save(
      { menuType: 1, name: '已停用入口', path: 'https://x.example.edu.cn', enabled: 0 },
      actor,
      null,
    );
    await site.workbench.save(
      {
        menuType: 2,
        name: '更多应用',
        path: 'https://apps.example.edu.cn',
        passthrough: 1,
        visitType: 20,
      },
      actor,
      null,
    );

    const bench = await call<HomeEntry[]>('workbench/getWorkbenchList', {
      userId: teacher.id,
      menuType: '1',
    });
    // After the entries every new database starts with, in order; the disabled one is left out.
    expect(bench.map((entry) => entry.workbenchName)).not.toContain('已停用入口');
    expect(bench.at(-1)).toEqual({
      workbenchId: first,
      workbenchName: '课表查询',
      workbenchPath: 'https://kb.example.edu.cn',
      passthroughstatus: 1,
      visitType: 2,
      illustrationnamePath: '',
    });
    const apps = await call<HomeEntry[]>('workbench/getWorkbenchList', { userId: '', menuType: 2 });
    expect(apps.at(-1)!.workbenchName).toBe('更多应用');
    expect(apps.map((entry) => entry.workbenchId)).not.toContain(first);

    const res = (path: string, fields: Record<string, string | number>, who?: string) =>
      postForm(t.app, `/api/${path}`, fields, who ? { token: who } : {});
    expectRefusal(await res('workbench/getWorkbenchList', { menuType: 1 }), 401, 'token错误');
    expectRefusal(
      await res('workbench/getWorkbenchList', { menuType: 1, userId: admin.id }, token.teacher),
      403,
      '只能以自己的身份操作',
    );
    expectRefusal(
      await res('workbench/getWorkbenchList', { menuType: 3 }, token.teacher),
      400,
      'menuType 须为 1（工作台）或 2（应用中心）',
    );

    await site.notices.save({ title: '明天下午全体教师会议', url: '' }, actor, null);
    await site.notices.save(
      { title: '下周才显示', shelvesDate: new Date('2026-12-01T00:00:00Z') },
      actor,
      null,
    );
    const ticker = await call<Array<{ rollingnewsTitle: string; newsUrl: string | null }>>(
      'rollingNews/getRollingNews',
      {},
    );
    expect(ticker.map((row) => row.rollingnewsTitle)).toEqual(['明天下午全体教师会议']);
    expect(ticker[0]).toHaveProperty('shelvesDate');
    expectRefusal(await res('rollingNews/getRollingNews', {}), 401, 'token错误');
  });
});

describe('api/news/getTeachHomeNews', () => {
  it('answers one page of each of the six columns to staff only, staff-only items with enableType 2', async () => {
    const ids: Record<number, number[]> = {};
    for (const typeId of [17, 2, 16, 19, 20, 22]) {
      ids[typeId] = [];
      for (let i = 0; i < 7; i++) {
        ids[typeId]!.push(
          await createNews(t.services, {
            typeId,
            title: `${typeId}栏第${i}条`,
            enableType: i === 0 ? 2 : 1,
            shelvesDate: new Date(Date.UTC(2026, 0, 1 + i)),
          }),
        );
      }
    }
    // The original client's payload: every slot as strings.
    const body = {
      typeId1: 17,
      typeId2: 2,
      typeId3: 16,
      typeId4: 19,
      typeId5: 20,
      typeId6: 22,
      pageNum1: 1,
      pageNum2: 1,
      pageNum3: 1,
      pageNum4: 1,
      pageNum5: 1,
      pageNum6: 2,
      pageSize1: 17,
      pageSize2: 5,
      pageSize3: 5,
      pageSize4: 6,
      pageSize5: 6,
      pageSize6: 4,
      enableType: 2,
    };
    const lists = await call<Record<string, NewsItem[]>>('news/getTeachHomeNews', body);
    expect(lists.list1!.map((n) => n.newId)).toEqual([...ids[17]!].reverse());
    expect(lists.list2).toHaveLength(5);
    expect(lists.list4).toHaveLength(6);
    // Slot 6 asks for page 2 of 4: items 3..0 of 7, newest first.
    expect(lists.list6!.map((n) => n.newId)).toEqual([ids[22]![2], ids[22]![1], ids[22]![0]]);

    // enableType 1 is the public's view: the staff-only items are left out.
    const publicView = await call<Record<string, NewsItem[]>>('news/getTeachHomeNews', {
      ...body,
      enableType: 1,
    });
    expect(publicView.list1!.map((n) => n.newId)).not.toContain(ids[17]![0]);
    expect(publicView.list1).toHaveLength(6);
    // The staff home's lists are staff only (issue 17): without a session, 401.
    expectRefusal(await postForm(t.app, '/api/news/getTeachHomeNews', body), 401, 'token错误');

    const partial = await call<Record<string, NewsItem[]>>('news/getTeachHomeNews', {
      typeId1: 2,
      typeId2: '',
      pageSize1: 2,
    });
    expect(partial.list1).toHaveLength(2);
    expect([partial.list2, partial.list3, partial.list6]).toEqual([[], [], []]);
  });
});

describe('api/news/getNewsList for the intranet', () => {
  it('filters by department and answers deptName; myRelease is the caller’s own of one newsType', async () => {
    const a = await createNews(
      t.services,
      // The publishing department is the author's (王老师: 数学教研组).
      { typeId: 17, title: '数学组公告' },
      teacher,
    );
    const b = await createNews(
      t.services,
      { typeId: 19, title: '数学组制度', newsType: 2, enableType: 2 },
      teacher,
    );
    await createNews(t.services, { typeId: 17, title: '办公室公告' }, admin);
    const pic = await createNews(
      t.services,
      { typeId: 11, title: '我的图片', newsType: 3, contentKind: 2 },
      teacher,
    );

    const dept = await call<Page<NewsItem>>('news/getNewsList', {
      typeId: 17,
      deptId: maths,
      enableType: 2,
      createStaff: '',
      myRelease: '',
    });
    expect(dept.list.map((n) => [n.newId, n.deptName])).toEqual([[a, '数学教研组']]);

    const notices = await call<Page<NewsItem>>('news/getNewsList', { typeId: 2, myRelease: 2 });
    expect(notices.list.map((n) => n.newId)).toEqual([b]);
    const pictures = await call<Page<NewsItem>>('news/getNewsList', { myRelease: 3 });
    expect(pictures.list.map((n) => n.newId)).toEqual([pic]);
    const others = await call<Page<NewsItem>>('news/getNewsList', { myRelease: 2 }, token.admin);
    expect(others.list.map((n) => n.newId)).not.toContain(b);

    expectRefusal(
      await postForm(t.app, '/api/news/getNewsList', { myRelease: 1 }),
      401,
      'token错误',
    );
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsList', { myRelease: 4 }, as('teacher')),
      400,
      'myRelease 须为 1（新闻）、2（通知）或 3（图片）',
    );
  });
});

describe('the address book and frequent contacts', () => {
  it('gives the department tree three levels deep', async () => {
    const tree = await call<AddressDept[]>('addressBook/getTree', { userId: teacher.id, type: 1 });
    const top = tree.find((node) => node.deptId === school)!;
    const mathsNode = top.children.find((node) => node.deptId === maths)!;
    expect(top.children.map((node) => node.deptName)).toEqual(['校长办公室', '数学教研组']);
    expect(mathsNode.children).toEqual([{ deptId: algebra, deptName: '代数备课组', children: [] }]);
  });

  it('finds active staff of a department and those below it, by phone or name, 8 a page', async () => {
    const first = await call<Page<AddressEntry>>('addressBook/getList', {
      staffId: teacher.id,
      deptId: maths,
      teaPhone: '',
      pageNum: 1,
      pageSize: '',
    });
    expect(first.total).toBe(11);
    expect(first.list).toHaveLength(8);
    expect(first.list[0]).toEqual({
      teaId: teacher.id,
      teaName: '王老师',
      teaPhone: '13800001111',
      teaPic: '',
      email: null,
      deptName: '数学教研组',
      orgName: '学校',
      subjectName: null,
      contactId: null,
    });
    const second = await call<Page<AddressEntry>>('addressBook/getList', {
      deptId: maths,
      pageNum: 2,
    });
    expect(second.list.map((row) => row.teaName)).toEqual(['代数教师7', '代数教师8', '代数教师9']);

    const byPhone = await call<Page<AddressEntry>>('addressBook/getList', {
      teaPhone: '13900000003',
    });
    expect(byPhone.list.map((row) => row.teaName)).toEqual(['代数教师3']);
    const byName = await call<Page<AddressEntry>>('addressBook/getList', { teaPhone: '王老' });
    expect(byName.list.map((row) => row.teaId)).toEqual([teacher.id]);
    const none = await call<Page<AddressEntry>>('addressBook/getList', { teaPhone: '已停用' });
    expect(none).toEqual({ total: 0, list: [] });

    expectRefusal(await postForm(t.app, '/api/addressBook/getList', {}), 401, 'token错误');
    expectRefusal(
      await postForm(t.app, '/api/addressBook/getList', { staffId: admin.id }, as('teacher')),
      403,
      '只能以自己的身份操作',
    );
    expectRefusal(
      await postForm(t.app, '/api/addressBook/getList', { deptId: 999999 }, as('teacher')),
      400,
      '该部门不存在或已删除',
    );
  });

  it('adds and removes contacts with the spec’s messages, each person once, only one’s own', async () => {
    const [p1, p2] = [people[1]!, people[2]!];
    const added = await postForm(
      t.app,
      '/api/contacts/addContacts',
      { staffId: teacher.id, contactsType: 1, idRoleArr: `${p1.id},${p2.id},${p1.id}` },
      as('teacher'),
    );
    expect(added.json()).toMatchObject({ status: 0, msg: '添加成功' });
    await call('contacts/addContacts', { idRoleArr: String(p1.id) });
    const contacts = await call<AddressEntry[]>('contacts/getContactsList', {
      staffId: teacher.id,
    });
    expect(contacts.map((row) => [row.teaId, row.contactId])).toEqual([
      [p1.id, p1.id],
      [p2.id, p2.id],
    ]);
    const list = await call<Page<AddressEntry>>('addressBook/getList', { teaPhone: p1.name });
    expect(list.list[0]!.contactId).toBe(p1.id);

    // Another person removes nothing of the teacher's.
    expectRefusal(
      await postForm(
        t.app,
        '/api/contacts/delContacts',
        { contactIdArr: String(p1.id) },
        as('other'),
      ),
      400,
      '移除失败：不是您的常用联系人',
    );
    const removed = await postForm(
      t.app,
      '/api/contacts/delContacts',
      { contactIdArr: String(p1.id) },
      as('teacher'),
    );
    expect(removed.json()).toMatchObject({ status: 0, msg: '移除成功' });
    expect(
      (await call<AddressEntry[]>('contacts/getContactsList', {})).map((row) => row.teaId),
    ).toEqual([p2.id]);

    const refuse = async (fields: Record<string, string | number>, code: number, msg: string) =>
      expectRefusal(
        await postForm(t.app, '/api/contacts/addContacts', fields, as('teacher')),
        code,
        msg,
      );
    await refuse({ idRoleArr: '' }, 400, '请选择联系人');
    await refuse({ idRoleArr: 'a,b' }, 400, '请选择联系人');
    await refuse({ idRoleArr: String(teacher.id) }, 400, '不能把自己添加为常用联系人');
    await refuse({ idRoleArr: '999999' }, 400, '联系人不存在或已停用');
    await refuse(
      { idRoleArr: String(p1.id), contactsType: 2 },
      400,
      'contactsType 须为 1（单个联系人）',
    );
    expectRefusal(
      await postForm(t.app, '/api/contacts/addContacts', { idRoleArr: String(p1.id) }),
      401,
      'token错误',
    );
  });
});

describe('api/notice/checkSend', () => {
  it('answers status 1 when the caller may post a notice, status 0 with the reason otherwise', async () => {
    const allowed = await postForm(
      t.app,
      '/api/notice/checkSend',
      { userId: admin.id },
      as('admin'),
    );
    expect(allowed.json()).toEqual({ status: 1, msg: '可以发送通知', data: null });
    await t.db.updateTable('newsType').set({ teacherOpen: 0 }).where('parentId', '=', 18).execute();
    const refused = await postForm(
      t.app,
      '/api/notice/checkSend',
      { userId: teacher.id },
      as('teacher'),
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      status: 0,
      msg: '您暂无发布通知的权限，请联系管理员开通通知公告栏目',
      data: null,
    });
    await t.db.updateTable('newsType').set({ teacherOpen: 1 }).where('id', '=', 17).execute();
    expect(
      (await postForm(t.app, '/api/notice/checkSend', {}, as('teacher'))).json(),
    ).toMatchObject({ status: 1 });
    expectRefusal(await postForm(t.app, '/api/notice/checkSend', {}), 401, 'token错误');
  });
});

describe('the own profile of /editPwd', () => {
  it('reads and saves name, phone, email and an own photo; the photo is for staff only', async () => {
    const me = await createStaff(t.db, { name: '赵老师', phone: '13700000000' });
    const mine = await login(t.app, me);
    const ask = (path: string, fields: Record<string, string | number>, who = mine) =>
      postForm(t.app, `/api/staff/${path}`, fields, { token: who });
    expect(expectOk(await ask('getMyInfo', { staffId: me.id }))).toEqual({
      staffId: me.id,
      staffCode: me.code,
      staffName: '赵老师',
      phone: '13700000000',
      email: null,
      photoFileId: null,
      photoUrl: '',
    });

    const photo = await createFile(t.services, '证件照.jpg', 'image/jpeg');
    await t.db
      .updateTable('storedFile')
      .set({ createdBy: me.id })
      .where('id', '=', photo)
      .execute();
    const saved = await ask('updateMyInfo', {
      staffId: me.id,
      staffName: ' 赵明 ',
      phone: '',
      email: 'zhao@school.example',
      photoFileId: photo,
    });
    expect(saved.json()).toMatchObject({
      status: 0,
      msg: '保存成功',
      data: {
        staffName: '赵明',
        phone: null,
        email: 'zhao@school.example',
        photoFileId: photo,
        photoUrl: `/api/files/${photo}`,
      },
    });
    // The address book shows the new name and photo.
    const found = await call<Page<AddressEntry>>('addressBook/getList', { teaPhone: '赵明' });
    expect(found.list[0]).toMatchObject({ teaName: '赵明', teaPic: `/api/files/${photo}` });
    // Read by logged-in staff only.
    expect((await t.app.inject({ method: 'GET', url: `/api/files/${photo}` })).statusCode).toBe(
      401,
    );
    const withLogin = await t.app.inject({
      method: 'GET',
      url: `/api/files/${photo}`,
      headers: { authorization: `Bearer ${token.teacher}` },
    });
    expect(withLogin.statusCode).toBe(200);
    // Leaving the photo out keeps it; 0 clears it.
    expect(
      expectOk<{ photoFileId: number | null }>(await ask('updateMyInfo', { staffName: '赵明' }))
        .photoFileId,
    ).toBe(photo);
    expect(
      expectOk<{ photoFileId: number | null }>(
        await ask('updateMyInfo', { staffName: '赵明', photoFileId: 0 }),
      ).photoFileId,
    ).toBeNull();

    const other = await createFile(t.services, '别人的.jpg', 'image/jpeg');
    const pdf = await createFile(t.services, '文件.pdf', 'application/pdf');
    const refusals: Array<[Record<string, string | number>, number, string]> = [
      [{ staffName: '' }, 400, '请填写姓名'],
      [{ staffName: '   ' }, 400, '请填写姓名'],
      [{}, 400, '请填写姓名'],
      [{ staffName: '名'.repeat(21) }, 400, '姓名不能超过20个字'],
      [{ staffName: '赵明', phone: 'abc' }, 400, '电话号码格式不正确'],
      [{ staffName: '赵明', email: 'not-an-email' }, 400, '邮箱格式不正确'],
      [{ staffName: '赵明', photoFileId: pdf }, 400, '照片须为图片文件'],
      [{ staffName: '赵明', photoFileId: 999999 }, 400, '照片不存在，请重新上传'],
      [{ staffName: '赵明', photoFileId: other }, 403, '只能使用自己上传的照片'],
      [{ staffName: '赵明', staffId: teacher.id }, 403, '只能以自己的身份操作'],
    ];
    for (const [fields, code, msg] of refusals)
      expectRefusal(await ask('updateMyInfo', fields), code, msg);
    expectRefusal(await postForm(t.app, '/api/staff/getMyInfo', {}), 401, 'token错误');
    expect(expectOk<{ staffName: string }>(await ask('getMyInfo', {})).staffName).toBe('赵明');
  });
});

describe('api/sysParameter/checkSite', () => {
  it('lets everyone open a site for everyone, and only isPower 1 the others', async () => {
    const sites = expectOk<Array<{ parameterId: number; parameterType: string }>>(
      await postForm(
        t.app,
        '/api/sysParameter/getParameter',
        { parameteCode: 'XNZD' },
        as('admin'),
      ),
    );
    const open = sites.find((s) => s.parameterType === '1')!;
    const closed = sites.find((s) => s.parameterType !== '1')!;
    const check = (parameterId: number, who: keyof typeof token) =>
      postForm(t.app, '/api/sysParameter/checkSite', { parameterId }, as(who));
    expect((await check(open.parameterId, 'teacher')).json()).toMatchObject({ status: 0 });
    expect((await check(closed.parameterId, 'admin')).json()).toMatchObject({ status: 0 });
    expectRefusal(await check(closed.parameterId, 'teacher'), 403, '您没有访问该系统的权限');
    const notSite = expectOk<Array<{ parameterId: number }>>(
      await postForm(t.app, '/api/sysParameter/getParameter', { parameteCode: 'BK' }),
    )[0]!;
    expectRefusal(await check(notSite.parameterId, 'teacher'), 404, '该站点不存在');
    expectRefusal(
      await postForm(t.app, '/api/sysParameter/checkSite', { parameterId: open.parameterId }),
      401,
      'token错误',
    );
  });
});

describe('ids past what a table holds', () => {
  it('are refused as bad ids (400), never a database error, on both databases', async () => {
    const huge = '99999999999';
    const refusal = async (path: string, fields: Record<string, string>, msg: string) =>
      expectRefusal(await postForm(t.app, `/api/${path}`, fields, as('teacher')), 400, msg);
    await refusal('addressBook/getList', { deptId: huge }, '请选择部门');
    await refusal('sysParameter/checkSite', { parameterId: huge }, '请选择站点');
    await refusal('contacts/delContacts', { contactIdArr: huge }, '请选择要移除的联系人');
    await refusal('contacts/addContacts', { idRoleArr: huge }, '请选择联系人');
    expect((await postForm(t.app, '/api/news/getNewsDetails', { newId: huge })).statusCode).toBe(
      400,
    );
  });
});
