import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../http/errors.js';
import { makeDocx, makePptx, makeXlsx } from '../../../../seed/demo-office.js';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, readerOf, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postJson } from '../../../../test-kit/http.js';

const MB = 1024 * 1024;
const LIMIT = 2 * MB;
const TUS = '/api/resources/tus/';

/** A file whose bytes say PDF, different every time (so no two tests share a hash). */
const pdf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let t: TestApp;
let app: FastifyInstance;
let owner: TestStaff;
let other: TestStaff;
let ownerToken: string;
let otherToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { DRIVE_FILE_MAX_BYTES: String(LIMIT) } });
  app = t.app;
  owner = await createStaff(t.db);
  other = await createStaff(t.db);
  ownerToken = await login(app, owner);
  otherToken = await login(app, other);
});

afterAll(() => t.close());

let address: string | undefined;
/** The app on a real port (once), for a real client and for dropped connections. */
const listening = async () => (address ??= await app.listen({ port: 0, host: '127.0.0.1' }));

/** Files under a folder of the data directory, at any depth. */
const filesUnder = (folder: string): string[] => {
  const root = path.join(t.config.dataDir, folder);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
};

const storedCopiesOf = (bytes: Buffer) =>
  filesUnder('files').filter((file) => fs.readFileSync(file).equals(bytes));

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

function create(
  token: string | undefined,
  length: number,
  fileName: string | undefined,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: TUS,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      ...(fileName === undefined ? {} : { 'upload-metadata': metadata({ filename: fileName }) }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

function patch(token: string, location: string, offset: number, chunk: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      authorization: `Bearer ${token}`,
    },
  });
}

function head(token: string, location: string) {
  return app.inject({
    method: 'HEAD',
    url: location,
    headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
  });
}

/** Creates an upload and sends `bytes` in `chunks` PATCHes; answers the last PATCH. */
async function uploadInChunks(token: string, fileName: string, bytes: Buffer, chunks = 3) {
  const created = await create(token, bytes.length, fileName);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const size = Math.ceil(bytes.length / chunks);
  let answer!: LightMyRequestResponse;
  for (let offset = 0; offset < bytes.length; offset += size) {
    answer = await patch(token, location, offset, bytes.subarray(offset, offset + size));
    if (offset + size < bytes.length) {
      expect(answer.statusCode, answer.body).toBe(204);
      expect(answer.headers['upload-offset']).toBe(String(offset + size));
    }
  }
  return { location, answer };
}

