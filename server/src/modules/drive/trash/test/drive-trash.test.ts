import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { randomBytes } from 'node:crypto';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Row {
  resId: number;
  stype: number;
  resourcesName: string;
  place: string;
  sType: number;
  daysLeft: number;
  resourcesSize: number;
  fileCount: number;
  userName: string;
}
interface Page<T> {
  total: number;
  list: T[];
}

/** Issue 19: deletions go to the 回收站 (30 days), restored, purged by hand or by the daily purge. */
describe('api/resources 回收站: delete, list, restore, purge', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;
  let unit = 0;

  async function relogin() {
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: '5000', DRIVE_TRASH_DAYS: '30' } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    await relogin();
    column = (await ok<{ fid: number }>('addFolder', { sType: 0, fName: '物理' }, token.admin)).fid;
    unit = (
      await ok<{ fid: number }>(
        'addFolder',
        { sType: 0, fName: '力学', fSuperId: column },
        token.admin,
      )
    ).fid;
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }
  const get = (url: string, who?: string) =>
    t.app.inject({ url, headers: who ? { authorization: `Bearer ${who}` } : {} });

  /** A stored upload of `owner`'s, `size` bytes of `fill`. */
  const upload = async (owner: TestStaff, fileName: string, size = 500, fill = 0x41) => {
    const file = await t.services.files.save(
      { fileName, mimeType: 'application/pdf', createdBy: owner.id },
      Buffer.alloc(size, fill),
    );
    return { path: `/api/files/${file.id}`, fileId: file.id };
  };
  const register = async (who: string, path: string, place: Fields, name = '') =>
    (
      await ok<{ resourcesId: number }>(
        'addResource',
        { resourcesType: '1', resourcesPath: path, resourcesName: name, ...place },
        who,
      )
    ).resourcesId;
  const bin = (who: string, scope = 'mine', keyword = '') =>
    ok<Page<Row>>('getRecycleList', { scope, KeywordName: keyword }, who);
  const storedRow = (fileId: number) =>
    t.db.selectFrom('storedFile').select('storageKey').where('id', '=', fileId).executeTakeFirst();

  it('a deleted disk file leaves every list, search, detail, file address and zip, and shows only in the bin', async () => {
    const folder = (
      await ok<{ fid: number }>('addFolder', { sType: 1, fName: '教案' }, token.teacher)
    ).fid;
    const { path, fileId } = await upload(teacher, '牛顿定律教案.pdf');
    const id = await register(token.teacher, path, { fId: folder });
    const share = await ok<{ shareCode: string }>('share', { resourcesId: id }, token.teacher);
    expect(share.shareCode).toBeTruthy();
    await ok('addFavorites', { resourcesId: id }, token.teacher);

    expect((await call('delResource', { resourcesId: id }, token.teacher)).json()).toMatchObject({
      status: 0,
      msg: '删除成功',
    });

    const list = await bin(token.teacher);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      stype: 1,
      resourcesName: '牛顿定律教案.pdf',
      place: '我的网盘 / 教案',
      sType: 1,
      daysLeft: 30,
      resourcesSize: 500,
      fileCount: 1,
      userName: '林老师',
    });
    // Nowhere else: folder list, search, my favourites and shares, detail, download, file address, zip.
    const files = await ok<Page<{ resourcesId: number | null }>>(
      'getFolderFiles',
      { fId: folder },
      token.teacher,
    );
    expect(files.list.filter((row) => row.resourcesId === id)).toEqual([]);
    const found = await ok<Page<unknown>>(
      'searchResources',
      { zylxType: 2, KeywordName: '牛顿' },
      token.teacher,
    );
    expect(found.total).toBe(0);
    expect((await ok<Page<unknown>>('getMyFavorites', {}, token.teacher)).total).toBe(0);
    expect((await ok<Page<unknown>>('getMyShares', {}, token.teacher)).total).toBe(0);
    expectRefusal(
      await call('getResourcesDetail', { resourcesId: id }, token.teacher),
      404,
      '文件不存在或已删除',
    );
    expectRefusal(
      await call('download', { resourcesId: id }, token.teacher),
      404,
      '文件不存在或已删除',
    );
    expect((await get(`/api/resources/file/${id}`, token.teacher)).statusCode).toBe(404);
    expect((await get(`/api/resources/file/${id}`, token.admin)).statusCode).toBe(404);
    expect(
      (await get(`/api/resources/selectionZip?resourcesId=${id}`, token.teacher)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // The stored bytes are read by nobody but their uploader (the one rule's "the uploader
    // always reads what they uploaded"): not another teacher, not a drive admin, not a visitor.
    expect((await get(`/api/files/${fileId}`, token.other)).statusCode).toBe(403);
    expect((await get(`/api/files/${fileId}`, token.admin)).statusCode).toBe(403);
    expect((await get(`/api/files/${fileId}`)).statusCode).toBe(401);
    // The bin counts toward the disk.
    expect((await ok<{ used: number }>('getMyQuota', {}, token.teacher)).used).toBe(500);

    // Others cannot see, restore or purge it.
    expect((await bin(token.other)).total).toBe(0);
    const entry = list.list[0]!.resId;
    expectRefusal(
      await call('restoreResource', { resId: entry }, token.other),
      403,
      '只能还原或删除自己删除的项目（教学网盘的由网盘管理员处理）',
    );
    expectRefusal(
      await call('purgeResource', { resId: entry }, token.admin),
      403,
      '只能还原或删除自己删除的项目（教学网盘的由网盘管理员处理）',
    );
    expectRefusal(
      await call('getRecycleList', { scope: 'library' }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    expect((await postForm(t.app, '/api/resources/getRecycleList', {})).statusCode).toBe(401);

    // Restored into its folder, with its id, favourite and file address back.
    const placed = await ok<{ fid: number | null; name: string; toTop: boolean }>(
      'restoreResource',
      { resId: entry },
      token.teacher,
    );
    expect(placed).toEqual({ fid: folder, name: '牛顿定律教案.pdf', toTop: false });
    expect((await bin(token.teacher)).total).toBe(0);
    const detail = await ok<{ isFavorites: number; folderPath: string }>(
      'getResourcesDetail',
      { resourcesId: id },
      token.teacher,
    );
    expect(detail).toMatchObject({ isFavorites: 1, folderPath: `${folder},教案` });
    expect(
      (
        await ok<Page<unknown>>(
          'searchResources',
          { zylxType: 2, KeywordName: '牛顿' },
          token.teacher,
        )
      ).total,
    ).toBe(1);
    expect((await get(`/api/resources/file/${id}`, token.teacher)).statusCode).toBe(200);
    expect((await ok<{ used: number }>('getMyQuota', {}, token.teacher)).used).toBe(500);
    // Restoring twice: gone from the bin.
    expectRefusal(
      await call('restoreResource', { resId: entry }, token.teacher),
      404,
      '回收站中没有该项目，可能已还原或已彻底删除',
    );
  });

  it('restores to the top when its folder is gone, keeping both names when one is taken', async () => {
    const folder = (
      await ok<{ fid: number }>('addFolder', { sType: 1, fName: '临时' }, token.teacher)
    ).fid;
    const id = await register(token.teacher, (await upload(teacher, '作业.pdf', 100)).path, {
      fId: folder,
    });
    await ok('delResource', { resourcesId: id }, token.teacher);
    // The folder goes too (into the bin, as its own entry), and a file of that name appears at the top.
    await ok('delFolder', { fId: folder }, token.teacher);
    await register(token.teacher, (await upload(teacher, '作业.pdf', 100, 0x42)).path, {
      sType: 1,
    });
    const rows = (await bin(token.teacher)).list;
    expect(rows.map((row) => [row.stype, row.resourcesName])).toEqual([
      [0, '临时'],
      [1, '作业.pdf'],
    ]);
    const placed = await ok<{ fid: number | null; name: string; toTop: boolean }>(
      'restoreResource',
      { resId: rows[1]!.resId },
      token.teacher,
    );
    expect(placed).toEqual({ fid: null, name: '作业(1).pdf', toTop: true });
    const top = await ok<Page<{ resourcesName: string }>>(
      'getFolderFiles',
      { sType: 1 },
      token.teacher,
    );
    expect(top.list.map((row) => row.resourcesName)).toEqual(
      expect.arrayContaining(['作业.pdf', '作业(1).pdf']),
    );
    // The folder restored with its place.
    await ok('restoreResource', { resId: rows[0]!.resId }, token.teacher);
    const tree = await ok<Array<{ fname: string }>>('getFolderTree', { sType: 1 }, token.teacher);
    expect(tree.map((node) => node.fname)).toContain('临时');
  });

  it('a library folder goes as one entry with its files and subfolders; drive administrators see the library’s bin', async () => {
    const sub = (
      await ok<{ fid: number }>(
        'addFolder',
        { sType: 0, fName: '电学', fSuperId: column },
        token.admin,
      )
    ).fid;
    const deep = (
      await ok<{ fid: number }>(
        'addFolder',
        { sType: 0, fName: '电路', fSuperId: sub },
        token.admin,
      )
    ).fid;
    const a = await register(token.teacher, (await upload(teacher, '欧姆定律.pdf', 300)).path, {
      fId: sub,
    });
    const b = await register(token.other, (await upload(other, '串联电路.pdf', 200)).path, {
      fId: deep,
    });
    // Teachers may not delete library folders; a drive administrator may.
    expectRefusal(
      await call('delFolder', { fId: sub }, token.teacher),
      403,
      '只有网盘管理员可以进行此操作',
    );
    await ok('delFolder', { fId: sub }, token.admin);
    const library = await bin(token.admin, 'library');
    expect(library.list[0]).toMatchObject({
      stype: 0,
      resourcesName: '电学',
      place: '教学网盘 / 物理',
      sType: 0,
      fileCount: 2,
      resourcesSize: 500,
      userName: '网盘管理员',
    });
    // The uploaders do not see it in their bin (they did not delete it) nor anywhere else.
    expect((await bin(token.teacher)).list.some((row) => row.resourcesName === '电学')).toBe(false);
    expectRefusal(
      await call('getResourcesDetail', { resourcesId: a }, token.teacher),
      404,
      '文件不存在或已删除',
    );
    expectRefusal(
      await call('getFolderInfo', { fId: deep }, token.teacher),
      404,
      '文件夹不存在或已删除',
    );
    expect((await get(`/api/resources/folderZip/${sub}`, token.admin)).statusCode).toBe(404);
    const tree = await ok<Array<{ fname: string; childList: Array<{ fname: string }> }>>(
      'getFolderTree',
      { sType: 0 },
      token.teacher,
    );
    expect(JSON.stringify(tree)).not.toContain('电学');
    expect(
      (
        await ok<Page<unknown>>(
          'searchResources',
          { zylxType: 0, KeywordName: '电路' },
          token.admin,
        )
      ).total,
    ).toBe(0);

    expectRefusal(
      await call('restoreResource', { resId: library.list[0]!.resId }, token.teacher),
      403,
      '只能还原或删除自己删除的项目（教学网盘的由网盘管理员处理）',
    );
    await ok('restoreResource', { resId: library.list[0]!.resId }, token.admin);
    const info = await ok<{ path: Array<{ fname: string }>; layer: number }>(
      'getFolderInfo',
      { fId: deep },
      token.teacher,
    );
    expect(info.path.map((step) => step.fname)).toEqual(['物理', '电学', '电路']);
    expect(
      (await ok<{ resourcesName: string }>('getResourcesDetail', { resourcesId: b }, token.teacher))
        .resourcesName,
    ).toBe('串联电路.pdf');
  });

  it('purges by hand: the stored bytes go only when no other file or version uses them', async () => {
    const shared = await upload(teacher, '共用.pdf', 400);
    const first = await register(token.teacher, shared.path, { fId: unit }, '共用一.pdf');
    const second = await register(token.teacher, shared.path, { fId: unit }, '共用二.pdf');
    await ok('delResource', { resourcesId: first }, token.admin);
    const entry = (await bin(token.admin, 'library', '共用一')).list[0]!.resId;
    const { storageKey } = (await storedRow(shared.fileId))!;
    expect((await call('purgeResource', { resId: entry }, token.admin)).json()).toMatchObject({
      status: 0,
      msg: '已彻底删除',
    });
    // The other file still uses the bytes.
    expect(await storedRow(shared.fileId)).toBeTruthy();
    expect(await t.services.files.storage.has(storageKey)).toBe(true);
    await ok('delResource', { resourcesId: second }, token.admin);
    const again = (await bin(token.admin, 'library', '共用二')).list[0]!.resId;
    expect(await t.services.files.storage.has(storageKey)).toBe(true);
    await ok('purgeResource', { resId: again }, token.admin);
    expect(await storedRow(shared.fileId)).toBeUndefined();
    expect(await t.services.files.storage.has(storageKey)).toBe(false);
    expectRefusal(
      await call('purgeResource', { resId: again }, token.admin),
      404,
      '回收站中没有该项目，可能已还原或已彻底删除',
    );
  });

  it('bytes uploaded through the drive, replaced and binned count once: as versions and in the bin, not also as pending', async () => {
    const pdf = (size: number) => {
      const bytes = randomBytes(size);
      bytes.write('%PDF-1.4\n', 0, 'latin1');
      return bytes;
    };
    const send = async (size: number) =>
      expectOk<{ url: string }>(
        await postFile(
          t.app,
          '/api/resources/upload.do',
          { name: '周测.pdf', data: pdf(size) },
          { token: token.admin },
        ),
      ).url;
    const quota = () => ok<{ used: number; pending: number }>('getMyQuota', {}, token.admin);
    const before = await quota();
    const id = await register(token.admin, await send(300), { sType: 1 });
    await ok(
      'addResource',
      { sType: 1, resourcesType: '1', resourcesPath: await send(200), onConflict: 'replace' },
      token.admin,
    );
    expect(await quota()).toMatchObject({ used: before.used + 500, pending: before.pending });
    await ok('delResource', { resourcesId: id }, token.admin);
    expect(await quota()).toMatchObject({ used: before.used + 500, pending: before.pending });
  });

  it('the bin counts toward the quota; the daily purge removes entries older than DRIVE_TRASH_DAYS', async () => {
    const before = (await ok<{ used: number }>('getMyQuota', {}, token.other)).used;
    const big = await upload(other, '大文件.pdf', 3000);
    const id = await register(token.other, big.path, { sType: 1 });
    await ok('delResource', { resourcesId: id }, token.other);
    expect((await ok<{ used: number }>('getMyQuota', {}, token.other)).used).toBe(before + 3000);
    // 5000 bytes: the bin's 3000 leave no room for another 3000.
    expectRefusal(
      await call(
        'addResource',
        {
          sType: 1,
          resourcesType: '1',
          resourcesPath: (await upload(other, '又一个.pdf', 3000)).path,
        },
        token.other,
      ),
      413,
      '我的网盘空间不足：剩余 0.00M，需要 0.00M',
    );
    const { storageKey } = (await storedRow(big.fileId))!;

    t.clock.advanceMinutes(29 * 24 * 60);
    await t.services.uploadSweep.run();
    await relogin();
    const kept = await bin(token.other);
    expect(kept.list.find((row) => row.resourcesName === '大文件.pdf')?.daysLeft).toBe(1);

    t.clock.advanceMinutes(2 * 24 * 60);
    await t.services.uploadSweep.run();
    await relogin();
    expect((await bin(token.other)).list.some((row) => row.resourcesName === '大文件.pdf')).toBe(
      false,
    );
    expect(await storedRow(big.fileId)).toBeUndefined();
    expect(await t.services.files.storage.has(storageKey)).toBe(false);
  });
});
