import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createFile, createNews, createStaff } from './helpers/factories.js';
import { expectRefusal, login } from './helpers/http.js';

describe('stored files: api/files/:id and api/news/uploadnewfile.do', () => {
  let t: TestApp;
  const bytes = Buffer.from('%PDF-1.4 0123456789abcdefghijklmnopqrstuvwxyz');
  let pdf: number;
  let secret: number;

  beforeAll(async () => {
    t = await createTestApp();
    pdf = await createFile(t.services, '2026学年校历.pdf', 'application/pdf', bytes);
    await createNews(t.services, {
      typeId: 2,
      files: [{ role: 'attachment', fileId: pdf, fileName: '2026学年校历.pdf' }],
    });
    secret = await createFile(t.services, '内部名单.xlsx', 'application/vnd.ms-excel');
    await createNews(t.services, {
      typeId: 17,
      enableType: 2,
      files: [{ role: 'attachment', fileId: secret, fileName: '内部名单.xlsx' }],
    });
  });
  afterAll(() => t?.close());

  it('shows a PDF in place, with its type, size and a caching validator', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${pdf}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="[^"]*"; filename\*=UTF-8''2026%E5%AD%A6/,
    );
    expect(Number(response.headers['content-length'])).toBe(bytes.length);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf}`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers byte ranges, and 416 for a range past the end', async () => {
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf}`,
      headers: { range: 'bytes=9-18' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 9-18/${bytes.length}`);
    expect(part.payload).toBe('0123456789');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf}`,
      headers: { range: 'bytes=5000-6000' },
    });
    expectRefusal(bad, 416, '请求的范围无效');
  });

  it('downloads an attachment by FILE_ID with its Chinese name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/news/uploadnewfile.do?FILE_ID=${pdf}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''2026%E5%AD%A6%E5%B9%B4%E6%A0%A1%E5%8E%86.pdf",
    );
  });

  it('keeps the files of staff-only items for logged-in staff', async () => {
    expectRefusal(
      await t.app.inject({ method: 'GET', url: `/api/news/uploadnewfile.do?FILE_ID=${secret}` }),
      401,
      '该文件仅限校内访问，请先登录',
    );
    const token = await login(t.app, await createStaff(t.db));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/news/uploadnewfile.do?FILE_ID=${secret}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('private');
    // Not a type a browser should open in place: always a download.
    const inline = await t.app.inject({
      method: 'GET',
      url: `/api/files/${secret}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(inline.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('answers 404 when the bytes are gone or the stored key is not one of ours', async () => {
    const lost = await createFile(t.services, 'lost.jpg');
    const row = await t.db
      .selectFrom('storedFile')
      .select('storageKey')
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    await t.services.files.storage.remove(row.storageKey);
    expectRefusal(
      await t.app.inject({ method: 'GET', url: `/api/files/${lost}` }),
      404,
      '文件不存在',
    );
    const odd = await createFile(t.services, 'odd.jpg');
    await t.db
      .updateTable('storedFile')
      .set({ storageKey: '../../etc/passwd' })
      .where('id', '=', odd)
      .execute();
    expectRefusal(
      await t.app.inject({ method: 'GET', url: `/api/files/${odd}` }),
      404,
      '文件不存在',
    );
  });

  it('refuses missing and malformed ids', async () => {
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/files/999999' }),
      404,
      '文件不存在',
    );
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/files/abc' }),
      400,
      '文件编号不正确',
    );
    expectRefusal(
      await t.app.inject({ method: 'GET', url: '/api/news/uploadnewfile.do' }),
      400,
      '文件编号不正确',
    );
  });
});

describe('files of the old site (oldfile 1)', () => {
  it('are served read-only from DATA_DIR/upload by their path', async () => {
    const t = await createTestApp();
    try {
      const fs = await import('node:fs');
      const path = await import('node:path');
      const dir = path.join(t.config.dataDir, 'upload', 'legacy');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'notice.txt'), 'old notice');
      const ok = await t.app.inject({ method: 'GET', url: '/upload/legacy/notice.txt' });
      expect(ok.statusCode).toBe(200);
      expect(ok.payload).toBe('old notice');
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
      for (const url of ['/upload/%2e%2e/secret.txt', '/upload/..%2fsecret.txt']) {
        const escape = await t.app.inject({ method: 'GET', url });
        expect([403, 404]).toContain(escape.statusCode);
        expect(escape.payload).not.toContain('secret');
      }
    } finally {
      await t.close();
    }
  });
});
