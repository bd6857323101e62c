import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

const MB = 1024 * 1024;
/** The bound of one zip in this app. */
const ZIP_MAX = 5 * MB;

type Fields = Record<string, string | number>;

/** What a zip tool sees: each entry's name and bytes, as yauzl reads them (unsafe names refused). */
async function unzip(zip: Buffer) {
  const file = await yauzl.fromBufferPromise(zip, {
    lazyEntries: true,
    // Backslashes refused too, not only absolute and ../ paths.
    strictFileNames: true,
    validateEntrySizes: true,
  });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    if (!entry.fileName.endsWith('/')) {
      for await (const chunk of await file.openReadStreamPromise(entry)) {
        chunks.push(chunk as Buffer);
      }
    }
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

// eslint-disable-next-line no-control-regex -- control characters are what must not appear
const UNSAFE = /[<>:"\\|?*\u0000-\u001f\u007f]/;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9]) *(\..*)?$/i;

/** Every component of an entry's path is a name Windows, macOS and Linux all accept. */
function expectPortable(path: string) {
  for (const part of path.replace(/\/$/, '').split('/')) {
    expect(part, path).not.toBe('');
    expect(['.', '..'], path).not.toContain(part);
    expect(UNSAFE.test(part), path).toBe(false);
    expect(/^ |[ .]$/.test(part), path).toBe(false);
    expect(RESERVED.test(part), path).toBe(false);
    expect(Buffer.byteLength(part, 'utf8'), path).toBeLessThanOrEqual(255);
  }
}

describe('打包下载: names safe on every system, the size bounded before the download starts', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_ZIP_MAX_BYTES: String(ZIP_MAX) } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    column = await folder('打包测试');
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  /** A library folder (made by the drive administrator). */
  const folder = async (fName: string, fSuperId?: number) =>
    (
      await ok<{ fid: number }>(
        'addFolder',
        { fName, sType: 0, ...(fSuperId ? { fSuperId } : {}) },
        token.admin,
      )
    ).fid;
  /** Stored bytes of the teacher's (not an upload hold: the quota is not this file's subject). */
  const stored = async (fileName: string, data: Buffer) =>
    (
      await t.services.files.save(
        { fileName, mimeType: 'text/plain; charset=utf-8', createdBy: teacher.id },
        data,
      )
    ).id;
  /** A file registered by the teacher in `fId` under `name`. */
  const add = async (fId: number, name: string, fileId: number, fields: Fields = {}) =>
    (
      await ok<{ resourcesId: number }>(
        'addResource',
        {
          fId,
          resourcesType: '1',
          resourcesPath: `/api/files/${fileId}`,
          resourcesName: name,
          resourcesFname: 'x.txt',
          ...fields,
        },
        token.teacher,
      )
    ).resourcesId;
  const zipOf = (fId: number, who: string) =>
    t.app.inject({
      url: `/api/resources/folderZip/${fId}`,
      headers: { authorization: `Bearer ${who}` },
    });

  it('names every entry so Windows, macOS and Linux unpack it, whatever the stored names', async () => {
    const top = await folder('名称', column);
    const drive = await folder('C:', top); // a drive letter as a folder's name
    const exam = await folder('期末.', drive); // a trailing dot
    const clash = await folder('同名.txt', top); // a folder and a file of one name
    // Names the API refuses that an old row may hold.
    const dotdot = await folder('临时一', top);
    const slashed = await folder('临时二', top);
    const reserved = await folder('临时三', top);
    for (const [id, name] of [
      [dotdot, '..'],
      [slashed, '/根\\目录'],
      [reserved, 'aux'],
    ] as const) {
      await t.db.updateTable('driveFolder').set({ name }).where('id', '=', id).execute();
    }
    const text = Buffer.from('打包的内容', 'utf8');
    const fileId = await stored('x.txt', text);
    await add(drive, 'C:evil.txt', fileId);
    await add(drive, 'C:evil.txt', fileId);
    await add(drive, 'C_evil.txt', fileId);
    await add(exam, 'CON.txt', fileId);
    await add(exam, 'lpt1', fileId);
    await add(top, '..\\x', fileId);
    await add(top, '/etc/passwd', fileId);
    await add(top, '换行\n名字', fileId);
    await add(top, 'Report', fileId);
    await add(top, 'report', fileId);
    await add(top, '同名.txt', fileId);
    await add(top, '长'.repeat(200), fileId);
    await add(dotdot, '点', fileId);
    await add(slashed, '斜', fileId);
    await add(reserved, '保留', fileId);
    const control = await add(top, '控制', fileId);
    const long = await add(top, '长名', fileId);
    // Control characters (NUL where the database holds one: PostgreSQL's text never does) and
    // a name longer than the API allows (PostgreSQL's column holds 200 characters).
    const sqlite = t.dialect === 'sqlite';
    await t.db
      .updateTable('driveResource')
      .set({ name: sqlite ? 'a\u0000b\u0001c' : 'a\u0001b\u001fc' })
      .where('id', '=', control)
      .execute();
    await t.db
      .updateTable('driveResource')
      .set({ name: sqlite ? 'y'.repeat(300) : 'y'.repeat(200) })
      .where('id', '=', long)
      .execute();

    // The zip of each folder, up to the column, opens.
    for (const fId of [exam, drive, top, column, dotdot, slashed, reserved, clash]) {
      const response = await zipOf(fId, token.other);
      expect(response.statusCode, response.body).toBe(200);
      await unzip(response.rawPayload);
    }
    expect((await zipOf(drive, token.other)).headers['content-disposition']).toContain(
      'filename="C_.zip"',
    );
    const entries = await unzip((await zipOf(top, token.other)).rawPayload);
    const names = [...entries.keys()];
    for (const name of names) expectPortable(name);
    const files = names.filter((name) => !name.endsWith('/'));
    expect(files).toHaveLength(17);
    expect(names).toEqual(
      expect.arrayContaining([
        'C_/',
        'C_/C_evil.txt',
        'C_/C_evil (2).txt',
        'C_/C_evil (3).txt',
        'C_/期末/',
        'C_/期末/_CON.txt',
        'C_/期末/_lpt1.txt',
        '.._x.txt',
        '_etc_passwd.txt',
        '换行_名字.txt',
        'Report.txt',
        'report (2).txt',
        '同名.txt/',
        '同名 (2).txt',
        '未命名文件夹/',
        '未命名文件夹/点.txt',
        '_根_目录/',
        '_根_目录/斜.txt',
        '_aux/',
        '_aux/保留.txt',
        'a_b_c.txt',
      ]),
    );
    // Cut to 255 bytes with the extension kept, never inside a character.
    const cut = files.find((name) => name.startsWith('长'))!;
    expect(cut).toBe(`${'长'.repeat(83)}.txt`);
    expect(Buffer.byteLength(cut)).toBe(253);
    const longest = files.find((name) => name.startsWith('yyy'))!;
    expect(longest).toBe(`${'y'.repeat(sqlite ? 251 : 200)}.txt`);
    for (const name of files) expect(entries.get(name)!.equals(text)).toBe(true);
  });

  it('answers what a zip would hold before it starts, and refuses one past the bound with 413', async () => {
    const big = await folder('大文件', column);
    const inner = await folder('里面', big);
    const bytes = Buffer.alloc(3 * MB, 0x61);
    const fileId = await stored('big.txt', bytes);
    await add(big, '一', fileId);
    const info = (fId: number, who = token.other) =>
      ok<{
        fileCount: number;
        totalBytes: number;
        maxBytes: number;
        maxFiles: number;
        allowed: boolean;
        reason: string | null;
      }>('folderZipInfo', { fId }, who);
    expect(await info(big)).toEqual({
      fileCount: 1,
      totalBytes: 3 * MB,
      maxBytes: ZIP_MAX,
      maxFiles: 5000,
      allowed: true,
      reason: null,
    });
    // One file more, of the same bytes: 6 MB before compression, past the 5 MB bound.
    await add(inner, '二', fileId);
    const refusal = '打包内容共 6 MB，超过上限 5 MB，请分开下载';
    expect(await info(big)).toEqual({
      fileCount: 2,
      totalBytes: 6 * MB,
      maxBytes: ZIP_MAX,
      maxFiles: 5000,
      allowed: false,
      reason: refusal,
    });
    expectRefusal(await zipOf(big, token.other), 413, refusal);
    // The column above holds them too; the folder below alone fits.
    expectRefusal(await zipOf(column, token.other), 413, refusal);
    expect((await info(inner)).allowed).toBe(true);
    const part = await zipOf(inner, token.other);
    expect(part.statusCode).toBe(200);
    expect([...(await unzip(part.rawPayload)).keys()]).toEqual(['二.txt']);

    // A private file counts only for who may see it.
    const secret = await folder('私有', column);
    await add(secret, '私', await stored('s.txt', Buffer.alloc(MB, 0x62)), {
      resourcesIsOpen: '1',
    });
    expect(await info(secret, token.other)).toMatchObject({ fileCount: 0, totalBytes: 0 });
    expect(await info(secret, token.teacher)).toMatchObject({ fileCount: 1, totalBytes: MB });
    expect(await info(secret, token.admin)).toMatchObject({ fileCount: 1, totalBytes: MB });
  });

  it('refuses folderZipInfo to the anonymous, for another’s disk and for a folder that is gone', async () => {
    expectRefusal(
      await postForm(t.app, '/api/resources/folderZipInfo', { fId: column }),
      401,
      'token错误',
    );
    const mine = await ok<{ fid: number }>('addFolder', { fName: '我的', sType: 1 }, token.teacher);
    expect(await ok('folderZipInfo', { fId: mine.fid }, token.teacher)).toMatchObject({
      fileCount: 0,
      allowed: true,
    });
    expectRefusal(
      await call('folderZipInfo', { fId: mine.fid }, token.other),
      403,
      '只能操作自己的网盘',
    );
    expectRefusal(
      await call('folderZipInfo', { fId: 987654 }, token.other),
      404,
      '文件夹不存在或已删除',
    );
    expectRefusal(await call('folderZipInfo', { fId: 'x' }, token.other), 400, '请选择文件夹目录');
  });
});

