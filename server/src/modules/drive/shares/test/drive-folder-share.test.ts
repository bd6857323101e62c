import type { LightMyRequestResponse } from 'fastify';
import yauzl from 'yauzl';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Made {
  url: string;
  shareCode: string;
  extractCode: string | null;
}
interface FolderPage {
  fId: number;
  fname: string;
  path: Array<{ fId: number; fname: string }>;
  folders: Array<{ fId: number; fname: string; updateTime: string }>;
  files: Array<{
    resourcesId: number;
    name: string;
    size: number;
    preview: string | null;
    leakProtected: boolean;
    updateTime: string;
  }>;
}
interface FolderLine {
  resId: number;
  fId: number;
  fname: string;
  shareUrl: string;
  shareCode: string;
  downloads: number;
  maxDownloads: number | null;
  shareState: string;
}

const NOT_IN_SHARE = '分享中没有该文件或文件夹';

/** What a zip tool sees: each file entry's name and text. */
async function unzip(zip: Buffer) {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true, strictFileNames: true });
  const entries = new Map<string, string>();
  for await (const entry of file.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  return entries;
}

describe('api/resources/shareFolder and api/share/*: a folder’s share link', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    await relogin();
  });
  afterAll(() => t?.close());
  beforeEach(() => relogin());

  async function relogin() {
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
  }
  const tokenOf = (who: TestStaff) =>
    who === admin ? token.admin : who === teacher ? token.teacher : token.other;

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }

  /** A library folder (made by the administrator), below `parent` when given. */
  const folder = async (name: string, parent = 0) =>
    (
      await ok<{ fid: number }>(
        'addFolder',
        { fName: name, sType: 0, fSuperId: parent },
        token.admin,
      )
    ).fid;

  /** A text file of `who`'s in library folder `fId`. */
  async function add(who: TestStaff, fId: number, name: string, text: string, fields: Fields = {}) {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.id },
      Buffer.from(text, 'utf8'),
    );
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        { resourcesType: '1', resourcesPath: `/api/files/${file.id}`, fId, ...fields },
        tokenOf(who),
      )
    ).resourcesId;
  }

  /** 分享 of a folder as the spec's clients send it: strings, '' for an option not given. */
  const shareFolder = (who: TestStaff, fId: number, options: Fields = {}) =>
    call(
      'shareFolder',
      { fId, needCode: '', expireDays: '', maxDownloads: '', ...options },
      tokenOf(who),
    );
  const made = async (who: TestStaff, fId: number, options: Fields = {}) =>
    expectOk<Made>(await shareFolder(who, fId, options));

  /** A visitor with no login, each from its own address. */
  const visitor = () => `10.1.${Math.floor((address += 1) / 250)}.${address % 250}`;
  const share = (path: string, fields: Fields) =>
    postForm(t.app, `/api/share/${path}`, fields, { remoteAddress: visitor() });
  const list = (shareCode: string, fields: Fields = {}) =>
    share('getShareFolder', { shareCode, extractCode: '', fId: '', ...fields });
  const listed = async (shareCode: string, fields: Fields = {}) =>
    expectOk<FolderPage>(await list(shareCode, fields));
  const get = (
    kind: 'file' | 'preview' | 'zip',
    shareCode: string,
    query: Record<string, string | number> = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      url: `/api/share/${kind}/${shareCode}?${new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)]),
      ).toString()}`,
      remoteAddress: visitor(),
    });
  const mine = async (who: TestStaff) =>
    (await ok<{ list: FolderLine[] }>('getMyFolderShares', {}, tokenOf(who))).list;
  /** A refusal that carries no byte of any file. */
  const refused = (response: LightMyRequestResponse, status: number, msg: string) => {
    expectRefusal(response, status, msg);
    expect(response.body).not.toContain('内容');
  };

  it('lists the folder and its subfolders; previews, downloads and zips with the code', async () => {
    const root = await folder('教研组资料');
    const sub = await folder('八年级', root);
    const deeper = await folder('第一单元', sub);
    const outside = await folder('别的组');
    const top = await add(teacher, root, '计划.txt', '计划内容');
    const inSub = await add(other, sub, '教案.txt', '教案内容');
    const deep = await add(teacher, deeper, '课时.txt', '课时内容');
    const away = await add(teacher, outside, '外面.txt', '外面内容');

    const link = await made(teacher, root);
    expect(link.url).toBe(`/judgePage?fId=${root}&shareCode=${link.shareCode}`);
    const code = link.extractCode!;
    expect(code).toMatch(/^[a-z2-9]{4}$/);

    // Before the code: the kind, who shared it; no contents.
    expect(expectOk(await share('getShareLink', { shareCode: link.shareCode }))).toEqual({
      kind: 'folder',
      sharerName: '林老师',
    });
    expect(
      expectOk(await share('getShareInfo', { shareCode: link.shareCode, extractCode: '' })),
    ).toEqual({
      needCode: true,
      unlocked: false,
      uploaderName: '林老师',
      expireDate: '2026-03-09 16:00',
      folder: { fId: root, fname: '教研组资料' },
      file: null,
    });
    refused(await list(link.shareCode), 403, '请输入提取码');
    refused(await get('file', link.shareCode, { resourcesId: top }), 403, '请输入提取码');
    refused(await get('zip', link.shareCode), 403, '请输入提取码');
    refused(
      await list(link.shareCode, { extractCode: code === 'abcd' ? 'abce' : 'abcd' }),
      403,
      '提取码错误',
    );

    const page = await listed(link.shareCode, { extractCode: code.toUpperCase() });
    expect(page).toMatchObject({
      fId: root,
      fname: '教研组资料',
      path: [{ fId: root, fname: '教研组资料' }],
      folders: [{ fId: sub, fname: '八年级' }],
      files: [
        { resourcesId: top, name: '计划.txt', size: 12, preview: 'text', leakProtected: false },
      ],
    });
    const subPage = await listed(link.shareCode, { extractCode: code, fId: sub });
    expect(subPage.path).toEqual([
      { fId: root, fname: '教研组资料' },
      { fId: sub, fname: '八年级' },
    ]);
    expect(subPage.folders.map((row) => row.fname)).toEqual(['第一单元']);
    expect(subPage.files.map((row) => row.name)).toEqual(['教案.txt']);

    const preview = await get('preview', link.shareCode, { extractCode: code, resourcesId: deep });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe('课时内容');
    const download = await get('file', link.shareCode, {
      extractCode: code,
      resourcesId: inSub,
      download: 1,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('教案内容');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['cache-control']).toBe('private, no-store');

    const zip = await get('zip', link.shareCode, { extractCode: code });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Object.fromEntries(await unzip(zip.rawPayload))).toEqual({
      '计划.txt': '计划内容',
      '八年级/教案.txt': '教案内容',
      '八年级/第一单元/课时.txt': '课时内容',
    });
    const subZip = await get('zip', link.shareCode, { extractCode: code, fId: sub });
    expect([...(await unzip(subZip.rawPayload)).keys()].sort()).toEqual([
      '教案.txt',
      '第一单元/课时.txt',
    ]);

    // Ids outside the folder are refused alike, whatever they are.
    for (const response of [
      await list(link.shareCode, { extractCode: code, fId: outside }),
      await list(link.shareCode, { extractCode: code, fId: 2_000_000 }),
      await get('file', link.shareCode, { extractCode: code, resourcesId: away }),
      await get('preview', link.shareCode, { extractCode: code, resourcesId: away }),
      await get('file', link.shareCode, { extractCode: code, resourcesId: 2_000_000 }),
      await get('file', link.shareCode, { extractCode: code }),
      await get('zip', link.shareCode, { extractCode: code, fId: outside }),
    ]) {
      refused(response, 404, NOT_IN_SHARE);
    }
    // A file's link lends its own file only.
    const fileLink = expectOk<Made>(
      await call('share', { resourcesId: top, needCode: '0' }, token.teacher),
    );
    expect(expectOk(await share('getShareLink', { shareCode: fileLink.shareCode }))).toEqual({
      kind: 'file',
      sharerName: '林老师',
    });
    refused(await get('file', fileLink.shareCode, { resourcesId: away }), 404, NOT_IN_SHARE);
    refused(await list(fileLink.shareCode), 404, NOT_IN_SHARE);
    refused(await get('zip', fileLink.shareCode), 404, NOT_IN_SHARE);
    expect((await get('file', fileLink.shareCode, { resourcesId: top })).body).toBe('计划内容');

    // 我的分享 of folders: the link, its folder and its deliveries (a download and two zips;
    // the preview page does not count, as for a file's link).
    const [line] = await mine(teacher);
    expect(line).toMatchObject({
      fId: root,
      fname: '教研组资料',
      shareUrl: link.url,
      shareCode: link.shareCode,
      downloads: 3,
      shareState: '有效',
    });
    expect(await mine(other)).toEqual([]);
  });

  it('refuses a folder the person may not see and bad options', async () => {
    const disk = (
      await ok<{ fid: number }>('addFolder', { fName: '我的资料', sType: 1 }, token.teacher)
    ).fid;
    refused(await shareFolder(other, disk), 403, '只能操作自己的网盘');
    refused(await shareFolder(teacher, 2_000_000), 404, '文件夹不存在或已删除');
    refused(
      await shareFolder(teacher, disk, { expireDays: '3' }),
      400,
      '有效期须为 1天、7天、30天或永久',
    );
    refused(await call('shareFolder', { fId: disk }, ''), 401, 'token错误');
    // The owner shares their own disk's folder: its files are theirs.
    const mineOnly = await add(teacher, 0, '草稿.txt', '草稿内容', { sType: 1, fId: disk });
    const link = await made(teacher, disk, { needCode: '0' });
    expect((await listed(link.shareCode)).files.map((row) => row.resourcesId)).toEqual([mineOnly]);
  });

  it('shows files added later; never another teacher’s private file, even to an admin’s link', async () => {
    const root = await folder('公共资料');
    const link = await made(teacher, root, { needCode: '0' });
    const adminLink = await made(admin, root, { needCode: '0' });
    expect((await listed(link.shareCode)).files).toEqual([]);

    const later = await add(other, root, '后来的.txt', '后来的内容');
    const secret = await add(other, root, '私有.txt', '私有内容', { resourcesIsOpen: '1' });
    const ownSecret = await add(teacher, root, '我的私有.txt', '我的私有内容', {
      resourcesIsOpen: '1',
    });
    const names = async (code: string) => (await listed(code)).files.map((row) => row.name).sort();
    expect(await names(link.shareCode)).toEqual(['我的私有.txt', '后来的.txt'].sort());
    expect(await names(adminLink.shareCode)).toEqual(['后来的.txt']);
    for (const code of [link.shareCode, adminLink.shareCode]) {
      refused(await get('file', code, { resourcesId: secret }), 404, NOT_IN_SHARE);
      refused(await get('preview', code, { resourcesId: secret }), 404, NOT_IN_SHARE);
      const zip = await unzip((await get('zip', code)).rawPayload);
      expect(zip.has('私有.txt')).toBe(false);
      expect([...zip.values()]).not.toContain('私有内容');
    }
    expect((await get('file', link.shareCode, { resourcesId: later })).body).toBe('后来的内容');
    expect((await get('file', link.shareCode, { resourcesId: ownSecret })).statusCode).toBe(200);
    refused(await get('file', adminLink.shareCode, { resourcesId: ownSecret }), 404, NOT_IN_SHARE);

    // A file made private later leaves the link at once.
    await ok(
      'editResource',
      {
        resourcesId: later,
        resourcesName: '后来的.txt',
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '1',
        resourcesIsComment: '0',
        resourcesDesc: '说明',
      },
      token.other,
    );
    expect(await names(link.shareCode)).toEqual(['我的私有.txt']);
    refused(await get('file', link.shareCode, { resourcesId: later }), 404, NOT_IN_SHARE);
  });

  it('expires, counts every delivery (inline, download, zip) to the limit, and cancels', async () => {
    const root = await folder('限次资料');
    const id = await add(teacher, root, '讲义.txt', '讲义内容');
    const limited = await made(teacher, root, { needCode: '0', maxDownloads: '3' });
    expect((await get('preview', limited.shareCode, { resourcesId: id })).statusCode).toBe(200);
    expect((await get('file', limited.shareCode, { resourcesId: id })).statusCode).toBe(200);
    expect(
      (await get('file', limited.shareCode, { resourcesId: id, download: 1 })).statusCode,
    ).toBe(200);
    expect((await get('zip', limited.shareCode)).statusCode).toBe(200);
    const line = (await mine(teacher)).find((row) => row.shareCode === limited.shareCode)!;
    expect(line).toMatchObject({ downloads: 3, maxDownloads: 3, shareState: '次数用完' });
    refused(await get('zip', limited.shareCode), 410, '该分享的下载次数已用完');
    refused(
      await get('file', limited.shareCode, { resourcesId: id }),
      410,
      '该分享的下载次数已用完',
    );
    refused(await list(limited.shareCode), 410, '该分享的下载次数已用完');

    const day = await made(teacher, root, { needCode: '0', expireDays: '1' });
    const kept = await made(teacher, root, { needCode: '0', expireDays: '0' });
    t.clock.advanceMinutes(24 * 60);
    await relogin();
    refused(await list(day.shareCode), 410, '该分享已过期');
    refused(await share('getShareLink', { shareCode: day.shareCode }), 410, '该分享已过期');
    refused(await get('zip', day.shareCode), 410, '该分享已过期');
    refused(await get('file', day.shareCode, { resourcesId: id }), 410, '该分享已过期');
    expect((await listed(kept.shareCode)).files).toHaveLength(1);

    const keptLine = (await mine(teacher)).find((row) => row.shareCode === kept.shareCode)!;
    refused(
      await call('cancelShare', { resId: keptLine.resId }, token.other),
      403,
      '只能取消自己的分享',
    );
    expect(
      (await call('cancelShare', { resId: keptLine.resId }, token.teacher)).json(),
    ).toMatchObject({ status: 0, msg: '已取消分享' });
    refused(await list(kept.shareCode), 410, '该分享已被取消');
    refused(await get('zip', kept.shareCode), 410, '该分享已被取消');
    refused(await get('file', kept.shareCode, { resourcesId: id }), 410, '该分享已被取消');
    const states = new Map((await mine(teacher)).map((row) => [row.shareCode, row.shareState]));
    expect(states.get(kept.shareCode)).toBe('已取消');
    expect(states.get(day.shareCode)).toBe('已过期');
    // Files' 我的分享 keeps to files.
    const fileLines = (
      await ok<{ list: Array<{ shareCode: string }> }>('getMyShares', {}, token.teacher)
    ).list;
    const folderCodes = (await mine(teacher)).map((row) => row.shareCode);
    expect(fileLines.filter((row) => folderCodes.includes(row.shareCode))).toEqual([]);
  });

  it('a deleted folder’s link ends; a file moved out of the folder leaves it', async () => {
    const root = await folder('将删除');
    const elsewhere = await folder('另一处');
    const id = await add(teacher, root, '移走.txt', '移走内容');
    const link = await made(teacher, root, { needCode: '0' });
    expect((await get('file', link.shareCode, { resourcesId: id })).statusCode).toBe(200);
    await ok(
      'moveResource',
      { resourcesId: id, moveType: 0, fIdOld: root, fIdNew: elsewhere, sType: 0 },
      token.admin,
    );
    refused(await get('file', link.shareCode, { resourcesId: id }), 404, NOT_IN_SHARE);
    expect((await listed(link.shareCode)).files).toEqual([]);
    await ok('delFolder', { fId: root }, token.admin);
    refused(await list(link.shareCode), 404, '分享链接不存在，或分享的文件已被删除');
  });
});
