import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Version {
  versionId: number;
  resourcesId: number;
  resourcesFname: string;
  resourcesSize: number;
  userName: string;
  createDate: string;
  replaceDate: string;
  url: string;
  canRestore: boolean;
}

/** Issue 19: an upload of a name the folder holds asks 保留两者 / 替换; 替换 keeps versions. */
describe('api/resources versions: checkNames, keep both, replace, list, restore', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let unit = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: '5000' } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    const column = (
      await ok<{ fid: number }>('addFolder', { sType: 0, fName: '语文' }, token.admin)
    ).fid;
    unit = (
      await ok<{ fid: number }>(
        'addFolder',
        { sType: 0, fName: '古诗', fSuperId: column },
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
  const upload = async (
    owner: TestStaff,
    fileName: string,
    text: string,
    mimeType = 'text/plain',
  ) => {
    const file = await t.services.files.save(
      { fileName, mimeType, createdBy: owner.id },
      Buffer.from(text),
    );
    return { path: `/api/files/${file.id}`, fileId: file.id };
  };
  const register = async (who: string, path: string, place: Fields, onConflict = '') =>
    (
      await ok<{ resourcesId: number }>(
        'addResource',
        { resourcesType: '1', resourcesPath: path, onConflict, ...place },
        who,
      )
    ).resourcesId;
  const content = async (id: number, who: string) =>
    (await get(`/api/resources/file/${id}`, who)).body;

  it('checkNames tells the clashing names; keep both adds “名称(1)”; an empty onConflict keeps today’s behaviour', async () => {
    const first = await register(token.teacher, (await upload(teacher, '静夜思.txt', 'a')).path, {
      fId: unit,
    });
    expect(
      await ok<string[]>(
        'checkNames',
        { fId: unit, names: JSON.stringify(['静夜思.txt', '春晓.txt']) },
        token.teacher,
      ),
    ).toEqual(['静夜思.txt']);
    expectRefusal(
      await call('checkNames', { fId: unit, names: '{x}' }, token.teacher),
      400,
      '文件名列表格式不正确',
    );
    expectRefusal(
      await call('checkNames', { fId: unit, names: '[]', onConflict: 'merge' }, token.teacher),
      400,
      'onConflict 须为 keep（保留两者）或 replace（替换）',
    );
    const kept = await register(
      token.teacher,
      (await upload(teacher, '静夜思.txt', 'b')).path,
      { fId: unit },
      'keep',
    );
    expect(kept).not.toBe(first);
    const detail = await ok<{ resourcesName: string }>(
      'getResourcesDetail',
      { resourcesId: kept },
      token.teacher,
    );
    expect(detail.resourcesName).toBe('静夜思(1).txt');
    const plain = await register(token.teacher, (await upload(teacher, '静夜思.txt', 'c')).path, {
      fId: unit,
    });
    expect(
      (
        await ok<{ resourcesName: string }>(
          'getResourcesDetail',
          { resourcesId: plain },
          token.teacher,
        )
      ).resourcesName,
    ).toBe('静夜思.txt');
  });

  it('替换 keeps the old bytes as a version, listed with time and uploader, restorable; only the file’s editors replace', async () => {
    const v1 = await upload(teacher, '登鹳雀楼.txt', '白日依山尽');
    const id = await register(token.teacher, v1.path, { fId: unit });
    await ok('addFavorites', { resourcesId: id }, token.other);

    // Another teacher may not replace it.
    expectRefusal(
      await call(
        'addResource',
        {
          fId: unit,
          resourcesType: '1',
          resourcesPath: (await upload(other, '登鹳雀楼.txt', '伪')).path,
          onConflict: 'replace',
        },
        token.other,
      ),
      403,
      '只能替换自己上传的文件（教学网盘的文件网盘管理员也可以）',
    );

    t.clock.advanceMinutes(60);
    const v2 = await upload(teacher, '登鹳雀楼.txt', '黄河入海流');
    expect(await register(token.teacher, v2.path, { fId: unit }, 'replace')).toBe(id);
    expect((await content(id, token.teacher)).toString()).toBe('黄河入海流');
    // The same file: its favourite stays.
    expect(
      (await ok<{ isFavorites: number }>('getResourcesDetail', { resourcesId: id }, token.other))
        .isFavorites,
    ).toBe(1);

    const versions = await ok<Version[]>('getVersions', { resId: id }, token.other);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      resourcesId: id,
      resourcesFname: '登鹳雀楼.txt',
      resourcesSize: '白日依山尽'.length * 3,
      userName: '林老师',
      url: `/api/files/${v1.fileId}`,
      canRestore: false,
    });
    expect(versions[0]!.replaceDate > versions[0]!.createDate).toBe(true);
    // A version's bytes: read by those who may see the file.
    const read = await get(versions[0]!.url, token.other);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('白日依山尽');

    // Restoring: teachers who may not edit it are refused; the uploader restores, the current
    // bytes becoming a version.
    expectRefusal(
      await call('restoreVersion', { versionId: versions[0]!.versionId }, token.other),
      403,
      '只能替换自己上传的文件（教学网盘的文件网盘管理员也可以）',
    );
    await ok('restoreVersion', { versionId: versions[0]!.versionId }, token.teacher);
    expect((await content(id, token.teacher)).toString()).toBe('白日依山尽');
    const after = await ok<Version[]>('getVersions', { resId: id }, token.teacher);
    expect(after.map((row) => row.url)).toEqual([`/api/files/${v2.fileId}`]);
    expect(after[0]!.canRestore).toBe(true);
    expectRefusal(
      await call('restoreVersion', { versionId: versions[0]!.versionId }, token.teacher),
      404,
      '该版本不存在或已删除',
    );
  });

  it('after 替换 and 还原 the same address answers the new bytes to a browser that kept the old ones', async () => {
    // A PDF: previewed as itself (an Office file's preview is its converted PDF, keyed the same).
    const pdf = (line: string) => `%PDF-1.4\n% ${line}\n%%EOF\n`;
    const v1 = await upload(teacher, '春晓.pdf', pdf('春眠不觉晓'), 'application/pdf');
    const id = await register(token.teacher, v1.path, { fId: unit });
    const addresses = [`/api/resources/file/${id}`, `/api/resources/preview/${id}`];
    const kept = new Map<string, string>();
    for (const url of addresses) {
      const first = await get(url, token.other);
      expect(first.statusCode).toBe(200);
      // Kept, but asked again each time: never served from the cache unchecked.
      expect(first.headers['cache-control']).toBe('private, no-cache');
      kept.set(url, String(first.headers.etag));
      const again = await t.app.inject({
        url,
        headers: { authorization: `Bearer ${token.other}`, 'if-none-match': kept.get(url)! },
      });
      expect(again.statusCode).toBe(304);
    }

    const v2 = await upload(teacher, '春晓.pdf', pdf('处处闻啼鸟'), 'application/pdf');
    expect(await register(token.teacher, v2.path, { fId: unit }, 'replace')).toBe(id);
    const revalidate = (url: string) =>
      t.app.inject({
        url,
        headers: { authorization: `Bearer ${token.other}`, 'if-none-match': kept.get(url)! },
      });
    for (const url of addresses) {
      const fresh = await revalidate(url);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.body).toBe(pdf('处处闻啼鸟'));
      kept.set(url, String(fresh.headers.etag));
    }

    const [version] = await ok<Version[]>('getVersions', { resId: id }, token.teacher);
    await ok('restoreVersion', { versionId: version!.versionId }, token.teacher);
    for (const url of addresses) {
      const restored = await revalidate(url);
      expect(restored.statusCode).toBe(200);
      expect(restored.body).toBe(pdf('春眠不觉晓'));
    }
  });

  it('a private file’s versions are read by nobody else; a disk file’s by its owner only', async () => {
    const secret = await upload(teacher, '试卷.txt', '一');
    const id = await register(token.teacher, secret.path, { fId: unit });
    await ok(
      'editResource',
      {
        resourcesId: id,
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '1',
        resourcesIsComment: '1',
        resourcesDesc: '期末试卷',
      },
      token.teacher,
    );
    await register(
      token.teacher,
      (await upload(teacher, '试卷.txt', '二')).path,
      { fId: unit },
      'replace',
    );
    expectRefusal(
      await call('getVersions', { resId: id }, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    expect((await get(`/api/files/${secret.fileId}`, token.other)).statusCode).toBe(403);
    expect((await get(`/api/files/${secret.fileId}`)).statusCode).toBe(401);
    expect((await ok<Version[]>('getVersions', { resId: id }, token.admin)).length).toBe(1);

    const disk = await upload(teacher, '私人.txt', '甲');
    const mine = await register(token.teacher, disk.path, { sType: 1 });
    await register(
      token.teacher,
      (await upload(teacher, '私人.txt', '乙乙')).path,
      { sType: 1 },
      'replace',
    );
    expectRefusal(
      await call('getVersions', { resId: mine }, token.other),
      403,
      '只能操作自己的网盘',
    );
    expect((await get(`/api/files/${disk.fileId}`, token.other)).statusCode).toBe(403);
    expect((await get(`/api/files/${disk.fileId}`, token.admin)).statusCode).toBe(403);
    // Versions count toward the disk: 3 bytes of 甲 and 6 of 乙乙.
    expect((await ok<{ used: number }>('getMyQuota', {}, token.teacher)).used).toBe(9);
  });

  it('keeps the last 10 versions; the bytes of older ones go; binning and purging takes the versions’ bytes too', async () => {
    const first = await upload(teacher, '唐诗.txt', 'v0');
    const id = await register(token.teacher, first.path, { sType: 1 });
    const uploads = [first];
    for (let i = 1; i <= 11; i++) {
      const next = await upload(teacher, '唐诗.txt', `v${i}`);
      uploads.push(next);
      await register(token.teacher, next.path, { sType: 1 }, 'replace');
    }
    const versions = await ok<Version[]>('getVersions', { resId: id }, token.teacher);
    expect(versions).toHaveLength(10);
    expect(versions.map((row) => row.url)).toEqual(
      uploads
        .slice(1, 11)
        .reverse()
        .map((row) => `/api/files/${row.fileId}`),
    );
    const stored = (fileId: number) =>
      t.db.selectFrom('storedFile').select('id').where('id', '=', fileId).executeTakeFirst();
    expect(await stored(first.fileId)).toBeUndefined();

    // To the bin and back: the versions come back; purged: every byte goes.
    await ok('delResource', { resourcesId: id }, token.teacher);
    expect((await get(`/api/files/${uploads[5]!.fileId}`, token.admin)).statusCode).toBe(403);
    const entry = (
      await ok<{ list: Array<{ resId: number; resourcesSize: number }> }>(
        'getRecycleList',
        { KeywordName: '唐诗' },
        token.teacher,
      )
    ).list[0]!;
    // The file (v11, 3 bytes) and its versions v1..v10 (nine of 2 bytes, one of 3).
    expect(entry.resourcesSize).toBe(3 + 9 * 2 + 3);
    await ok('restoreResource', { resId: entry.resId }, token.teacher);
    expect(await ok<Version[]>('getVersions', { resId: id }, token.teacher)).toHaveLength(10);
    await ok('delResource', { resourcesId: id }, token.teacher);
    const again = (
      await ok<{ list: Array<{ resId: number }> }>(
        'getRecycleList',
        { KeywordName: '唐诗' },
        token.teacher,
      )
    ).list[0]!;
    await ok('purgeResource', { resId: again.resId }, token.teacher);
    for (const row of uploads) expect(await stored(row.fileId)).toBeUndefined();
  });
});