async function readFile(url: string, token = ownerToken) {
  const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('tus uploads', () => {
  it('stores a file sent in several PATCHes, with its name, and drops the partial', async () => {
    const bytes = pdf(300 * 1024);
    const { location, answer } = await uploadInChunks(ownerToken, '教学 计划.pdf', bytes);
    expect(location).toMatch(/^\/api\/resources\/tus\/[0-9a-f]{32}$/);
    expect(answer.statusCode, answer.body).toBe(204);
    const fileId = Number(answer.headers['x-file-id']);
    expect(answer.headers['x-file-url']).toBe(`/api/files/${fileId}`);
    expect(decodeURIComponent(answer.headers['x-file-name'] as string)).toBe('教学 计划.pdf');
    expect(answer.headers['x-file-size']).toBe(String(bytes.length));
    expect(answer.headers['x-file-reused']).toBe('0');
    expect((await readFile(`/api/files/${fileId}`)).equals(bytes)).toBe(true);
    const row = await t.db
      .selectFrom('storedFile')
      .selectAll()
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      fileName: '教学 计划.pdf',
      mimeType: 'application/pdf',
      createdBy: owner.id,
      sha256: sha256(bytes),
      sharedByHash: 1,
    });
    expect(filesUnder('tus')).toEqual([]);
    // The upload is gone once finished.
    expect((await head(ownerToken, location)).statusCode).toBe(404);
  });

  it('continues an interrupted upload from the offset HEAD answers (tus-js-client)', async () => {
    const address = await listening();
    const bytes = pdf(512 * 1024);
    const chunkSize = 64 * 1024;
    const options = {
      endpoint: `${address}${TUS}`,
      chunkSize,
      retryDelays: [],
      headers: { Authorization: `Bearer ${ownerToken}` },
      metadata: { filename: '课件.pdf' },
    };
    // First attempt: stopped after three chunks, as a closed laptop would.
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(bytes, {
        ...options,
        onChunkComplete: (_chunk, sent) => {
          if (sent >= 3 * chunkSize) {
            void upload.abort().then(() => resolve(upload.url!), reject);
          }
        },
        onError: reject,
        onSuccess: () => reject(new Error('should have stopped')),
      });
      upload.start();
    });
    const offset = Number(
      (await head(ownerToken, new URL(uploadUrl).pathname)).headers['upload-offset'],
    );
    expect(offset).toBe(3 * chunkSize);

    // Second attempt: the client asks the offset and sends the rest.
    let sentFrom = -1;
    const finished = await new Promise<Record<string, string>>((resolve, reject) => {
      const headers: Record<string, string> = {};
      const upload = new tus.Upload(bytes, {
        ...options,
        uploadUrl,
        onBeforeRequest: (request) => {
          if (request.getMethod() === 'PATCH' && sentFrom < 0) {
            sentFrom = Number(request.getHeader('Upload-Offset'));
          }
        },
        onAfterResponse: (_request, response) => {
          for (const name of ['X-File-Id', 'X-File-Reused', 'X-File-Size']) {
            const value = response.getHeader(name);
            if (value) headers[name] = value;
          }
        },
        onError: reject,
        onSuccess: () => resolve(headers),
      });
      upload.start();
    });
    expect(sentFrom).toBe(3 * chunkSize);
    expect(finished['X-File-Reused']).toBe('0');
    expect(finished['X-File-Size']).toBe(String(bytes.length));
    expect((await readFile(`/api/files/${finished['X-File-Id']}`)).equals(bytes)).toBe(true);
    expect(filesUnder('tus')).toEqual([]);
  }, 30_000);

  it('keeps what arrived before a connection dropped, and continues from there', async () => {
    const address = new URL(await listening());
    const bytes = pdf(256 * 1024);
    const created = await create(ownerToken, bytes.length, 'dropped.pdf');
    const location = created.headers.location as string;
    const sent = 100 * 1024;
    // A PATCH that announces every byte, sends 100 KB, and loses its connection.
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(address.port), address.hostname, () => {
        socket.write(
          `PATCH ${location} HTTP/1.1\r\nHost: ${address.host}\r\n` +
            `Authorization: Bearer ${ownerToken}\r\nTus-Resumable: 1.0.0\r\n` +
            `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n` +
            `Content-Length: ${bytes.length}\r\n\r\n`,
        );
        socket.write(bytes.subarray(0, sent), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    let offset = -1;
    for (let tries = 0; tries < 50 && offset !== sent; tries++) {
      offset = Number((await head(ownerToken, location)).headers['upload-offset']);
      if (offset !== sent) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(sent);
    const last = await patch(ownerToken, location, offset, bytes.subarray(offset));
    expect(last.statusCode, last.body).toBe(204);
    const url = last.headers['x-file-url'] as string;
    expect((await readFile(url)).equals(bytes)).toBe(true);
  }, 30_000);

  it('keeps the same bytes once: a second upload answers the first file', async () => {
    const bytes = pdf(200 * 1024);
    const first = (await uploadInChunks(ownerToken, 'a.pdf', bytes)).answer;
    const second = (await uploadInChunks(otherToken, '副本.pdf', bytes, 2)).answer;
    expect(second.statusCode, second.body).toBe(204);
    // Kept once, but not said to be reused: that would tell that someone else holds these bytes.
    expect(second.headers['x-file-reused']).toBe('0');
    expect(second.headers['x-file-id']).toBe(first.headers['x-file-id']);
    // The name the second person gave comes back; the file keeps the first one's.
    expect(decodeURIComponent(second.headers['x-file-name'] as string)).toBe('副本.pdf');
    expect(storedCopiesOf(bytes)).toHaveLength(1);
    expect(filesUnder('tus')).toEqual([]);
    // The single-file call finds the same bytes too, now the second person's as well.
    const again = expectOk<{ fileId: number; reused: boolean }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'c.pdf', data: bytes },
        { token: otherToken },
      ),
    );
    expect(again).toMatchObject({ fileId: Number(first.headers['x-file-id']), reused: true });
    expect(storedCopiesOf(bytes)).toHaveLength(1);
  });

  it("refuses another person's upload: no offset, no bytes, no removal", async () => {
    const bytes = pdf(100 * 1024);
    const created = await create(ownerToken, bytes.length, 'mine.pdf');
    const location = created.headers.location as string;
    await patch(ownerToken, location, 0, bytes.subarray(0, 1000));
    expectRefusal(await head(otherToken, location), 403, '不能访问他人的上传');
    expectRefusal(
      await patch(otherToken, location, 1000, bytes.subarray(1000)),
      403,
      '不能访问他人的上传',
    );
    const removal = await app.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${otherToken}` },
    });
    expectRefusal(removal, 403, '不能访问他人的上传');
    expect((await head(ownerToken, location)).headers['upload-offset']).toBe('1000');
    // Reading through GET is not offered at all.
    const read = await app.inject({
      url: location,
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(read.statusCode).toBe(404);
    // The owner may drop it.
    const dropped = await app.inject({
      method: 'DELETE',
      url: location,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${ownerToken}` },
    });
    expect(dropped.statusCode).toBe(204);
    expect(filesUnder('tus')).toEqual([]);
  });

  it('needs a session', async () => {
    expectRefusal(await create(undefined, 10, 'a.pdf'), 401, 'token错误');
    const created = await create(ownerToken, 10, 'a.pdf');
    const location = created.headers.location as string;
    const anonymous = await app.inject({
      method: 'PATCH',
      url: location,
      payload: pdf(10),
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    expectRefusal(anonymous, 401, 'token错误');
    expect((await head(ownerToken, location)).headers['upload-offset']).toBe('0');
  });

  it('refuses at creation: too large, no length, no name, a bad extension, a quota', async () => {
    const before = filesUnder('tus').length;
    expectRefusal(await create(ownerToken, LIMIT + 1, 'big.pdf'), 413, '文件过大，最大 2 MB');
    expectRefusal(
      await create(ownerToken, 10, undefined),
      400,
      '请提供文件名（Upload-Metadata 的 filename）',
    );
    expectRefusal(await create(ownerToken, 10, 'virus.exe'), 400, '上传文件格式不正确!');
    expectRefusal(await create(ownerToken, 10, 'noextension'), 400, '上传文件格式不正确!');
    const deferred = await app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': metadata({ filename: 'a.pdf' }),
        authorization: `Bearer ${ownerToken}`,
      },
    });
    expectRefusal(deferred, 400, '请提供文件大小（Upload-Length）');
    const noProtocol = await app.inject({
      method: 'POST',
      url: TUS,
      headers: { 'upload-length': '10', authorization: `Bearer ${ownerToken}` },
    });
    expectRefusal(noProtocol, 412, '请使用 tus 1.0.0 协议上传（Tus-Resumable: 1.0.0）');

    const seen: Array<[number, number, string]> = [];
    let quota = true;
    t.services.driveUploads.addBeforeCreate((staff, length, fields) => {
      if (!quota) return;
      seen.push([staff.id, length, fields.filename!]);
      if (length > 1000) throw new AppError(413, '网盘空间不足');
    });
    try {
      expectRefusal(await create(ownerToken, 1001, '大文件.pdf'), 413, '网盘空间不足');
      expect(seen).toEqual([[owner.id, 1001, '大文件.pdf']]);
      expect((await create(ownerToken, 1000, 'small.pdf')).statusCode).toBe(201);
    } finally {
      quota = false;
    }
    expect(filesUnder('tus').length).toBe(before + 2); // the small one: its bytes and its info
  });

  it('refuses bytes that are not what the name says, and keeps nothing', async () => {
    const rows = await t.db.selectFrom('storedFile').select('id').execute();
    const stored = filesUnder('files').length;
    const bytes = Buffer.from('just some text, not a PDF at all\n'.repeat(2000));
    const { answer } = await uploadInChunks(ownerToken, 'fake.pdf', bytes);
    expectRefusal(answer, 400, '文件内容与扩展名不符');
    expect(await t.db.selectFrom('storedFile').select('id').execute()).toEqual(rows);
    expect(filesUnder('files').length).toBe(stored);
    expect(storedCopiesOf(bytes)).toEqual([]);
  });

  it('drops unfinished uploads after 24 hours', async () => {
    const created = await create(ownerToken, 100, 'old.pdf');
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    const info = path.join(t.config.dataDir, 'tus', `${id}.json`);
    const saved = JSON.parse(fs.readFileSync(info, 'utf8')) as { creation_date: string };
    saved.creation_date = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    fs.writeFileSync(info, JSON.stringify(saved));
    expectRefusal(await head(ownerToken, location), 410, '上传已过期，请重新上传');
  });
});

