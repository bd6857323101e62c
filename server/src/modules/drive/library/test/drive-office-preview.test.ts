import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import writeExcelFile from 'write-excel-file/node';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices, type Services } from '../../../../app.js';
import { loadConfig } from '../../../../config.js';
import { JobQueue, jobRow } from '../../../../platform/jobs/queue.js';
import { makeDocx, makePptx } from '../../../../seed/demo-office.js';
import { seedBaseData } from '../../../../seed/base.js';
import { createTestApp, createTestClock, type TestApp } from '../../../../test-kit/app.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-kit/database.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;

/** The text of every page of a PDF, as a reader's copy and search see it (pdf.js). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('') + '\n';
  }
  await doc.destroy();
  return text;
}

/** pdf.js may split a line into runs; compare without spaces. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

// ---- office files made by libraries, each with its own ASCII and Chinese words ----

const docx = (marker: string) =>
  makeDocx({
    title: `${marker} 函数的单调性教案`,
    table: [
      ['课题', '函数的单调性'],
      ['课时', '2 课时'],
    ],
    sections: [['一、教学目标', `理解单调性 ${marker}-BODY`]],
  });

const pptx = (marker: string) =>
  makePptx({
    title: `${marker} 氧化还原反应`,
    points: ['电子转移的表示方法', `${marker}-POINT`],
    table: [
      ['反应', '氧化剂'],
      ['2H2 + O2', 'O2'],
    ],
  });

const xlsx = (marker: string) =>
  writeExcelFile(
    [
      [{ value: `${marker} 期中考试成绩统计表` }],
      [{ value: '姓名' }, { value: '数学' }],
      [{ value: '王子涵' }, { value: 96 }],
    ],
    { sheet: '成绩' },
  ).toBuffer();

/** RTF is text: Chinese as \uN escapes, as Word writes it. */
const rtf = (marker: string) =>
  Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 SimSun;}}\\f0 ${marker} ` +
      [...'期末复习提纲'].map((c) => `\\u${c.charCodeAt(0)}?`).join('') +
      '\\par}',
    'latin1',
  );

/** The smallest OpenDocument text: a zip of its type, its manifest and its content. */
async function odt(marker: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/vnd.oasis.opendocument.text'), 'mimetype', {
    compress: false,
  });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
    'META-INF/manifest.xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">' +
        `<office:body><office:text><text:p>${marker} 班会课记录</text:p></office:text></office:body></office:document-content>`,
    ),
    'content.xml',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A legacy binary file (doc, xls, ppt) saved by LibreOffice from its OOXML sibling. */
async function legacy(soffice: string, source: Buffer, from: string, to: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-office-'));
  try {
    fs.writeFileSync(path.join(dir, `in.${from}`), source);
    await promisify(execFile)(soffice, [
      '--headless',
      `-env:UserInstallation=file://${dir}/profile`,
      '--convert-to',
      to,
      '--outdir',
      dir,
      path.join(dir, `in.${from}`),
    ]);
    return fs.readFileSync(path.join(dir, `in.${to}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const previewOf = (app: FastifyInstance, id: number, token?: string) =>
  app.inject({
    url: `/api/resources/preview/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Asks until the worker answers something other than 202 (it runs in the app's process). */
async function settled(app: FastifyInstance, id: number, token: string) {
  for (let i = 0; i < 600; i++) {
    const res = await previewOf(app, id, token);
    if (res.statusCode !== 202) return res;
    await sleep(100);
  }
  throw new Error('the preview never settled');
}

/** The drive as a teacher uses it: upload, register, edit. */
function driveOf(app: () => FastifyInstance) {
  const call = (name: string, fields: Fields, token: string) =>
    postForm(app(), `/api/resources/${name}`, fields, { token });
  return {
    call,
    ok: async <T>(name: string, fields: Fields, token: string) =>
      expectOk<T>(await call(name, fields, token)),
    async upload(token: string, name: string, data: Buffer) {
      const res = await postFile(app(), '/api/resources/upload.do', { name, data }, { token });
      return expectOk<{ url: string; fileId: number }>(res);
    },
    async add(token: string, target: Fields, name: string, data: Buffer, fields: Fields = {}) {
      const { url } = await this.upload(token, name, data);
      const res = await call(
        'addResource',
        { ...target, resourcesType: '1', resourcesPath: url, resourcesFname: name, ...fields },
        token,
      );
      return expectOk<{ resourcesId: number }>(res).resourcesId;
    },
  };
}

describe('office previews: LibreOffice in the job queue, under the file’s read rule', () => {
  let t: TestApp;
  let admin: TestStaff;
  let owner: TestStaff;
  let other: TestStaff;
  const token = { admin: '', owner: '', other: '' };
  let column = 0;
  const drive = driveOf(() => t.app);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    owner = await createStaff(t.db, { name: '林晓雯' });
    other = await createStaff(t.db, { name: '王建国' });
    token.admin = await login(t.app, admin);
    token.owner = await login(t.app, owner);
    token.other = await login(t.app, other);
    column = (
      await drive.ok<{ fid: number }>('addFolder', { fName: '预览', sType: 0 }, token.admin)
    ).fid;
  });
  afterAll(() => t?.close());

  it('finds LibreOffice on this machine (the suite needs it, as npm test installs it)', () => {
    expect(t.config.sofficePath).toBeTruthy();
  });

  // Eleven conversions one after another: more than the default 30 s on a busy machine.
  it('turns every office type into PDF pages holding its text, queued at the first ask', async () => {
    const soffice = t.config.sofficePath!;
    const made: Array<[string, Buffer, string[]]> = [
      ['教案.docx', await docx('DOCXMARK'), ['DOCXMARK', '函数的单调性教案', 'DOCXMARK-BODY']],
      ['成绩.xlsx', await xlsx('XLSXMARK'), ['XLSXMARK', '期中考试成绩统计表', '王子涵']],
      ['课件.pptx', await pptx('PPTXMARK'), ['PPTXMARK', '氧化还原反应', 'PPTXMARK-POINT']],
      ['提纲.rtf', rtf('RTFMARK'), ['RTFMARK', '期末复习提纲']],
      ['记录.odt', await odt('ODTMARK'), ['ODTMARK', '班会课记录']],
    ];
    made.push(
      ['旧教案.doc', await legacy(soffice, await docx('DOCMARK'), 'docx', 'doc'), ['DOCMARK']],
      ['旧成绩.xls', await legacy(soffice, await xlsx('XLSMARK'), 'xlsx', 'xls'), ['XLSMARK']],
      ['旧课件.ppt', await legacy(soffice, await pptx('PPTMARK'), 'pptx', 'ppt'), ['PPTMARK']],
    );
    for (const [name, data, words] of made) {
      const id = await drive.add(token.owner, { fId: column }, name, data);
      const first = await previewOf(t.app, id, token.owner);
      expect(first.statusCode, name).toBe(202);
      expect(first.json(), name).toMatchObject({ status: 0, msg: '正在生成预览…' });
      expect(['queued', 'converting']).toContain(first.json().data.state);
      const res = await settled(t.app, id, token.owner);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('inline');
      const text = squeezed(await pdfText(res.rawPayload));
      for (const word of words) expect(text, name).toContain(squeezed(word));
    }
    // Byte ranges, as pdf.js asks for a large file's parts.
    const id = await drive.add(token.owner, { fId: column }, '范围.docx', await docx('RANGE'));
    const whole = await settled(t.app, id, token.owner);
    const part = await t.app.inject({
      url: `/api/resources/preview/${id}`,
      headers: { authorization: `Bearer ${token.owner}`, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
  }, 180_000);

  it('converts the same bytes once, whichever resources hold them', async () => {
    const data = await docx('TWICE');
    const mine = await drive.add(token.owner, { fId: column }, '同一份.docx', data);
    const theirs = await drive.add(token.other, { sType: 1 }, '别名.docx', data);
    const a = await settled(t.app, mine, token.owner);
    const b = await settled(t.app, theirs, token.other);
    expect(a.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    const resource = await t.db
      .selectFrom('driveResource')
      .innerJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select('storedFile.sha256')
      .where('driveResource.id', '=', mine)
      .executeTakeFirstOrThrow();
    const jobs = await t.db
      .selectFrom('job')
      .select(['key', 'attempts', 'state'])
      .where('key', '=', `office-preview:${resource.sha256}`)
      .execute();
    expect(jobs).toEqual([
      { key: `office-preview:${resource.sha256}`, attempts: 1, state: 'done' },
    ]);
    const previews = await t.db
      .selectFrom('filePreview')
      .selectAll()
      .where('sha256', '=', resource.sha256!)
      .execute();
    expect(previews).toHaveLength(1);
    // The stored PDF is read by the preview address only, never by its own id.
    const byId = await t.app.inject({
      url: `/api/files/${previews[0]!.pdfFileId}`,
      headers: { authorization: `Bearer ${token.owner}` },
    });
    expectRefusal(byId, 403, '无权查看该文件');
  });

  it('answers the PDF itself, refuses other types, and obeys the file’s read rule', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const pdfId = await drive.add(token.owner, { fId: column }, '讲义.pdf', pdf);
    const res = await previewOf(t.app, pdfId, token.other);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);

    const text = await drive.add(token.owner, { fId: column }, '说明.txt', Buffer.from('你好'));
    expectRefusal(await previewOf(t.app, text, token.owner), 415, '暂不支持预览，请下载');

    const secret = await drive.add(token.owner, { fId: column }, '私有.docx', await docx('PRIV'), {
      resourcesIsOpen: '1',
    });
    expectRefusal(
      await previewOf(t.app, secret, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    expectRefusal(await previewOf(t.app, secret), 401, 'token错误');
    expect((await settled(t.app, secret, token.admin)).statusCode).toBe(200);

    const disk = await drive.add(token.owner, { sType: 1 }, '自己的.docx', await docx('DISK'));
    expectRefusal(await previewOf(t.app, disk, token.other), 403, '只能操作自己的网盘');
    expectRefusal(await previewOf(t.app, disk, token.admin), 403, '只能操作自己的网盘');
    expectRefusal(await previewOf(t.app, 99_999, token.owner), 404, '文件不存在或已删除');
    expectRefusal(await previewOf(t.app, disk), 401, 'token错误');
  });

  it('防泄密: others see a preview carrying their name, and no download address gives them the file', async () => {
    const paperFolder = (
      await drive.ok<{ fid: number }>(
        'addFolder',
        { fName: '期末试卷', sType: 0, fSuperId: column },
        token.admin,
      )
    ).fid;
    const data = await docx('EXAMPAPER');
    const id = await drive.add(token.owner, { fId: paperFolder }, '期末试卷.docx', data);
    const edit = (fields: Fields, who = token.owner) =>
      drive.call(
        'editResource',
        {
          resourcesId: id,
          resourcesType: '1',
          resourcesFileType: '2',
          resourcesIsOpen: '2',
          resourcesIsComment: '1',
          resourcesDesc: '考前请勿外传',
          ...fields,
        },
        who,
      );
    expectRefusal(
      await edit({ resourcesIsProtected: '1' }, token.other),
      403,
      '只能编辑自己上传的文件',
    );
    expectRefusal(
      await edit({ resourcesIsProtected: '2' }),
      400,
      'resourcesIsProtected 只能为 0 或 1',
    );
    expectOk(await edit({ resourcesIsProtected: '1' }));
    // Left out (or sent empty): unchanged.
    expectOk(await edit({ resourcesIsProtected: '' }));
    const detail = (who: string) =>
      drive.ok<{ resourcesIsProtected: string; canDownload: boolean }>(
        'getResourcesDetail',
        { resourcesId: id },
        who,
      );
    expect(await detail(token.other)).toMatchObject({
      resourcesIsProtected: '1',
      canDownload: false,
    });
    expect(await detail(token.owner)).toMatchObject({
      resourcesIsProtected: '1',
      canDownload: true,
    });
    expect(await detail(token.admin)).toMatchObject({ canDownload: true });

    const seen = await settled(t.app, id, token.other);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers['accept-ranges']).toBeUndefined();
    const text = squeezed(await pdfText(seen.rawPayload));
    expect(text).toContain('EXAMPAPER');
    expect(text).toContain(`王建国${other.code}2026-03-0216:00`);
    // The owner's own preview is the plain PDF.
    const own = squeezed(await pdfText((await settled(t.app, id, token.owner)).rawPayload));
    expect(own).not.toContain('林晓雯');

    // Every download address refuses the others.
    const refusal = '该文件已设为防泄密，只有上传者和网盘管理员可以下载';
    expectRefusal(await drive.call('download', { resourcesId: id }, token.other), 403, refusal);
    // Sharing gives the bytes out too: said as what it is, not as a private file.
    expectRefusal(
      await drive.call('share', { resourcesId: id }, token.other),
      403,
      '防泄密文件只有上传者和网盘管理员可以分享',
    );
    const get = (url: string, who: string) =>
      t.app.inject({ url, headers: { authorization: `Bearer ${who}` } });
    expectRefusal(await get(`/api/resources/file/${id}`, token.other), 403, refusal);
    expectRefusal(await get(`/api/resources/file/${id}?download=1`, token.other), 403, refusal);
    expectRefusal(
      await get(`/api/resources/selectionZip?resourcesId=${id}`, token.other),
      403,
      refusal,
    );
    const fileId = (
      await t.db
        .selectFrom('driveResource')
        .select('fileId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).fileId;
    expectRefusal(
      await get(`/api/files/${fileId}`, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    // A folder's zip leaves it out for others, keeps it for the owner.
    const names = async (who: string) => {
      const res = await get(`/api/resources/folderZip/${paperFolder}`, who);
      if (res.statusCode !== 200) return [`${res.statusCode}`];
      const zip = await yauzl.fromBufferPromise(res.rawPayload, { lazyEntries: true });
      const found: string[] = [];
      for await (const entry of zip.eachEntry()) found.push(entry.fileName);
      return found;
    };
    await drive.add(token.owner, { fId: paperFolder }, '答题卡.txt', Buffer.from('答题卡'));
    expect(await names(token.other)).toEqual(['答题卡.txt']);
    expect((await names(token.owner)).sort()).toEqual(['期末试卷.docx', '答题卡.txt']);
    // The owner and the drive administrators download it.
    for (const who of [token.owner, token.admin]) {
      expectOk(await drive.call('download', { resourcesId: id }, who));
      const file = await get(`/api/resources/file/${id}?download=1`, who);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(data)).toBe(true);
    }
    // A 防泄密 PDF is watermarked for others too; turned off, it is the file again.
    const pdfId = await drive.add(token.owner, { fId: paperFolder }, '答案.pdf', seen.rawPayload);
    await drive.ok(
      'editResource',
      {
        resourcesId: pdfId,
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '答案',
        resourcesIsProtected: '1',
      },
      token.owner,
    );
    const marked = await previewOf(t.app, pdfId, token.admin);
    expect(marked.rawPayload.equals(seen.rawPayload)).toBe(true);
    const forOther = squeezed(
      await pdfText((await previewOf(t.app, pdfId, token.other)).rawPayload),
    );
    expect(forOther.split(`王建国${other.code}`).length).toBeGreaterThan(2);
    expectOk(await edit({ resourcesIsProtected: '0' }));
    expect((await get(`/api/resources/file/${id}`, token.other)).statusCode).toBe(200);
  });
  it('a share link previews an office document as pages; a 防泄密 one only as marked pages, never its bytes', async () => {
    const data = await docx('SHAREDOC');
    const id = await drive.add(token.owner, { fId: column }, '分享教案.docx', data);
    const link = await drive.ok<{ shareCode: string; extractCode: string | null }>(
      'share',
      { resourcesId: id, needCode: '0', expireDays: '', maxDownloads: '' },
      token.owner,
    );
    const visitor = { remoteAddress: '10.9.8.7' };
    const info = async () =>
      expectOk<{ file: { preview: string | null; leakProtected: boolean } }>(
        await postForm(
          t.app,
          '/api/share/getShareInfo',
          { shareCode: link.shareCode, extractCode: '' },
          visitor,
        ),
      ).file;
    const shared = (kind: 'file' | 'preview') =>
      t.app.inject({ url: `/api/share/${kind}/${link.shareCode}`, ...visitor });
    const pages = async () => {
      for (let i = 0; i < 600; i++) {
        const res = await shared('preview');
        if (res.statusCode !== 202) return res;
        await sleep(100);
      }
      throw new Error('the share preview never settled');
    };
    expect(await info()).toMatchObject({ preview: 'office', leakProtected: false });
    const plain = await pages();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/pdf');
    expect(squeezed(await pdfText(plain.rawPayload))).toContain('SHAREDOC');
    expect((await shared('file')).rawPayload.equals(data)).toBe(true);

    // Marked 防泄密: the link still previews, with the visitor's mark, and refuses the bytes.
    expectOk(
      await drive.call(
        'editResource',
        {
          resourcesId: id,
          resourcesType: '1',
          resourcesFileType: '2',
          resourcesIsOpen: '2',
          resourcesIsComment: '1',
          resourcesDesc: '函数的单调性',
          resourcesIsProtected: '1',
        },
        token.owner,
      ),
    );
    expect(await info()).toMatchObject({ preview: 'office', leakProtected: true });
    const marked = await pages();
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['cache-control']).toBe('private, no-store');
    const text = squeezed(await pdfText(marked.rawPayload));
    expect(text).toContain('SHAREDOC');
    expect(text).toContain('分享访客10.9.8.7');
    const refusal = '该文件已设为防泄密，只有上传者和网盘管理员可以下载';
    expectRefusal(await shared('file'), 403, refusal);
    expectRefusal(
      await t.app.inject({ url: `/api/share/file/${link.shareCode}?download=1`, ...visitor }),
      403,
      refusal,
    );
  });
});

describe('office previews that fail, time out, or meet a restart', () => {
  let database: TestDatabase;
  let dataDir: string;
  let scripts: string;
  const apps: Array<{ app: FastifyInstance; services: Services }> = [];
  const clock = createTestClock();

  /** An app over the shared database and data folder, as a restarted process is. */
  async function start(env: Record<string, string> = {}) {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    const deps = { config, db: database.db, dialect: database.dialect, clock: clock.now };
    const services = createServices(deps);
    const app = await buildApp({ ...deps, services, logger: false });
    await app.ready();
    apps.push({ app, services });
    return { app, services, drive: driveOf(() => app) };
  }

  /** A stand-in for soffice: a shell script. */
  const fake = (name: string, body: string) => {
    const file = path.join(scripts, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  };

  let teacher: TestStaff;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedBaseData(database.db);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'office-restart-'));
    scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'office-fakes-'));
    teacher = await createStaff(database.db, { name: '赵老师' });
  });
  afterAll(async () => {
    for (const { app } of apps) await app.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scripts, { recursive: true, force: true });
  });

  it('answers 预览生成失败 after the retries of a conversion that fails', async () => {
    const { app, services, drive } = await start({ SOFFICE_PATH: fake('broken', 'exit 3') });
    const token = await login(app, teacher);
    const id = await drive.add(token, { sType: 1 }, '坏的.docx', await docx('BROKEN'));
    expect((await previewOf(app, id, token)).statusCode).toBe(202);
    // The first run fails; the retry waits 30 s on the app's clock.
    for (let i = 0; i < 100; i++) {
      const job = await services.db
        .selectFrom('job')
        .select(['attempts', 'state'])
        .where('kind', '=', 'office-preview')
        .executeTakeFirst();
      if (job?.attempts === 1 && job.state === 'queued') break;
      await sleep(50);
    }
    const waiting = await previewOf(app, id, token);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json().data.state).toBe('queued');
    clock.advanceMinutes(1);
    services.jobs.wake();
    const res = await settled(app, id, token);
    expectRefusal(res, 422, '预览生成失败，请下载查看');
    await app.close();
  });

  it('kills a conversion past its time limit and says so', async () => {
    const { app, services, drive } = await start({
      SOFFICE_PATH: fake('stuck', 'sleep 60'),
      OFFICE_PREVIEW_TIMEOUT_SECONDS: '1',
    });
    const token = await login(app, teacher);
    const id = await drive.add(token, { sType: 1 }, '卡住.docx', await docx('STUCK'));
    expect((await previewOf(app, id, token)).statusCode).toBe(202);
    let key = '';
    for (let i = 0; i < 100 && !key; i++) {
      const job = await services.db
        .selectFrom('job')
        .select(['key', 'attempts', 'state'])
        .where('kind', '=', 'office-preview')
        .where('error', 'like', '超过%')
        .executeTakeFirst();
      key = job?.key ?? '';
      if (!key) await sleep(100);
    }
    expect((await jobRow(services.db, key))?.error).toBe('超过1秒未完成');
    clock.advanceMinutes(1);
    services.jobs.wake();
    expectRefusal(await settled(app, id, token), 422, '预览生成失败，请下载查看');
    // soffice's process group is gone: no sleeping stand-in is left.
    const { stdout } = await promisify(execFile)('ps', ['-eo', 'args']);
    expect(stdout).not.toContain(path.join(scripts, 'stuck'));
    await app.close();
  });

  it('says 暂不支持预览 where LibreOffice is missing', async () => {
    const { app, drive } = await start({ SOFFICE_PATH: 'off' });
    const token = await login(app, teacher);
    const id = await drive.add(token, { sType: 1 }, '无软件.docx', await docx('NONE'));
    expectRefusal(await previewOf(app, id, token), 415, '暂不支持预览，请下载');
    await app.close();
  });

  it('finishes a conversion a stopped process was running, after the restart', async () => {
    const first = await start({ SOFFICE_PATH: fake('slow', 'sleep 60') });
    const token = await login(first.app, teacher);
    const id = await first.drive.add(token, { sType: 1 }, '重启.docx', await docx('RESTART'));
    expect((await previewOf(first.app, id, token)).statusCode).toBe(202);
    let running = false;
    for (let i = 0; i < 100 && !running; i++) {
      const converting = await previewOf(first.app, id, token);
      running = converting.json().data?.state === 'converting';
      if (!running) await sleep(50);
    }
    expect(running).toBe(true);
    // The process stops mid-conversion (npm start's Ctrl-C): the job waits, unharmed.
    await first.app.close();
    const job = await database.db
      .selectFrom('job')
      .select(['state', 'attempts', 'lockedBy'])
      .where('kind', '=', 'office-preview')
      .where('state', 'not in', ['failed'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'queued', attempts: 0, lockedBy: null });
    const second = await start();
    const res = await settled(second.app, id, token);
    expect(res.statusCode).toBe(200);
    expect(squeezed(await pdfText(res.rawPayload))).toContain('RESTART');
    await second.app.close();
  });

  it('takes over a conversion a process claimed and died with, once its lock runs out', async () => {
    const { app, services, drive } = await start();
    const token = await login(app, teacher);
    // Stop the app's own worker while the dead process claims, so the claim is the dead one's.
    await services.jobs.stop();
    const id = await drive.add(token, { sType: 1 }, '遗留.docx', await docx('ORPHAN'));
    expect((await previewOf(app, id, token)).statusCode).toBe(202);
    const dead = new JobQueue(database.db, database.dialect, clock.now);
    dead.register({
      kind: 'office-preview',
      timeoutMs: 120_000,
      maxAttempts: 2,
      run: () => new Promise(() => {}),
    });
    expect((await dead.claim())?.kind).toBe('office-preview');
    services.jobs.start();
    await sleep(300);
    const waiting = await previewOf(app, id, token);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json().data).toEqual({ state: 'converting', position: 0 });
    // The lock is the time limit (120 s) and a margin: three minutes later it is free.
    clock.advanceMinutes(3);
    services.jobs.wake();
    const res = await settled(app, id, token);
    expect(res.statusCode).toBe(200);
    expect(squeezed(await pdfText(res.rawPayload))).toContain('ORPHAN');
  });
});
