import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postFile,
  postForm,
  postJson,
} from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;

const PRIVATE_FILE = '该文件为私有文件，只有上传者可以查看';
const LEAK_PROTECTED = '该文件已设为防泄密，只有上传者和网盘管理员可以下载';
const VERSIONS_PROTECTED = '该文件已设为防泄密，历史版本只有上传者和网盘管理员可以查看';
const ONLY_EDITOR = '只能替换自己上传的文件（教学网盘的文件网盘管理员也可以）';

/**
 * A file's earlier versions are read under the file's rule as it stands at
 * each request: a 防泄密 file's old bytes go to its uploader and the drive
 * administrators only, by every address a stored file can be read by.
 */
describe('versions of a 防泄密 file', () => {
  let t: TestApp;
  let owner: TestStaff;
  const token = { admin: '', owner: '', other: '' };
  let folder = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    owner = await createStaff(t.db, { name: '林老师' });
    const other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.owner = await login(t.app, owner);
    token.other = await login(t.app, other);
    folder = (await ok<{ fid: number }>('addFolder', { sType: 0, fName: '期末' }, token.admin)).fid;
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }
  const get = (url: string, who: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${who}` } });
  /** An upload through upload.do, as the page sends it (kept by its hash, for 秒传). */
  const upload = async (name: string, text: string) =>
    expectOk<{ fileId: number; url: string }>(
      await postFile(
        t.app,
        '/api/resources/upload.do',
        { name, data: Buffer.from(text) },
        { token: token.owner },
      ),
    );
  const register = async (path: string, onConflict = '') =>
    (
      await ok<{ resourcesId: number }>(
        'addResource',
        { fId: folder, resourcesType: '1', resourcesPath: path, onConflict },
        token.owner,
      )
    ).resourcesId;
  const edit = (resourcesId: number, fields: Fields) =>
    ok(
      'editResource',
      {
        resourcesId,
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '期末考试',
        ...fields,
      },
      token.owner,
    );

  it('refuses an old version to colleagues at every address, while its uploader and the drive administrators read it', async () => {
    const secret = 'ANSWERS A B C D';
    const first = await upload('期末试卷.txt', secret);
    const id = await register(first.url);
    t.clock.advanceMinutes(5);
    await register((await upload('期末试卷.txt', 'PAPER ONLY')).url, 'replace');
    // A picture whose earlier version has a thumbnail: both are that version's bytes.
    const thumb = await t.services.files.save(
      { fileName: 'small.png', mimeType: 'image/png', createdBy: owner.id },
      Buffer.from('THUMB OF THE ANSWER SHEET'),
    );
    const sheet = await t.services.files.save(
      { fileName: '答题卡.png', mimeType: 'image/png', createdBy: owner.id, thumbFileId: thumb.id },
      Buffer.from('ANSWER SHEET'),
    );
    const sheetId = await register(`/api/files/${sheet.id}`);
    const later = await t.services.files.save(
      { fileName: '答题卡.png', mimeType: 'image/png', createdBy: owner.id },
      Buffer.from('BLANK SHEET'),
    );
    await register(`/api/files/${later.id}`, 'replace');
    await edit(id, { resourcesIsProtected: '1' });
    await edit(sheetId, { resourcesName: '答题卡.png', resourcesIsProtected: '1' });
    const version = (
      await ok<Array<{ versionId: number; url: string }>>('getVersions', { resId: id }, token.owner)
    )[0]!;
    expect(version.url).toBe(first.url);

    const byFileId = [
      first.url,
      `/api/news/uploadnewfile.do?FILE_ID=${first.fileId}`,
      `/api/files/${sheet.id}`,
      `/api/files/${sheet.id}?variant=thumb`,
      `/api/files/${thumb.id}`,
    ];
    for (const url of byFileId) {
      expectRefusal(await get(url, token.other), 403, PRIVATE_FILE);
      expect((await get(url, token.other, 'HEAD')).statusCode).toBe(403);
    }
    expectRefusal(await call('getVersions', { resId: id }, token.other), 403, VERSIONS_PROTECTED);
    expectRefusal(
      await call('getVersions', { resId: sheetId }, token.other),
      403,
      VERSIONS_PROTECTED,
    );
    expectRefusal(
      await call('restoreVersion', { versionId: version.versionId }, token.other),
      403,
      ONLY_EDITOR,
    );
    // Taking the bytes over by their id or their hash: a mail attachment, a registration, 秒传.
    expectRefusal(
      await postForm(
        t.app,
        '/api/email/attachStoredFile',
        { fileId: first.fileId },
        {
          token: token.other,
        },
      ),
      403,
      PRIVATE_FILE,
    );
    expectRefusal(
      await call(
        'addResource',
        { fId: folder, resourcesType: '1', resourcesPath: first.url },
        token.other,
      ),
      403,
      '只能登记自己上传的文件',
    );
    const byHash = await postJson(
      t.app,
      '/api/resources/uploadByHash.do',
      {
        fileName: '试卷.txt',
        sha256: createHash('sha256').update(secret).digest('hex'),
        fileSize: secret.length,
      },
      { token: token.other },
    );
    expect(expectOk(byHash)).toBeNull();
    // The file itself: its bytes and a zip refuse or leave it out; no share of it is made.
    for (const url of [
      `/api/resources/file/${id}`,
      `/api/resources/selectionZip?resourcesId=${id}`,
    ]) {
      expectRefusal(await get(url, token.other), 403, LEAK_PROTECTED);
    }
    expect(await zipNames(token.other)).toEqual([]);
    expect((await call('share', { resourcesId: id }, token.other)).statusCode).toBe(403);

    // The uploader and the drive administrators read every version.
    for (const who of [token.owner, token.admin]) {
      const read = await get(first.url, who);
      expect(read.statusCode).toBe(200);
      expect(read.body).toBe(secret);
      expect((await get(`/api/files/${sheet.id}?variant=thumb`, who)).body).toBe(
        'THUMB OF THE ANSWER SHEET',
      );
      expect(await ok<unknown[]>('getVersions', { resId: id }, who)).toHaveLength(1);
    }
    expect((await zipNames(token.owner)).sort()).toEqual(['期末试卷.txt', '答题卡.png']);

    // The rule is the file's at each request: switched off, the version is readable again;
    // made private, it is its uploader's again.
    await edit(id, { resourcesIsProtected: '0' });
    expect((await get(first.url, token.other)).body).toBe(secret);
    await edit(id, { resourcesIsOpen: '1' });
    expectRefusal(await get(first.url, token.other), 403, PRIVATE_FILE);
    expectRefusal(await call('getVersions', { resId: id }, token.other), 403, PRIVATE_FILE);
  });

  /** The names in the folder's zip as `who` downloads it. */
  async function zipNames(who: string) {
    const res = await get(`/api/resources/folderZip/${folder}`, who);
    if (res.statusCode !== 200) return [`${res.statusCode} ${res.body}`];
    const zip = await yauzl.fromBufferPromise(res.rawPayload, { lazyEntries: true });
    const found: string[] = [];
    for await (const entry of zip.eachEntry()) found.push(entry.fileName);
    return found;
  }
});