describe('api/resources/upload.do', () => {
  const upload = (name: string, data: Buffer, token?: string) =>
    postFile(app, '/api/resources/upload.do', { name, data }, { token });

  it('stores one streamed file and answers its id, address, size and name', async () => {
    const bytes = pdf(150 * 1024);
    const response = await upload('说明.pdf', bytes, ownerToken);
    const data = expectOk<{
      fileId: number;
      fileName: string;
      url: string;
      fileSize: number;
      reused: boolean;
    }>(response);
    expect(response.json<{ msg: string }>().msg).toBe('上传成功');
    expect(data).toEqual({
      fileId: data.fileId,
      fileName: '说明.pdf',
      url: `/api/files/${data.fileId}`,
      fileSize: bytes.length,
      reused: false,
    });
    expect((await readFile(data.url)).equals(bytes)).toBe(true);
    const second = expectOk<{ fileId: number; reused: boolean }>(
      await upload('again.pdf', bytes, otherToken),
    );
    // Kept once; "reused" only for bytes the uploader could read before (the owner's own).
    expect(second).toMatchObject({ fileId: data.fileId, reused: false });
    const mine = expectOk<{ fileId: number; reused: boolean }>(
      await upload('mine-again.pdf', bytes, ownerToken),
    );
    expect(mine).toMatchObject({ fileId: data.fileId, reused: true });
    expect(storedCopiesOf(bytes)).toHaveLength(1);
  });

  it('keeps drive files for staff: each uploader is recorded, anonymous readers are refused', async () => {
    const bytes = pdf(4096);
    const first = expectOk<{ fileId: number; url: string }>(
      await upload('r.pdf', bytes, ownerToken),
    );
    expectOk(await upload('r2.pdf', bytes, otherToken));
    const uses = await t.db
      .selectFrom('fileUse')
      .select(['infoTable', 'objId'])
      .where('fileId', '=', first.fileId)
      .orderBy('objId')
      .execute();
    expect(uses).toEqual(
      [owner.id, other.id]
        .sort((a, b) => a - b)
        .map((objId) => ({ infoTable: 'T_DRIVE_UPLOAD', objId })),
    );
    expectRefusal(await app.inject({ url: first.url }), 401, '该文件仅限校内访问，请先登录');
    expect((await readFile(first.url, otherToken)).equals(bytes)).toBe(true);
  });

  it('follows the same rules', async () => {
    const stored = filesUnder('files').length;
    expectRefusal(await upload('a.pdf', pdf(100)), 401, 'token错误');
    expectRefusal(await upload('a.exe', pdf(100), ownerToken), 400, '上传文件格式不正确!');
    expectRefusal(
      await upload('a.pdf', Buffer.from('plain text'), ownerToken),
      400,
      '文件内容与扩展名不符',
    );
    expectRefusal(await upload('big.pdf', pdf(LIMIT + 1), ownerToken), 413, '文件过大，最大 2 MB');
    expect(filesUnder('files').length).toBe(stored);
    // Exactly at the limit is fine.
    expectOk(await upload('edge.pdf', pdf(LIMIT), ownerToken));
  });

  it('takes Word, Excel and PowerPoint files made by libraries, stored under their own types', async () => {
    const made = {
      docx: await makeDocx(0),
      xlsx: await makeXlsx(0),
      pptx: await makePptx(0),
    };
    const types = {
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    };
    for (const [extension, bytes] of Object.entries(made) as Array<[keyof typeof made, Buffer]>) {
      const { fileId, url } = expectOk<{ fileId: number; url: string }>(
        await upload(`教案.${extension}`, bytes, ownerToken),
      );
      const stored = await t.db
        .selectFrom('storedFile')
        .select('mimeType')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(stored.mimeType).toBe(types[extension]);
      const response = await app.inject({
        url,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(response.headers['content-type']).toBe(types[extension]);
    }
    // A workbook is not a slide deck, nor a zip a Word file 97-2003.
    expectRefusal(await upload('课件.pptx', made.xlsx, ownerToken), 400, '文件内容与扩展名不符');
    expectRefusal(await upload('教案.doc', made.docx, ownerToken), 400, '文件内容与扩展名不符');
  });
});

describe('api/resources/uploadByHash.do (秒传)', () => {
  const byHash = (body: Record<string, unknown>, token?: string) =>
    postJson(app, '/api/resources/uploadByHash.do', body, { token });

  it('answers the held file for known bytes, null for unknown ones', async () => {
    const bytes = pdf(20 * 1024);
    const { fileId } = expectOk<{ fileId: number }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'h.pdf', data: bytes },
        { token: ownerToken },
      ),
    );
    // Another teacher who knows the hash gets what unknown bytes get: no file, no hint.
    const notTheirs = await byHash(
      { fileName: '同一份.pdf', sha256: sha256(bytes), fileSize: bytes.length },
      otherToken,
    );
    const unknown = await byHash(
      { fileName: '同一份.pdf', sha256: sha256(pdf(20 * 1024 + 1)), fileSize: bytes.length },
      otherToken,
    );
    expect(notTheirs.statusCode).toBe(unknown.statusCode);
    expect(notTheirs.json()).toEqual(unknown.json());
    expect(expectOk(notTheirs)).toBeNull();
    // The owner (and whoever may read the file already) gets it at once.
    const found = await byHash(
      { fileName: '同一份.pdf', sha256: sha256(bytes), fileSize: bytes.length },
      ownerToken,
    );
    expect(found.json<{ msg: string }>().msg).toBe('秒传成功');
    expect(expectOk(found)).toEqual({
      fileId,
      fileName: '同一份.pdf',
      url: `/api/files/${fileId}`,
      fileSize: bytes.length,
      reused: true,
    });
    // The size must agree too; unknown bytes answer null: send them.
    expect(
      expectOk(await byHash({ fileName: 'a.pdf', sha256: sha256(bytes), fileSize: 5 }, otherToken)),
    ).toBeNull();
    expect(
      expectOk(
        await byHash({ fileName: 'a.pdf', sha256: sha256(pdf(9)), fileSize: 9 }, otherToken),
      ),
    ).toBeNull();
    expectRefusal(
      await byHash({ fileName: 'a.pdf', sha256: sha256(bytes), fileSize: 9 }),
      401,
      'token错误',
    );
    expectRefusal(
      await byHash(
        { fileName: 'a.exe', sha256: sha256(bytes), fileSize: bytes.length },
        otherToken,
      ),
      400,
      '上传文件格式不正确!',
    );
    expectRefusal(
      await byHash(
        { fileName: 'a.docx', sha256: sha256(bytes), fileSize: bytes.length },
        ownerToken,
      ),
      400,
      '文件内容与扩展名不符',
    );
    expectRefusal(
      await byHash({ fileName: 'a.pdf', sha256: 'abc', fileSize: bytes.length }, otherToken),
      400,
      'sha256 须为 64 位十六进制',
    );
    expectRefusal(
      await byHash({ fileName: 'a.pdf', sha256: sha256(bytes), fileSize: LIMIT + 1 }, otherToken),
      413,
      '文件过大，最大 2 MB',
    );
  });
});

