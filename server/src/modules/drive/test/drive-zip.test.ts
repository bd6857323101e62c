import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

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
