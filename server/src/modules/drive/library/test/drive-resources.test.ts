import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Detail {
  resourcesId: number;
  resourcesName: string;
  resourcesFname: string;
  resourcesSize: number;
  resourcesIsOpen: string;
  resourcesIsComment: string;
  resourcesFileType: string;
  resourcesPath: string;
  userName: string;
  folderPath: string;
  sType: number;
  canEdit: boolean;
  canDelete: boolean;
  isGivelike: number;
  isFavorites: number;
}

describe('api/resources: registering uploads, reading, editing, deleting, pinning, moving', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;
  let unit = 0;

  beforeAll(async () => {
    // A small disk, so the quota is reached in a test.
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: '3000' } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    const add = (fields: Fields) =>
      postForm(t.app, '/api/resources/addFolder', { sType: 0, ...fields }, { token: token.admin });
    column = expectOk<{ fid: number }>(await add({ fName: '化学' })).fid;
    unit = expectOk<{ fid: number }>(await add({ fName: '第一单元', fSuperId: column })).fid;
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  /** An upload of `owner`'s, as the drive's upload answers it (its url). */
  const upload = async (owner: TestStaff, fileName: string, size = 1000) => {
    const file = await t.services.files.save(
      { fileName, mimeType: 'application/pdf', createdBy: owner.id },
      Buffer.alloc(size, 0x41),
    );
    return `/api/files/${file.id}`;
  };
  const register = async (fields: Fields, who = token.teacher) =>
    (
      await ok<{ resourcesId: number }>(
        'addResource',
        {
          fId: unit,
          resourcesType: '1',
          resourcesFileType: '',
          resourcesIsOpen: '',
          resourcesIsComment: '',
          resourcesDesc: '',
          resourcesName: '',
          resourcesFname: '',
          ...fields,
        },
        who,
      )
    ).resourcesId;

  it('registers an upload in a library folder for anyone, with the spec’s defaults', async () => {
    const path = await upload(teacher, '酸碱盐.pdf');
    const id = await register({ resourcesPath: path, resourcesSize: 1 });
    const detail = await ok<Detail>('getResourcesDetail', { resourcesId: id }, token.other);
    expect(detail).toMatchObject({
      resourcesName: '酸碱盐.pdf',
      resourcesFname: '酸碱盐.pdf',
      // The stored size, not what the page said.
      resourcesSize: 1000,
      resourcesIsOpen: '2',
      resourcesIsComment: '1',
      resourcesFileType: '2',
      userName: '林老师',
      folderPath: `${column}/${unit},化学/第一单元`,
      sType: 0,
      canEdit: false,
      canDelete: false,
      isGivelike: 0,
      isFavorites: 0,
    });
    expect(
      (await ok<Detail>('getResourcesDetail', { resourcesId: id }, token.teacher)).canEdit,
    ).toBe(true);
    expect(
      (await ok<Detail>('getResourcesDetail', { resourcesId: id }, token.admin)).canDelete,
    ).toBe(true);

    // Someone else's upload, a missing file, a bad extension, no type, no folder.
    const refuse = async (fields: Fields, code: number, msg: string, who = token.other) =>
      expectRefusal(
        await call('addResource', { fId: unit, resourcesType: '1', ...fields }, who),
        code,
        msg,
      );
    await refuse({ resourcesPath: path }, 403, '只能登记自己上传的文件');
    await refuse({ resourcesPath: '/api/files/999999' }, 400, '文件不存在，请重新上传');
    await refuse({ resourcesPath: 'C:/x.pdf' }, 400, '请选择文件');
    await refuse(
      { resourcesPath: await upload(other, '脚本.exe') },
      400,
      '不符合格式文件：脚本.exe',
    );
    await refuse(
      { resourcesPath: await upload(other, 'a.pdf'), resourcesType: '' },
      400,
      '请选择资源类型',
    );
    await refuse({ resourcesPath: await upload(other, 'b.pdf'), fId: '' }, 400, '请选择文件夹');
    await refuse(
      { resourcesPath: await upload(other, 'c.pdf'), fId: 999999 },
      404,
      '文件夹不存在或已删除',
    );
  });

  it('registers a batch of at most 10 at once', async () => {
    const list = [];
    for (let i = 0; i < 3; i += 1) {
      list.push({
        resourcesName: `练习${i}.pdf`,
        resourcesPath: await upload(other, `练习${i}.pdf`),
      });
    }
    const added = await ok<{ resourcesIdArr: number[] }>(
      'batchAddResource',
      { fId: unit, resourcesType: '3', fileAddList: JSON.stringify(list) },
      token.other,
    );
    expect(added.resourcesIdArr).toHaveLength(3);
    const eleven = Array.from({ length: 11 }, () => ({ resourcesPath: '/api/files/1' }));
    expectRefusal(
      await call(
        'batchAddResource',
        { fId: unit, resourcesType: '3', fileAddList: JSON.stringify(eleven) },
        token.other,
      ),
      400,
      '一次最多上传10个文件',
    );
    expectRefusal(
      await call(
        'batchAddResource',
        { fId: unit, resourcesType: '3', fileAddList: '[]' },
        token.other,
      ),
      400,
      '请上传文件',
    );
  });

  it('keeps a private file to its uploader and the drive administrators, by id and by address', async () => {
    const path = await upload(teacher, '私人笔记.pdf');
    const id = await register({ resourcesPath: path, resourcesIsOpen: '1' });
    expectRefusal(
      await call('getResourcesDetail', { resourcesId: id }, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    await ok('getResourcesDetail', { resourcesId: id }, token.admin);
    const read = (who: string) =>
      t.app.inject({ url: path, headers: { authorization: `Bearer ${who}` } });
    expect((await read(token.teacher)).statusCode).toBe(200);
    expect((await read(token.admin)).statusCode).toBe(200);
    expectRefusal(await read(token.other), 403, '该文件为私有文件，只有上传者可以查看');
    expect((await t.app.inject({ url: path })).statusCode).toBe(401);
    const page = await ok<{ list: Array<{ resourcesId: number | null }> }>(
      'getFolderFiles',
      { fId: unit, pageSize: 50 },
      token.other,
    );
    expect(page.list.some((row) => row.resourcesId === id)).toBe(false);
  });

  it('lets the uploader and drive administrators edit; the edit form’s fields are required', async () => {
    const id = await register({ resourcesPath: await upload(teacher, '教案.pdf') });
    const edit = (fields: Fields, who: string) =>
      call(
        'editResource',
        {
          resourcesId: id,
          resourcesType: '2',
          resourcesFileType: '3',
          resourcesIsOpen: '0',
          resourcesIsComment: '0',
          resourcesDesc: '第一课时',
          ...fields,
        },
        who,
      );
    expect((await edit({ resourcesName: '教案（修订）.pdf' }, token.teacher)).json()).toMatchObject(
      {
        status: 0,
        msg: '编辑成功',
      },
    );
    const detail = await ok<Detail>('getResourcesDetail', { resourcesId: id }, token.teacher);
    expect(detail).toMatchObject({
      resourcesName: '教案（修订）.pdf',
      resourcesFileType: '3',
      resourcesIsComment: '0',
    });
    expectRefusal(await edit({}, token.other), 403, '只能编辑自己上传的文件');
    expect((await edit({}, token.admin)).statusCode).toBe(200);
    expectRefusal(
      await edit({ resourcesDesc: '' }, token.teacher),
      400,
      '请输入文件描述，不超过300个字',
    );
    expectRefusal(await edit({ resourcesIsOpen: '' }, token.teacher), 400, '请选择是否公开');
    expectRefusal(
      await edit({ resourcesIsComment: '5' }, token.teacher),
      400,
      '请选择是否可以评论',
    );
    expectRefusal(await edit({ resourcesType: '' }, token.teacher), 400, '请选择资源类型');
  });

  it('deletes (library: drive administrators), dropping the bytes only when nothing uses them', async () => {
    const path = await upload(teacher, '作业.pdf');
    const id = await register({ resourcesPath: path });
    const fileId = Number(path.split('/').pop());
    // Only a drive administrator copies a library file (a teacher keeps it by 收藏).
    expectRefusal(
      await call(
        'moveResource',
        { resourcesId: id, moveType: 1, fIdOld: unit, fIdNew: 0, sType: 1 },
        token.teacher,
      ),
      403,
      '只有网盘管理员可以进行此操作',
    );
    expectRefusal(
      await call('delResource', { resourcesId: id }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    const mine = await ok<{ total: number; list: Array<{ resourcesId: number | null }> }>(
      'getFolderFiles',
      { sType: 1 },
      token.teacher,
    );
    expect(mine.total).toBe(0);

    const second = await register({ resourcesPath: path, resourcesName: '作业副本.pdf' });
    expect((await call('delResource', { resourcesId: id }, token.admin)).json()).toMatchObject({
      status: 0,
      msg: '删除成功',
    });
    const stored = () =>
      t.db.selectFrom('storedFile').select('storageKey').where('id', '=', fileId).execute();
    expect(await stored()).toHaveLength(1);
    const [{ storageKey }] = await stored();
    await ok('delResource', { resourcesId: String(second) }, token.admin);
    // Issue 19: both wait in the 回收站, holding the bytes; purged, the bytes go.
    expect(await stored()).toHaveLength(1);
    const bin = await ok<{ list: Array<{ resId: number }> }>(
      'getRecycleList',
      { scope: 'library', KeywordName: '作业' },
      token.admin,
    );
    expect(bin.list).toHaveLength(2);
    for (const entry of bin.list) await ok('purgeResource', { resId: entry.resId }, token.admin);
    expect(await stored()).toEqual([]);
    expect(await t.services.files.storage.has(storageKey!)).toBe(false);
    expectRefusal(
      await call('delResource', { resourcesId: second }, token.admin),
      404,
      '文件不存在或已删除',
    );
  });

  it('pins in the library for drive administrators; a disk’s owner pins their own', async () => {
    const id = await register({ resourcesPath: await upload(teacher, '置顶.pdf') });
    expectRefusal(
      await call('topResource', { resourcesId: id }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    expect((await call('topResource', { resourcesId: id }, token.admin)).json()).toMatchObject({
      msg: '置顶成功',
    });
    expectRefusal(await call('topResource', { resourcesId: id }, token.admin), 409, '该文件已置顶');
    await ok('untopResource', { resourcesId: id }, token.admin);
    const own = await register({
      resourcesPath: await upload(teacher, '我的.pdf', 10),
      fId: '',
      sType: 1,
    });
    await ok('topResource', { resourcesId: own }, token.teacher);
    expectRefusal(
      await call('topResource', { resourcesId: own }, token.admin),
      403,
      '只能操作自己的网盘',
    );
  });

  it('keeps my disk within its quota', async () => {
    const q = await ok<{ used: number; total: number }>('getMyQuota', {}, token.other);
    expect(q).toEqual({ used: 0, pending: 0, total: 3000 });
    await register(
      { resourcesPath: await upload(other, '大1.pdf', 2000), fId: '', sType: 1 },
      token.other,
    );
    expectRefusal(
      await call(
        'addResource',
        { resourcesPath: await upload(other, '大2.pdf', 1500), resourcesType: '1', sType: 1 },
        token.other,
      ),
      413,
      '我的网盘空间不足：剩余 0.00M，需要 0.00M',
    );
    expect((await ok<{ used: number }>('getMyQuota', {}, token.other)).used).toBe(2000);
    // A resumable upload meant for the disk is refused before any byte is sent.
    const meta = (fields: Record<string, string>) =>
      Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
        .join(',');
    const start = (sType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/resources/tus/',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '1500',
          'upload-metadata': meta({ filename: '大3.pdf', sType }),
          authorization: `Bearer ${token.other}`,
        },
      });
    const refused = await start('1');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ msg: '我的网盘空间不足：剩余 0.00M，需要 0.00M' });
    // The library has no quota.
    expect((await start('0')).statusCode).toBe(201);
    // The single-file dialog's upload for the disk is refused before its bytes are stored too.
    const files = await t.db.selectFrom('storedFile').select('id').execute();
    const single = await postFile(
      t.app,
      '/api/resources/upload.do?sType=1',
      {
        name: '大4.pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1500, 0x20)]),
      },
      { token: token.other },
    );
    expect(single.statusCode).toBe(413);
    expect(await t.db.selectFrom('storedFile').select('id').execute()).toHaveLength(files.length);
  });

  it('moves and copies with the spec’s checks; a folder never goes below itself', async () => {
    const a = (await ok<{ fid: number }>('addFolder', { fName: '甲', sType: 1 }, token.teacher))
      .fid;
    const b = (
      await ok<{ fid: number }>('addFolder', { fName: '乙', fSuperId: a, sType: 1 }, token.teacher)
    ).fid;
    const c = (await ok<{ fid: number }>('addFolder', { fName: '丙', sType: 1 }, token.teacher))
      .fid;
    const file = await register({ resourcesPath: await upload(teacher, '移动.pdf', 10), fId: a });
    const move = (fields: Fields, who = token.teacher) =>
      call('moveResource', { moveType: 2, ...fields }, who);

    expectRefusal(
      await move({ resourcesId: file, fIdOld: a, fIdNew: a }),
      400,
      '请移动到不同于自己的文件夹',
    );
    expectRefusal(await move({ resourcesId: file, fIdOld: a, fIdNew: '' }), 400, '请选择移动目录');
    expect((await move({ resourcesId: file, fIdOld: a, fIdNew: c })).json()).toMatchObject({
      msg: '移动成功',
    });
    const inC = await ok<{ list: Array<{ resourcesId: number | null }> }>(
      'getFolderFiles',
      { fId: c },
      token.teacher,
    );
    expect(inC.list.map((row) => row.resourcesId)).toEqual([file]);

    expectRefusal(
      await move({ fId: a, fIdNew: b }),
      400,
      '不能把文件夹移动到它自己或它的下级文件夹里',
    );
    expectRefusal(
      await move({ fId: a, fIdNew: a }),
      400,
      '不能把文件夹移动到它自己或它的下级文件夹里',
    );
    expectRefusal(await move({ fId: b, fIdNew: a }), 400, '请移动到不同于自己的文件夹');
    await ok('moveResource', { moveType: 2, fId: b, fIdNew: c }, token.teacher);
    const tree = await ok<
      Array<{ fname: string; childList: Array<{ fname: string; layer: number }> }>
    >('getFolderTree', { sType: 1 }, token.teacher);
    expect(tree.find((node) => node.fname === '丙')!.childList).toEqual([
      expect.objectContaining({ fname: '乙', layer: 1 }),
    ]);
    // Another person's disk, the library without being its administrator.
    expectRefusal(
      await move({ resourcesId: file, fIdNew: a }, token.other),
      403,
      '只能操作自己的网盘',
    );
    const shared = await register({ resourcesPath: await upload(teacher, '共享.pdf', 10) });
    expectRefusal(
      await call(
        'moveResource',
        { resourcesId: shared, moveType: 0, fIdOld: unit, fIdNew: column },
        token.teacher,
      ),
      403,
      '只有网盘管理员可以进行此操作',
    );
    await ok(
      'moveResource',
      { resourcesId: shared, moveType: 0, fIdOld: unit, fIdNew: column },
      token.admin,
    );

    // 复制到公共盘: a file of one's disk copied into a library folder, the bytes not copied.
    const before = await t.db.selectFrom('storedFile').select('id').execute();
    expect(
      (
        await call(
          'moveResource',
          { resourcesId: file, moveType: 1, fIdOld: c, fIdNew: unit, sType: 0 },
          token.teacher,
        )
      ).json(),
    ).toMatchObject({ status: 0, msg: '复制成功' });
    expect(await t.db.selectFrom('storedFile').select('id').execute()).toHaveLength(before.length);
    const copies = await t.db
      .selectFrom('driveResource')
      .select(['ownerId', 'folderId'])
      .where('name', '=', '移动.pdf')
      .execute();
    expect(copies).toEqual(
      expect.arrayContaining([
        { ownerId: teacher.id, folderId: c },
        { ownerId: null, folderId: unit },
      ]),
    );
    expectRefusal(
      await move({ fId: a, fIdNew: unit, moveType: 1 }),
      400,
      '文件夹只能移动，不能复制',
    );
  });
});