describe('FileService', () => {
  it('finds a drive file by its hash for an instant upload, checked against the new name', async () => {
    const bytes = pdf(10 * 1024);
    const first = expectOk<{ fileId: number }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'x.pdf', data: bytes },
        { token: ownerToken },
      ),
    );
    const { files, uploads } = t.services;
    expect((await files.findByHash(sha256(bytes)))?.id).toBe(first.fileId);
    expect((await files.findByHash(sha256(bytes).toUpperCase()))?.id).toBe(first.fileId);
    expect(await files.findByHash(sha256(pdf(10)))).toBeUndefined();
    expect(await files.findByHash('not a hash')).toBeUndefined();
    expect(
      await uploads.driveFileByHash({
        fileName: '新名.pdf',
        sha256: sha256(bytes),
        reader: readerOf(owner),
      }),
    ).toEqual({
      fileId: first.fileId,
      fileName: '新名.pdf',
      url: `/api/files/${first.fileId}`,
      fileSize: bytes.length,
      reused: true,
    });
    await expect(
      uploads.driveFileByHash({
        fileName: 'x.docx',
        sha256: sha256(bytes),
        reader: readerOf(owner),
      }),
    ).rejects.toThrow('文件内容与扩展名不符');
  });

  it('answers nothing by hash for files not shared by hash, or whose bytes are lost', async () => {
    const { files } = t.services;
    const bytes = pdf(1000);
    const plain = await files.save({ fileName: 'p.pdf', mimeType: 'application/pdf' }, bytes);
    await t.db
      .updateTable('storedFile')
      .set({ sha256: sha256(bytes) })
      .where('id', '=', plain.id)
      .execute();
    expect(await files.findByHash(sha256(bytes))).toBeUndefined();
    const shared = expectOk<{ fileId: number }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'y.pdf', data: bytes },
        { token: ownerToken },
      ),
    );
    expect(shared.fileId).not.toBe(plain.id);
    const row = await files.find(shared.fileId);
    await files.storage.remove(row!.storageKey);
    expect(await files.findByHash(sha256(bytes))).toBeUndefined();
    // Uploaded again, the bytes are kept anew.
    const again = expectOk<{ fileId: number; reused: boolean }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'y.pdf', data: bytes },
        { token: ownerToken },
      ),
    );
    expect(again.reused).toBe(false);
    expect(storedCopiesOf(bytes)).toHaveLength(2); // the plain file and the new one
  });

  it('removes a file only when nothing uses it any more', async () => {
    const { files } = t.services;
    const bytes = pdf(2000);
    const { fileId } = expectOk<{ fileId: number }>(
      await postFile(
        app,
        '/api/resources/upload.do',
        { name: 'z.pdf', data: bytes },
        { token: ownerToken },
      ),
    );
    const checked: number[] = [];
    expect(
      await files.removeIfUnused(fileId, async (id, db) => {
        checked.push(id);
        return (
          (await db
            .selectFrom('storedFile')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst()) !== undefined
        );
      }),
    ).toBe(false);
    expect(checked).toEqual([fileId]);
    expect(storedCopiesOf(bytes)).toHaveLength(1);
    expect(await files.find(fileId)).toBeDefined();
    // Its upload, not registered yet, holds it pending: kept while the hold is there.
    expect(await files.removeIfUnused(fileId, async () => false)).toBe(false);
    expect(storedCopiesOf(bytes)).toHaveLength(1);
    await t.db.deleteFrom('fileUse').where('fileId', '=', fileId).execute();

    expect(await files.removeIfUnused(fileId, async () => false)).toBe(true);
    expect(await files.find(fileId)).toBeUndefined();
    expect(storedCopiesOf(bytes)).toEqual([]);
    expect(await files.removeIfUnused(fileId, async () => false)).toBe(false);
  });
});
