import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

interface Node {
  fid: number;
  fname: string;
  fnum: number;
  isTop: string;
  childList: Node[];
}
interface Row {
  stype: number;
  fid: number | null;
  fname: string | null;
  fnum: number | null;
  resourcesId: number | null;
  resourcesName: string;
  resourcesFileType: string;
  resourcesSize: number;
  userName: string | null;
  isTop: string;
}
type Fields = Record<string, string | number>;

describe('api/resources: folders of the library and of my disk, a folder’s page', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  const folder = (fields: Fields, who = token.admin) =>
    ok<{ fid: number }>('addFolder', { fSuperId: '', sType: 0, fDesc: '', ...fields }, who).then(
      (data) => data.fid,
    );

  /** A resource as the drive will store it (the upload calls come with the drive's next part). */
  let seq = 0;
  const resource = async (
    folderId: number | null,
    uploader: TestStaff,
    fields: Partial<{ ownerId: number | null; isOpen: string; size: number; name: string }> = {},
  ) => {
    seq += 1;
    const file = await t.services.files.save(
      { fileName: `f${seq}.pdf`, mimeType: 'application/pdf', createdBy: uploader.id },
      Buffer.from(`%PDF-1.4 ${seq}`),
    );
    const at = new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString();
    const { id } = await t.db
      .insertInto('driveResource')
      .values({
        folderId,
        ownerId: fields.ownerId ?? null,
        uploaderId: uploader.id,
        fileId: file.id,
        name: fields.name ?? `资源${seq}.pdf`,
        fileName: `资源${seq}.pdf`,
        size: fields.size ?? 1000 * seq,
        resourcesType: '1',
        fileType: '2',
        isOpen: fields.isOpen ?? '0',
        isComment: '0',
        statusDate: at,
        createdAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  it('lets drive administrators alone shape the library; names are checked', async () => {
    const column = await folder({ fName: ' 语文 ' });
    const grade = await folder({ fName: '高一', fSuperId: column });
    expect(grade).toBeGreaterThan(column);

    expectRefusal(
      await call('addFolder', { fName: '我的栏目', sType: 0 }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    const refuse = async (fields: Fields, code: number, msg: string) =>
      expectRefusal(await call('addFolder', { sType: 0, ...fields }, token.admin), code, msg);
    await refuse({ fName: '' }, 400, '请填写新增文件夹名称');
    await refuse({ fName: '   ' }, 400, '请填写新增文件夹名称');
    await refuse({ fName: '字'.repeat(26) }, 400, '文件夹名称不能超过25个字');
    await refuse({ fName: '../etc' }, 400, '文件夹名称不能含有 / \\ 等字符');
    await refuse({ fName: '语文' }, 409, '同一目录下已有同名文件夹');
    await refuse({ fName: '高二', fSuperId: 999999 }, 404, '文件夹不存在或已删除');
    // The same name under another parent is fine.
    await folder({ fName: '语文', fSuperId: grade });

    expectRefusal(
      await call('renameFolder', { fId: grade, fName: '高一年级' }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    const renamed = await call(
      'renameFolder',
      { fId: grade, fName: '高一年级', fDesc: '' },
      token.admin,
    );
    expect(renamed.json()).toMatchObject({ status: 0, msg: '编辑成功' });
    const info = await ok<{ fname: string; path: Array<{ fname: string }>; sType: number }>(
      'getFolderInfo',
      { fId: grade },
      token.teacher,
    );
    expect(info).toMatchObject({ fname: '高一年级', sType: 0 });
    expect(info.path.map((step) => step.fname)).toEqual(['语文', '高一年级']);
  });

  it('shows the tree with the files each person may see, private ones to their uploader', async () => {
    const column = await folder({ fName: '数学' });
    const sub = await folder({ fName: '必修一', fSuperId: column });
    await resource(column, teacher);
    await resource(sub, teacher);
    await resource(sub, teacher, { isOpen: '1' });
    const tree = (who: string) => ok<Node[]>('getFolderTree', { fId: 0, sType: 0 }, who);
    const math = (nodes: Node[]) => nodes.find((node) => node.fname === '数学')!;
    expect(math(await tree(token.teacher))).toMatchObject({ fnum: 3 });
    expect(math(await tree(token.teacher)).childList[0]).toMatchObject({
      fname: '必修一',
      fnum: 2,
    });
    expect(math(await tree(token.other))).toMatchObject({ fnum: 2 });
    expect(math(await tree(token.admin))).toMatchObject({ fnum: 3 });
    const columns = await ok<
      Array<{ fname: string; fnum: number; list: Array<{ fname: string }> }>
    >('getFolderList', { layer: 0 }, token.other);
    expect(columns.find((c) => c.fname === '数学')).toMatchObject({
      fnum: 2,
      list: [{ fname: '必修一' }],
    });
  });

  it('pages a folder: its folders first, then its files (pinned first), sorted and filtered', async () => {
    const column = await folder({ fName: '英语' });
    for (const name of ['单元一', '单元二']) await folder({ fName: name, fSuperId: column });
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await resource(column, i % 2 ? teacher : other));
    const secret = await resource(column, other, { isOpen: '1', name: '私密.pdf' });
    await t.db.updateTable('driveResource').set({ isTop: 1 }).where('id', '=', ids[0]!).execute();

    const page = (fields: Fields, who = token.teacher) =>
      ok<{ total: number; list: Row[] }>(
        'getFolderFiles',
        { fId: column, pageSize: 10, ...fields },
        who,
      );
    const first = await page({
      pageNum: 1,
      KeywordName: '',
      resourcesType: '',
      resourcesFileType: '',
    });
    expect(first.total).toBe(14);
    expect(
      first.list.slice(0, 2).map((row) => [row.stype, row.fname, row.resourcesFileType]),
    ).toEqual([
      [0, '单元一', '-1'],
      [0, '单元二', '-1'],
    ]);
    expect(first.list[2]).toMatchObject({ stype: 1, resourcesId: ids[0], isTop: '1' });
    // Newest first after the pinned one.
    expect(first.list[3]!.resourcesId).toBe(ids[11]);
    const second = await page({ pageNum: 2 });
    expect(second.list).toHaveLength(4);
    expect(second.list.some((row) => row.resourcesId === secret)).toBe(false);
    expect((await page({ pageNum: 1 }, token.other)).total).toBe(15);

    const bySize = await page({ resourcesSize: 0, pageSize: 50 });
    const sizes = bySize.list
      .filter((row) => row.stype === 1)
      .slice(1)
      .map((row) => row.resourcesSize);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const byName = await page({ userName: 1, pageSize: 50 });
    const names = byName.list
      .filter((row) => row.stype === 1)
      .slice(1)
      .map((row) => row.userName);
    expect(names).toEqual([...names].sort().reverse());
    // A filter hides the folders; a keyword finds the uploader's name too.
    expect((await page({ resourcesFileType: '2', pageSize: 50 })).total).toBe(12);
    expect((await page({ resourcesFileType: '4', pageSize: 50 })).total).toBe(0);
    expect((await page({ KeywordName: '王老师', pageSize: 50 })).total).toBe(6);
    expect(
      (await page({ KeywordName: '单元', pageSize: 50 })).list.map((row) => row.fname),
    ).toEqual(['单元一', '单元二']);
    expectRefusal(
      await call('getFolderFiles', { fId: column, statusDate: 3 }, token.teacher),
      400,
      'statusDate 须为 0 或 1',
    );
  });

  it('keeps my disk mine: folders, files and pages of another person are refused', async () => {
    const mine = await folder({ fName: '我的教案', sType: 1 }, token.teacher);
    await resource(mine, teacher, { ownerId: teacher.id });
    await resource(null, teacher, { ownerId: teacher.id, name: '散放.pdf' });
    const top = await ok<{ total: number; list: Row[] }>(
      'getFolderFiles',
      { sType: 1, fId: '' },
      token.teacher,
    );
    expect(top.list.map((row) => row.resourcesName)).toEqual(['我的教案', '散放.pdf']);
    expect((await ok<{ total: number }>('getFolderFiles', { sType: 1 }, token.other)).total).toBe(
      0,
    );
    expectRefusal(
      await call('getFolderFiles', { fId: mine }, token.other),
      403,
      '只能操作自己的网盘',
    );
    expectRefusal(
      await call('getFolderInfo', { fId: mine }, token.other),
      403,
      '只能操作自己的网盘',
    );
    expectRefusal(
      await call('renameFolder', { fId: mine, fName: '改' }, token.other),
      403,
      '只能操作自己的网盘',
    );
    expectRefusal(await call('delFolder', { fId: mine }, token.admin), 403, '只能操作自己的网盘');
    expectRefusal(
      await call('addFolder', { fName: '子', fSuperId: mine, sType: 0 }, token.admin),
      403,
      '只能操作自己的网盘',
    );
    expectRefusal(
      await call('getFolderTree', { userId: other.id, sType: 1 }, token.teacher),
      403,
      '只能以自己的身份操作',
    );
    const tree = await ok<Node[]>('getFolderTree', { sType: 1 }, token.teacher);
    expect(tree).toEqual([expect.objectContaining({ fname: '我的教案', fnum: 1 })]);
  });

  it('counts what a delete takes and deletes the whole subtree at once; pins', async () => {
    const column = await folder({ fName: '物理' });
    const a = await folder({ fName: '力学', fSuperId: column });
    const b = await folder({ fName: '受力分析', fSuperId: a });
    await resource(column, teacher);
    await resource(a, teacher);
    await resource(b, other, { isOpen: '1' });
    expect(await ok('getFolderNum', { fId: column }, token.admin)).toEqual([
      { fnum: 2 },
      { fnum: 3 },
    ]);
    expect(await ok('getFolderNum', { fId: b }, token.admin)).toEqual([{ fnum: 0 }, { fnum: 1 }]);

    expectRefusal(
      await call('topFolder', { fId: a }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    expect((await call('topFolder', { fId: a }, token.admin)).json()).toMatchObject({
      status: 0,
      msg: '置顶成功',
    });
    expectRefusal(await call('topFolder', { fId: a }, token.admin), 409, '该文件夹已置顶');
    expect((await call('untopFolder', { fId: a }, token.admin)).json()).toMatchObject({
      status: 0,
    });

    expectRefusal(
      await call('delFolder', { fId: column }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    expect((await call('delFolder', { fId: column }, token.admin)).json()).toMatchObject({
      status: 0,
      msg: '删除成功',
    });
    const left = await t.db
      .selectFrom('driveFolder')
      .select('id')
      .where('id', 'in', [column, a, b])
      .execute();
    expect(left).toEqual([]);
    const files = await t.db
      .selectFrom('driveResource')
      .select('id')
      .where('folderId', 'in', [column, a, b])
      .execute();
    expect(files).toEqual([]);
    // Issue 19: the folder waits in the 回收站; purged, the bytes go with the last resource
    // over them; the others' stay.
    const bin = await ok<{ list: Array<{ resId: number; resourcesName: string }> }>(
      'getRecycleList',
      { scope: 'library' },
      token.admin,
    );
    expect(bin.list[0]?.resourcesName).toBe('物理');
    await ok('purgeResource', { resId: bin.list[0]!.resId }, token.admin);
    const stored = await t.db
      .selectFrom('storedFile')
      .select('id')
      .where('fileName', 'like', 'f%.pdf')
      .execute();
    const used = await t.db.selectFrom('driveResource').select('fileId').execute();
    expect(stored.map((row) => row.id).sort()).toEqual(
      [...new Set(used.map((row) => row.fileId))].sort(),
    );
    expectRefusal(
      await call('delFolder', { fId: column }, token.admin),
      404,
      '文件夹不存在或已删除',
    );
  });
});
