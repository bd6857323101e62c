import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { zipSync } from 'fflate';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { davPerson, davRequest } from '../../../modules/drive/dav/test/dav-kit.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  EICAR,
  EICAR_NAME,
  SCHOOL_NAME,
  SCHOOL_TEST_STRING,
  TEST_SIGNATURES,
  startClamd,
  type TestClamd,
} from '../../../test-kit/clamd.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postFile,
  postForm,
  postJson,
} from '../../../test-kit/http.js';
import { SCAN_PENDING_FILE } from '../access.js';
import { virusFound } from '../virus-scan.js';

let clamd: TestClamd;
let t: TestApp;
let teacher: TestStaff;
let other: TestStaff;
let admin: TestStaff;
let teacherToken: string;
let otherToken: string;
let adminToken: string;

beforeAll(async () => {
  clamd = await startClamd(1000);
  t = await createTestApp({ env: clamd.env });
  teacher = await createStaff(t.db);
  other = await createStaff(t.db);
  admin = await createStaff(t.db, { staffType: 5, isPower: 1 });
  teacherToken = await login(t.app, teacher);
  otherToken = await login(t.app, other);
  adminToken = await login(t.app, admin);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await clamd?.stop();
});

let address: string | undefined;
/** The app on a real port (once): tus-js-client and WebDAV's raw requests. */
const listening = async () => (address ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));
const port = () => Number(new URL(address!).port);

const text = (body: string) => Buffer.from(`教案 ${Math.random()}\n${body}\n`, 'utf8');

/** Every stored copy of bytes in the data folder's files (none once quarantined). */
const storedCopiesOf = (bytes: Buffer) => {
  const root = path.join(t.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).equals(bytes));
};

const driveUpload = (name: string, data: Buffer, token = teacherToken) =>
  postFile(t.app, '/api/resources/upload.do', { name, data }, { token });

const findings = () => t.db.selectFrom('virusFinding').selectAll().orderBy('id').execute();

const todo = async (token: string) =>
  expectOk<{ virusNum: number; virusUrl: string }>(
    await postJson(t.app, '/api/todo/getTodoNum', {}, { token }),
  );

const storedFile = (id: number) =>
  t.db.selectFrom('storedFile').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const expectVirus = (res: LightMyRequestResponse, name: string) =>
  expectRefusal(res, 422, virusFound(name));