describe('打包下载 of a selection: files and folders of a list in one zip, each item read by the drive’s rule', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_ZIP_MAX_BYTES: String(ZIP_MAX) } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    column = await folder('打包所选', 0, token.admin);
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  /** A folder: the library's (sType 0, by the drive administrator) or one's disk (sType 1). */
  const folder = async (fName: string, fSuperId: number, who: string, sType = 0) =>
    (
      await ok<{ fid: number }>(
        'addFolder',
        { fName, sType, ...(fSuperId ? { fSuperId } : {}) },
        who,
      )
    ).fid;
  /** A text file registered by `owner` in `fId` (sType 1: their disk) under `name`. */
  const add = async (
    owner: TestStaff,
    who: string,
    fId: number,
    name: string,
    text: string,
    fields: Fields = {},
  ) => {
    const fileId = (
      await t.services.files.save(
        { fileName: 'x.txt', mimeType: 'text/plain; charset=utf-8', createdBy: owner.id },
        Buffer.from(text, 'utf8'),
      )
    ).id;
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        {
          fId,
          resourcesType: '1',
          resourcesPath: `/api/files/${fileId}`,
          resourcesName: name,
          resourcesFname: 'x.txt',
          ...fields,
        },
        who,
      )
    ).resourcesId;
  };
  const zipOf = (query: { resourcesId?: number[]; fId?: number[] } | string, who?: string) =>
    t.app.inject({
      url: `/api/resources/selectionZip?${
        typeof query === 'string'
          ? query
          : new URLSearchParams({
              ...(query.resourcesId ? { resourcesId: query.resourcesId.join(',') } : {}),
              ...(query.fId ? { fId: query.fId.join(',') } : {}),
            })
      }`,
      headers: who ? { authorization: `Bearer ${who}` } : {},
    });
  const info = (fields: Fields, who: string) => call('selectionZipInfo', fields, who);

  it('zips two files of my disk and a folder with everything below it that I may see', async () => {
    const lessons = await folder('教案', 0, token.teacher, 1);
    const inner = await folder('第一单元', lessons, token.teacher, 1);
    const one = await add(teacher, token.teacher, 0, '讲义一', '第一份讲义', { sType: 1 });
    const two = await add(teacher, token.teacher, 0, '讲义二', '第二份讲义', { sType: 1 });
    const plan = await add(teacher, token.teacher, lessons, '教学计划', '本学期计划', { sType: 1 });
    await add(teacher, token.teacher, inner, '课时一', '第一课时', { sType: 1 });

    const answer = await ok<{ fileCount: number; totalBytes: number; allowed: boolean }>(
      'selectionZipInfo',
      { resourcesId: `${one},${two}`, fId: String(lessons) },
      token.teacher,
    );
    expect(answer).toMatchObject({ fileCount: 4, allowed: true, reason: null });
    expect(answer.totalBytes).toBe(
      ['第一份讲义', '第二份讲义', '本学期计划', '第一课时'].reduce(
        (sum, text) => sum + Buffer.byteLength(text),
        0,
      ),
    );

    // A file inside the chosen folder, chosen too, comes once; so does a chosen subfolder.
    const response = await zipOf(
      { resourcesId: [one, two, plan], fId: [lessons, inner] },
      token.teacher,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('.zip');
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual(
      [
        '教案/',
        '教案/第一单元/',
        '教案/第一单元/课时一.txt',
        '教案/教学计划.txt',
        '讲义一.txt',
        '讲义二.txt',
      ].sort(),
    );
    expect(entries.get('讲义二.txt')!.toString('utf8')).toBe('第二份讲义');
    expect(entries.get('教案/第一单元/课时一.txt')!.toString('utf8')).toBe('第一课时');

    // One folder alone is named after it.
    const single = await zipOf({ fId: [inner] }, token.teacher);
    expect(single.headers['content-disposition']).toContain('.zip');
    expect(decodeURIComponent(single.headers['content-disposition'] as string)).toContain(
      '第一单元.zip',
    );
  });

  it('leaves out of a chosen library folder the private files of others, and refuses one named', async () => {
    const shared = await folder('共享资料', column, token.admin);
    const open = await add(teacher, token.teacher, shared, '公开课件', '公开');
    const secret = await add(teacher, token.teacher, shared, '私有课件', '私有', {
      resourcesIsOpen: '1',
    });
    // The colleague gets the folder without the teacher's private file.
    const folderZip = await zipOf({ fId: [shared] }, token.other);
    expect(folderZip.statusCode).toBe(200);
    expect([...(await unzip(folderZip.rawPayload)).keys()].sort()).toEqual(
      ['共享资料/', '共享资料/公开课件.txt'].sort(),
    );
    // Naming it is refused as a whole, before a byte; the uploader and the administrator may.
    const refusal = '该文件为私有文件，只有上传者可以查看';
    expectRefusal(await zipOf({ resourcesId: [open, secret] }, token.other), 403, refusal);
    expectRefusal(await info({ resourcesId: `${open},${secret}` }, token.other), 403, refusal);
    expect((await zipOf({ resourcesId: [open, secret] }, token.teacher)).statusCode).toBe(200);
    expect((await zipOf({ resourcesId: [open, secret] }, token.admin)).statusCode).toBe(200);
    // Another's disk: a file or a folder of it.
    const mine = await folder('我的资料', 0, token.teacher, 1);
    const own = await add(teacher, token.teacher, mine, '自己的', '自己', { sType: 1 });
    expectRefusal(await zipOf({ resourcesId: [own] }, token.other), 403, '只能操作自己的网盘');
    expectRefusal(await zipOf({ fId: [mine] }, token.other), 403, '只能操作自己的网盘');
    expectRefusal(await info({ fId: String(mine) }, token.admin), 403, '只能操作自己的网盘');
  });

  it('refuses ids that are gone, an empty or bad selection, too many items and too many bytes', async () => {
    const folderHere = await folder('限制', column, token.admin);
    const file = await add(teacher, token.teacher, folderHere, '一', 'a');
    expectRefusal(
      await zipOf({ resourcesId: [file, 987654] }, token.teacher),
      404,
      '文件不存在或已删除',
    );
    expectRefusal(
      await info({ fId: `${folderHere},987654` }, token.teacher),
      404,
      '文件夹不存在或已删除',
    );
    const empty = '请选择要下载的文件或文件夹';
    expectRefusal(await zipOf('', token.teacher), 400, empty);
    expectRefusal(await zipOf('resourcesId=&fId=', token.teacher), 400, empty);
    expectRefusal(await info({}, token.teacher), 400, empty);
    expectRefusal(await info({ resourcesId: '', fId: '' }, token.teacher), 400, empty);
    expectRefusal(await zipOf('resourcesId=1;2', token.teacher), 400, '文件编号不正确');
    expectRefusal(await info({ fId: 'x' }, token.teacher), 400, '文件夹编号不正确');
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expectRefusal(
      await info({ resourcesId: many }, token.teacher),
      400,
      '一次最多打包下载100项，请分开下载',
    );
    expectRefusal(await zipOf({ fId: [folderHere] }), 401, 'token错误');

    // 3 MB twice: past the 5 MB bound, the info says why and the zip is refused.
    const big = Buffer.alloc(3 * MB, 0x61);
    const ids: number[] = [];
    for (const name of ['大一', '大二']) {
      const fileId = (
        await t.services.files.save(
          { fileName: 'big.txt', mimeType: 'text/plain', createdBy: teacher.id },
          big,
        )
      ).id;
      ids.push(
        (
          await ok<{ resourcesId: number }>(
            'addResource',
            {
              fId: folderHere,
              resourcesType: '1',
              resourcesPath: `/api/files/${fileId}`,
              resourcesName: name,
              resourcesFname: 'big.txt',
            },
            token.teacher,
          )
        ).resourcesId,
      );
    }
    const refusal = '打包内容共 6 MB，超过上限 5 MB，请分开下载';
    expect(
      await ok('selectionZipInfo', { resourcesId: ids.join(',') }, token.teacher),
    ).toMatchObject({ fileCount: 2, totalBytes: 6 * MB, allowed: false, reason: refusal });
    expectRefusal(await zipOf({ resourcesId: ids }, token.teacher), 413, refusal);
    expectRefusal(await zipOf({ fId: [folderHere] }, token.teacher), 413, refusal);
    expect((await zipOf({ resourcesId: [ids[0]!, file] }, token.teacher)).statusCode).toBe(200);
  });
});
