import type { LightMyRequestResponse } from 'fastify';
import { EXTRACT_CODE_ALPHABET } from '@school/common/api';
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
interface Info {
  needCode: boolean;
  unlocked: boolean;
  uploaderName: string;
  expireDate: string | null;
  file: null | {
    name: string;
    size: number;
    fileType: string;
    extension: string;
    mimeType: string;
    preview: string | null;
  };
}
interface ShareLine {
  resId: number;
  resourcesId: number;
  shareUrl: string | null;
  shareCode: string | null;
  extractCode: string | null;
  expireDate: string | null;
  downloads: number;
  maxDownloads: number | null;
  shareState: string;
  shareNum: number;
}

const TEXT = '光合作用：二氧化碳和水在光照下生成有机物和氧气。';

describe('api/resources/share and api/share/*: share links outside the school (issue 19)', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let folder = 0;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    await relogin();
    folder = (await ok<{ fid: number }>('addFolder', { fName: '生物', sType: 0 }, token.admin)).fid;
  });
  afterAll(() => t?.close());
  // Tests move the clock by days: each starts with fresh sessions.
  beforeEach(() => relogin());

  async function relogin() {
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
  }

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }
  const tokenOf = (who: TestStaff) =>
    who === admin ? token.admin : who === teacher ? token.teacher : token.other;

  /** A file of `who`'s in the library (or their disk: sType 1), registered as the pages do. */
  async function add(
    who: TestStaff,
    name: string,
    fields: Fields = {},
    content: string | Buffer = TEXT,
    mimeType = 'text/plain; charset=utf-8',
  ) {
    const file = await t.services.files.save(
      { fileName: name, mimeType, createdBy: who.id },
      Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    );
    const place: Fields = fields.sType === 1 ? {} : { fId: folder };
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        { resourcesType: '1', resourcesPath: `/api/files/${file.id}`, ...place, ...fields },
        tokenOf(who),
      )
    ).resourcesId;
  }

  /** 分享 as the spec's clients send it: strings, '' for an option not given. */
  const share = (who: TestStaff, resourcesId: number, options: Fields = {}) =>
    call(
      'share',
      { resourcesId, needCode: '', expireDays: '', maxDownloads: '', ...options },
      tokenOf(who),
    );
  const made = async (who: TestStaff, resourcesId: number, options: Fields = {}) =>
    expectOk<Made>(await share(who, resourcesId, options));

  /** A visitor with no login, each from its own address unless told. */
  const visitor = () => `10.0.${Math.floor((address += 1) / 250)}.${address % 250}`;
  const info = (shareCode: string, extractCode = '', from = visitor()) =>
    postForm(t.app, '/api/share/getShareInfo', { shareCode, extractCode }, { remoteAddress: from });
  const get = (
    kind: 'file' | 'preview',
    shareCode: string,
    query: Record<string, string> = {},
    headers: Record<string, string> = {},
    from = visitor(),
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      url: `/api/share/${kind}/${shareCode}?${new URLSearchParams(query).toString()}`,
      headers,
      remoteAddress: from,
    });
  const mine = async (who: TestStaff) =>
    (await ok<{ list: ShareLine[] }>('getMyShares', {}, tokenOf(who))).list;
  /** A refusal that carries no byte of the file. */
  const refused = (response: LightMyRequestResponse, status: number, msg: string) => {
    expectRefusal(response, status, msg);
    expect(response.body).not.toContain('光合作用');
  };

  it('shares with a code: info, file and preview only with it, the code in any case', async () => {
    const id = await add(teacher, '光合作用.txt');
    const link = await made(teacher, id);
    expect(link.url).toBe(`/judgePage?resourcesId=${id}&shareCode=${link.shareCode}`);
    expect(link.extractCode).toMatch(new RegExp(`^[${EXTRACT_CODE_ALPHABET}]{4}$`));
    const code = link.extractCode!;

    // Without the code: who shared it and until when, nothing of the file.
    expect(expectOk<Info>(await info(link.shareCode))).toEqual({
      needCode: true,
      unlocked: false,
      uploaderName: '林老师',
      expireDate: '2026-03-09 16:00',
      file: null,
    });
    refused(await get('file', link.shareCode), 403, '请输入提取码');
    refused(await get('preview', link.shareCode), 403, '请输入提取码');
    const wrong = code === 'abcd' ? 'abce' : 'abcd';
    refused(await info(link.shareCode, wrong), 403, '提取码错误');
    refused(await get('file', link.shareCode, { extractCode: wrong }), 403, '提取码错误');
    refused(await get('preview', link.shareCode, { extractCode: wrong }), 403, '提取码错误');

    expect(expectOk<Info>(await info(link.shareCode, code.toUpperCase()))).toEqual({
      needCode: true,
      unlocked: true,
      uploaderName: '林老师',
      expireDate: '2026-03-09 16:00',
      file: {
        name: '光合作用.txt',
        size: Buffer.byteLength(TEXT),
        fileType: '2',
        extension: 'txt',
        mimeType: 'text/plain; charset=utf-8',
        preview: 'text',
        leakProtected: false,
      },
    });
    const preview = await get('preview', link.shareCode, { extractCode: code });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe(TEXT);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const file = await get('file', link.shareCode, { extractCode: code, download: '1' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(TEXT);
    expect(file.headers['content-disposition']).toContain('attachment');

    // Unknown links answer the same everywhere.
    refused(await info('nosuchcode'), 404, '分享链接不存在，或分享的文件已被删除');
    refused(await get('file', 'nosuchcode'), 404, '分享链接不存在，或分享的文件已被删除');
    refused(await get('preview', 'nosuchcode'), 404, '分享链接不存在，或分享的文件已被删除');
    refused(await info('bad/code'), 400, '分享链接不正确');
  });

  it('shares without a code: open to anyone with the link', async () => {
    const id = await add(teacher, '细胞结构.txt');
    const link = await made(teacher, id, { needCode: '0', expireDays: '0' });
    expect(link.extractCode).toBeNull();
    expect(expectOk<Info>(await info(link.shareCode))).toMatchObject({
      needCode: false,
      unlocked: true,
      expireDate: null,
      file: { name: '细胞结构.txt', preview: 'text' },
    });
    expect((await get('file', link.shareCode)).body).toBe(TEXT);
    expect((await get('preview', link.shareCode)).body).toBe(TEXT);
    // A code sent anyway is not asked for.
    expect((await get('file', link.shareCode, { extractCode: 'zzzz' })).statusCode).toBe(200);
  });

  it('refuses bad options with Chinese messages', async () => {
    const id = await add(teacher, '选项.txt');
    refused(await share(teacher, id, { expireDays: '3' }), 400, '有效期须为 1天、7天、30天或永久');
    for (const maxDownloads of ['0', '-1', '10001', '1.5', 'abc']) {
      refused(
        await share(teacher, id, { maxDownloads }),
        400,
        '下载次数上限须为 1 到 10000 的整数',
      );
    }
    refused(await share(teacher, id, { needCode: '2' }), 400, 'needCode 须为 0 或 1');
    refused(await call('share', { resourcesId: id }, ''), 401, 'token错误');
  });

  it('throttles wrong codes per link (from any address) and per address (over all links)', async () => {
    const id = await add(teacher, '试卷.txt');
    const link = await made(teacher, id);
    const wrong = link.extractCode === 'abcd' ? 'abce' : 'abcd';
    for (let i = 0; i < 10; i += 1) {
      refused(await info(link.shareCode, wrong), 403, '提取码错误');
    }
    // Ten guesses from ten addresses: the link is closed to everyone, the right code too.
    refused(
      await info(link.shareCode, link.extractCode!),
      429,
      '提取码错误次数过多，请15分钟后再试',
    );
    refused(
      await get('file', link.shareCode, { extractCode: link.extractCode! }),
      429,
      '提取码错误次数过多，请15分钟后再试',
    );
    t.clock.advanceMinutes(16);
    expect(expectOk<Info>(await info(link.shareCode, link.extractCode!)).unlocked).toBe(true);

    // One address guessing over many links.
    const guesser = '10.9.9.9';
    const links = await Promise.all(
      [1, 2, 3].map(async (n) => made(teacher, await add(teacher, `卷${n}.txt`))),
    );
    let sent = 0;
    for (const one of links) {
      const bad = one.extractCode === 'abcd' ? 'abce' : 'abcd';
      for (let i = 0; i < 7 && sent < 20; i += 1, sent += 1) {
        refused(await info(one.shareCode, bad, guesser), 403, '提取码错误');
      }
    }
    const last = links[2]!;
    refused(
      await info(last.shareCode, last.extractCode!, guesser),
      429,
      '提取码错误次数过多，请15分钟后再试',
    );
    // Another address opens the same link.
    expect(expectOk<Info>(await info(last.shareCode, last.extractCode!)).unlocked).toBe(true);
    t.clock.advanceMinutes(16);
  });

  it('expires with the clock: 1 day, 7 days by default, never', async () => {
    const id = await add(teacher, '期中.txt');
    const day = await made(teacher, id, { needCode: '0', expireDays: '1' });
    const week = await made(teacher, id, { needCode: '0' });
    const never = await made(teacher, id, { needCode: '0', expireDays: '0' });
    t.clock.advanceMinutes(24 * 60 - 1);
    expect((await get('file', day.shareCode)).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    refused(await info(day.shareCode), 410, '该分享已过期');
    refused(await get('file', day.shareCode), 410, '该分享已过期');
    refused(await get('preview', day.shareCode), 410, '该分享已过期');
    expect((await get('file', week.shareCode)).statusCode).toBe(200);
    t.clock.advanceMinutes(6 * 24 * 60);
    refused(await get('file', week.shareCode), 410, '该分享已过期');
    t.clock.advanceMinutes(400 * 24 * 60);
    expect((await get('file', never.shareCode)).statusCode).toBe(200);
    await relogin();
    const states = new Map((await mine(teacher)).map((line) => [line.shareCode, line]));
    expect(states.get(day.shareCode)).toMatchObject({ shareState: '已过期' });
    expect(states.get(never.shareCode)).toMatchObject({ shareState: '有效', expireDate: null });
  });

  it('counts an inline GET as a delivery: a link limited to 1 serves the file once', async () => {
    const id = await add(teacher, '限一次.txt');
    const code = (await made(teacher, id, { needCode: '0', maxDownloads: '1' })).shareCode;
    const head = await t.app.inject({ method: 'HEAD', url: `/api/share/file/${code}` });
    expect(head.statusCode).not.toBe(410);
    expect((await get('file', code)).statusCode).toBe(200);
    refused(await get('file', code), 410, '该分享的下载次数已用完');
    const line = (await mine(teacher)).find((row) => row.shareCode === code)!;
    expect(line).toMatchObject({ downloads: 1, shareState: '次数用完' });
  });

  it('counts downloads (whole file or from byte 0) up to the limit; Range is served', async () => {
    const id = await add(teacher, '讲义.txt');
    const link = await made(teacher, id, { needCode: '0', maxDownloads: '2' });
    const code = link.shareCode;
    // The preview page and later ranges do not count.
    expect((await get('preview', code)).statusCode).toBe(200);
    const part = await get('file', code, { download: '1' }, { range: 'bytes=3-8' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(Buffer.from(TEXT, 'utf8').subarray(3, 9));
    expect(part.headers['content-range']).toBe(`bytes 3-8/${Buffer.byteLength(TEXT)}`);
    let line = (await mine(teacher)).find((row) => row.shareCode === code)!;
    expect(line).toMatchObject({ downloads: 0, maxDownloads: 2, shareState: '有效' });

    expect((await get('file', code, { download: '1' })).statusCode).toBe(200);
    const first = await get('file', code, { download: '1' }, { range: 'bytes=0-2' });
    expect(first.statusCode).toBe(206);
    line = (await mine(teacher)).find((row) => row.shareCode === code)!;
    expect(line).toMatchObject({ downloads: 2, shareState: '次数用完' });
    refused(await get('file', code, { download: '1' }), 410, '该分享的下载次数已用完');
    refused(await get('file', code), 410, '该分享的下载次数已用完');
    refused(await get('preview', code), 410, '该分享的下载次数已用完');
    refused(await info(code), 410, '该分享的下载次数已用完');
  });

  it('cancels only one’s own share; a cancelled link stops at once', async () => {
    const id = await add(teacher, '教案.txt');
    const kept = await made(teacher, id, { needCode: '0' });
    const link = await made(teacher, id, { needCode: '0' });
    const lines = await mine(teacher);
    const line = lines.find((row) => row.shareCode === link.shareCode)!;
    expect(line).toMatchObject({ resourcesId: id, shareState: '有效', downloads: 0 });
    expect(line.shareNum).toBe(2);
    refused(
      await call('cancelShare', { resId: line.resId }, token.other),
      403,
      '只能取消自己的分享',
    );
    refused(
      await call('cancelShare', { resId: line.resId }, token.admin),
      403,
      '只能取消自己的分享',
    );
    refused(await call('cancelShare', { resId: 2_000_000 }, token.teacher), 404, '分享不存在');
    refused(await call('cancelShare', { resId: line.resId }, ''), 401, 'token错误');
    expect((await get('file', link.shareCode)).statusCode).toBe(200);
    expect((await call('cancelShare', { resId: line.resId }, token.teacher)).json()).toMatchObject({
      status: 0,
      msg: '已取消分享',
    });
    refused(await call('cancelShare', { resId: line.resId }, token.teacher), 409, '该分享已经取消');
    refused(await info(link.shareCode), 410, '该分享已被取消');
    refused(await get('file', link.shareCode), 410, '该分享已被取消');
    refused(await get('preview', link.shareCode), 410, '该分享已被取消');
    expect((await get('file', kept.shareCode)).statusCode).toBe(200);
    const after = (await mine(teacher)).find((row) => row.shareCode === link.shareCode)!;
    expect(after.shareState).toBe('已取消');
    // shareNum counts shares made, cancelled or not.
    expect(after.shareNum).toBe(2);
  });

  it('shares a private file by its owner only; the share is the owner’s right to it', async () => {
    const secret = await add(teacher, '私有.txt', { resourcesIsOpen: '1' });
    refused(await share(other, secret), 403, '该文件为私有文件，只有上传者可以查看');
    const onDisk = await add(teacher, '我的.txt', { sType: 1 });
    refused(await share(other, onDisk), 403, '只能操作自己的网盘');
    const link = await made(teacher, secret);
    const code = link.extractCode!;
    expect((await get('file', link.shareCode, { extractCode: code })).body).toBe(TEXT);
    const disk = await made(teacher, onDisk, { needCode: '0' });
    expect((await get('file', disk.shareCode)).body).toBe(TEXT);
    // Nothing else of the drive: the file by its drive address, anonymously or as another.
    refused(await t.app.inject({ url: `/api/resources/file/${secret}` }), 401, 'token错误');
    const asOther = await t.app.inject({
      url: `/api/resources/file/${secret}`,
      headers: { authorization: `Bearer ${token.other}` },
    });
    refused(asOther, 403, '该文件为私有文件，只有上传者可以查看');

    // A library file another teacher shared stops being shared once its uploader makes it private.
    const open = await add(teacher, '公开.txt');
    const lent = await made(other, open, { needCode: '0' });
    expect((await get('file', lent.shareCode)).statusCode).toBe(200);
    await ok(
      'editResource',
      {
        resourcesId: open,
        resourcesName: '公开.txt',
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '1',
        resourcesIsComment: '0',
        resourcesDesc: '光合作用',
      },
      token.teacher,
    );
    refused(await get('file', lent.shareCode), 410, '分享者已无权查看该文件，分享已失效');
    refused(await info(lent.shareCode), 410, '分享者已无权查看该文件，分享已失效');
  });

  it('a deleted file’s share answers a message, never the file', async () => {
    const id = await add(teacher, '旧课件.txt');
    const link = await made(teacher, id, { needCode: '0' });
    expect((await get('file', link.shareCode)).statusCode).toBe(200);
    await ok('delResource', { resourcesId: id }, token.admin);
    refused(await info(link.shareCode), 404, '分享链接不存在，或分享的文件已被删除');
    refused(await get('file', link.shareCode), 404, '分享链接不存在，或分享的文件已被删除');
    refused(await get('preview', link.shareCode), 404, '分享链接不存在，或分享的文件已被删除');
    expect((await mine(teacher)).some((row) => row.shareCode === link.shareCode)).toBe(false);
  });

  it('previews what a browser shows, office documents as PDF pages; the rest is for download', async () => {
    const pdf = await add(
      teacher,
      '试题.pdf',
      {},
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'application/pdf',
    );
    const docx = await add(
      teacher,
      '教案.docx',
      {},
      Buffer.from('PK\u0003\u0004 not really a docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const zip = await add(
      teacher,
      '课件.zip',
      {},
      Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18)),
      'application/zip',
    );
    const pdfLink = await made(teacher, pdf, { needCode: '0' });
    expect(expectOk<Info>(await info(pdfLink.shareCode)).file?.preview).toBe('pdf');
    const shown = await get('preview', pdfLink.shareCode);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toContain('inline');

    // An office document's link previews LibreOffice's PDF of it: 202 while it is made
    // (drive-office-preview.test.ts follows a real one to its pages).
    const docLink = await made(teacher, docx, { needCode: '0' });
    expect(expectOk<Info>(await info(docLink.shareCode)).file).toMatchObject({
      name: '教案.docx',
      fileType: '2',
      extension: 'docx',
      preview: 'office',
      leakProtected: false,
    });
    const pending = await get('preview', docLink.shareCode);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toMatchObject({ msg: '正在生成预览…' });

    const zipLink = await made(teacher, zip, { needCode: '0' });
    expect(expectOk<Info>(await info(zipLink.shareCode)).file?.preview).toBeNull();
    refused(await get('preview', zipLink.shareCode), 404, '暂不支持预览，请下载');
    const download = await get('file', zipLink.shareCode, { download: '1' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
  });
});