describe('uploads are scanned by clamd before they are stored', () => {
  it('refuses an infected drive upload in Chinese, keeps no bytes, records a finding and a log row', async () => {
    const before = (await todo(adminToken)).virusNum;
    const data = text(EICAR);
    expectVirus(await driveUpload('病毒.txt', data), EICAR_NAME);
    expect(storedCopiesOf(data)).toEqual([]);
    const found = (await findings()).at(-1)!;
    expect(found).toMatchObject({
      fileId: null,
      fileName: '病毒.txt',
      virusName: EICAR_NAME,
      foundBy: 'upload',
      uploadedBy: teacher.id,
      handledAt: null,
    });
    expect(found.scanVersion).toContain('/1000/');
    expect(found.sha256).toMatch(/^[0-9a-f]{64}$/);
    const log = await t.db
      .selectFrom('operLog')
      .selectAll()
      .where('infoTable', '=', 'T_VIRUS_FINDING')
      .where('objId', '=', found.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ staffId: teacher.id, staffName: teacher.name });
    expect(log).toMatchObject({ operType: '上传检测到病毒', note: EICAR_NAME });
    // The system administrators' to-do; a teacher has none.
    expect(await todo(adminToken)).toMatchObject({ virusNum: before + 1 });
    expect((await todo(teacherToken)).virusNum).toBe(0);

    // 病毒检测记录: the administrators read it and mark it handled, as the page posts.
    const list = (state: string, token = adminToken) =>
      postForm(
        t.app,
        '/api/cms/virusFinding/list',
        { state, pageNum: '1', pageSize: '20' },
        { token },
      );
    const open = expectOk<{ total: number; list: Array<Record<string, unknown>> }>(await list('0'));
    expect(open.list[0]).toMatchObject({
      findingId: found.id,
      fileName: '病毒.txt',
      fileSize: data.length,
      virusName: EICAR_NAME,
      foundBy: 'upload',
      uploaderName: teacher.name,
      handled: false,
      handledDate: null,
      handledByName: null,
    });
    // An empty state is "not given": every finding.
    expect(expectOk<{ total: number }>(await list('')).total).toBeGreaterThanOrEqual(open.total);
    expectRefusal(await list('0', teacherToken), 403, '只有系统管理员可以进行此操作');
    const handle = (findingId: string | number, token = adminToken) =>
      postForm(t.app, '/api/cms/virusFinding/handle', { findingId }, { token });
    expectRefusal(await handle(found.id, teacherToken), 403, '只有系统管理员可以进行此操作');
    expectOk(await handle(found.id));
    expectRefusal(await handle(found.id), 409, '该记录已标记为已处理');
    expectRefusal(await handle(999_999), 404, '检测记录不存在');
    expectRefusal(await handle(''), 400, '请选择检测记录');
    const done = expectOk<{ list: Array<Record<string, unknown>> }>(await list('1')).list;
    expect(done.find((row) => row.findingId === found.id)).toMatchObject({
      handled: true,
      handledByName: admin.name,
      handledDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    });
    expect(await todo(adminToken)).toMatchObject({ virusNum: before });
    const handledLog = await t.db
      .selectFrom('operLog')
      .select(['staffId', 'operType'])
      .where('infoTable', '=', 'T_VIRUS_FINDING')
      .where('objId', '=', found.id)
      .where('operType', '=', '标记已处理')
      .executeTakeFirstOrThrow();
    expect(handledLog.staffId).toBe(admin.id);
  });

  it('finds the school test string inside a zip (clamd opens archives)', async () => {
    const zip = Buffer.from(
      zipSync({ '资料/说明.txt': new TextEncoder().encode(SCHOOL_TEST_STRING) }),
    );
    expectVirus(await driveUpload('资料.zip', zip), SCHOOL_NAME);
    expect(storedCopiesOf(zip)).toEqual([]);
  });

  it('stores a clean file as clean with the signature version it was scanned with', async () => {
    const data = text('只是一份教案');
    const { fileId } = expectOk<{ fileId: number }>(await driveUpload('教案.txt', data));
    const row = await storedFile(fileId);
    expect(row.scanState).toBe('clean');
    expect(row.scanVersion).toMatch(/^ClamAV [\d.]+\/1000\//);
    expect(row.scannedAt).toBeTruthy();
  });

  it('scans a tus upload whole, after its chunks are put together', async () => {
    const address = await listening();
    // The test string is cut by a chunk boundary: no chunk alone carries it.
    const data = Buffer.concat([
      Buffer.alloc(64 * 1024 - 20, 'a'),
      Buffer.from(EICAR),
      Buffer.alloc(1000, 'b'),
    ]);
    const failure = await new Promise<Error>((resolve, reject) => {
      const upload = new tus.Upload(data, {
        endpoint: `${address}/api/resources/tus/`,
        chunkSize: 64 * 1024,
        retryDelays: [],
        headers: { Authorization: `Bearer ${teacherToken}` },
        metadata: { filename: '分块.txt' },
        onError: resolve,
        onSuccess: () => reject(new Error('an infected upload was taken')),
      });
      upload.start();
    });
    expect(String(failure)).toContain('422');
    expect(String(failure)).toContain(virusFound(EICAR_NAME));
    expect(storedCopiesOf(data)).toEqual([]);
  });

  it('refuses infected mail attachments and CMS uploads', async () => {
    const data = text(EICAR);
    expectVirus(
      await postFile(
        t.app,
        '/api/email/upload',
        { name: '附件.txt', data },
        { token: teacherToken },
      ),
      EICAR_NAME,
    );
    expectVirus(
      await postFile(
        t.app,
        '/api/cms/upload?kind=attachment',
        { name: '附件.txt', data: text(SCHOOL_TEST_STRING) },
        { token: adminToken },
      ),
      SCHOOL_NAME,
    );
  });

  it('refuses an infected WebDAV PUT', async () => {
    await listening();
    const person = await davPerson(t);
    const data = text(EICAR);
    const put = await davRequest(
      port(),
      'PUT',
      `/dav/disk/${encodeURIComponent('病毒.txt')}`,
      person,
      {
        body: data,
      },
    );
    expect(put.status).toBe(422);
    expect(put.text).toContain(virusFound(EICAR_NAME));
    expect(storedCopiesOf(data)).toEqual([]);
  });
});

describe('the read rule asks the scan state', () => {
  it('keeps a file whose scan has not passed its uploader’s alone, and an infected one nobody’s', async () => {
    const data = text('待检测');
    const { fileId } = expectOk<{ fileId: number }>(await driveUpload('待检测.txt', data));
    const read = (token: string | undefined) =>
      t.app.inject({
        method: 'GET',
        url: `/api/files/${fileId}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    // A public share of it would let others read; here: another teacher through a mail.
    await t.db
      .updateTable('storedFile')
      .set({ scanState: 'pending' })
      .where('id', '=', fileId)
      .execute();
    expect((await read(teacherToken)).statusCode).toBe(200);
    expectRefusal(await read(otherToken), 403, SCAN_PENDING_FILE);
    expect((await read(undefined)).statusCode).toBe(401);
    await t.db
      .updateTable('storedFile')
      .set({ scanState: 'infected', virusName: 'X' })
      .where('id', '=', fileId)
      .execute();
    expectRefusal(await read(teacherToken), 403, virusFound('X'));
  });
});

describe('the daily rescan', () => {
  it('rescans files after the signatures changed and quarantines what they now find', async () => {
    const marker = 'NEW-THREAT-FOUND-LATER';
    const later = text(marker);
    const { fileId } = expectOk<{ fileId: number }>(await driveUpload('后来.txt', later));
    const clean = expectOk<{ fileId: number }>(await driveUpload('干净.txt', text('干净')));
    expect((await storedFile(fileId)).scanState).toBe('clean');
    // Nothing to do while the signatures are the ones the files were scanned with.
    expect((await t.services.virusRescan.run()).infected).toBe(0);

    await clamd.update(1001, { ...TEST_SIGNATURES, 'Later-Signature': marker });
    const run = await t.services.virusRescan.run();
    expect(run.infected).toBe(1);
    const row = await storedFile(fileId);
    expect(row).toMatchObject({ scanState: 'infected', virusName: 'Later-Signature.UNOFFICIAL' });
    expect(row.scanVersion).toContain('/1001/');
    expect(storedCopiesOf(later)).toEqual([]);
    expect((await storedFile(clean.fileId)).scanVersion).toContain('/1001/');
    expect((await findings()).at(-1)).toMatchObject({
      fileId,
      foundBy: 'rescan',
      virusName: 'Later-Signature.UNOFFICIAL',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expectRefusal(read, 403, virusFound('Later-Signature.UNOFFICIAL'));
    // A second run finds nothing left to scan.
    expect((await t.services.virusRescan.run()).scanned).toBe(0);
  });
});

describe('a file larger than clamd takes', () => {
  it('is stored 未检测 under the usual rule, offered again only with new signatures', async () => {
    const small = await startClamd(1000, TEST_SIGNATURES, '1M');
    const app = await createTestApp({ env: small.env });
    try {
      const staff = await createStaff(app.db);
      const token = await login(app.app, staff);
      const big = Buffer.alloc(3 * 1024 * 1024, 'a');
      const { fileId } = expectOk<{ fileId: number }>(
        await postFile(
          app.app,
          '/api/resources/upload.do',
          { name: 'big.txt', data: big },
          { token },
        ),
      );
      const row = await app.db
        .selectFrom('storedFile')
        .selectAll()
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      // 未检测, not pending (a pending file is its uploader's alone): the usual rule reads it.
      expect(row.scanState).toBe('unscanned');
      expect(row.scanVersion).toContain('/1000/');
      // Not streamed again while the signatures stay the same.
      expect((await app.services.virusRescan.run()).scanned).toBe(0);
    } finally {
      await app.close();
      await small.stop();
    }
  });
});

describe('VIRUS_SCAN=off', () => {
  it('stores uploads 未检测 and reads them under the usual rule', async () => {
    const off = await createTestApp({ env: { VIRUS_SCAN: 'off' } });
    try {
      const staff = await createStaff(off.db);
      const token = await login(off.app, staff);
      const { fileId } = expectOk<{ fileId: number }>(
        await postFile(
          off.app,
          '/api/resources/upload.do',
          { name: 'a.txt', data: text(EICAR) },
          { token },
        ),
      );
      const row = await off.db
        .selectFrom('storedFile')
        .selectAll()
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ scanState: 'unscanned', scanVersion: null });
    } finally {
      await off.close();
    }
  });

  it('stores uploads 未检测 when clamd does not answer (no signature database)', async () => {
    const down = await createTestApp({
      env: { VIRUS_SCAN: 'clamd', CLAMD_SOCKET: path.join(t.config.dataDir, 'no-clamd.sock') },
    });
    down.services.files.scanner.log = { warn: () => undefined };
    try {
      const staff = await createStaff(down.db);
      const token = await login(down.app, staff);
      const { fileId } = expectOk<{ fileId: number }>(
        await postFile(
          down.app,
          '/api/resources/upload.do',
          { name: 'b.txt', data: text('x') },
          { token },
        ),
      );
      const row = await down.db
        .selectFrom('storedFile')
        .select('scanState')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(row.scanState).toBe('unscanned');
    } finally {
      await down.close();
    }
  });
});
