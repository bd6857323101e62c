import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createNews, createStaff } from '../../../test-kit/factories.js';
import { expectRefusal, login } from '../../../test-kit/http.js';

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
    const odd = await createFile(t.services, 'odd.jpg');
    // Shown by a public item: the rule lets everyone in, and then the bytes are what is missing.
    await createNews(t.services, {
      typeId: 2,
      content: `<p><img src="/api/files/${lost}"><img src="/api/files/${odd}"></p>`,
    });
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
  it('are served from DATA_DIR/upload by their path, under the rule of the items listing them', async () => {
    const t = await createTestApp();
    try {
      const fs = await import('node:fs');
      const path = await import('node:path');
      const dir = path.join(t.config.dataDir, 'upload', 'legacy');
      fs.mkdirSync(dir, { recursive: true });
      for (const name of ['notice.txt', 'internal.txt', 'orphan.txt']) {
        fs.writeFileSync(path.join(dir, name), `old ${name}`);
      }
      const legacy = (name: string) => ({
        role: 'attachment' as const,
        legacyPath: `\\upload\\legacy\\${name}`,
        fileName: name,
      });
      await createNews(t.services, { typeId: 2, files: [legacy('notice.txt')] });
      const author = await createStaff(t.db);
      await createNews(t.services, { typeId: 17, enableType: 2, files: [legacy('internal.txt')] });
      const draft = await createNews(
        t.services,
        { typeId: 2, files: [legacy('orphan.txt')], reviewState: 'draft', ifShelves: 0 },
        author,
      );
      const get = (url: string, token?: string) =>
        t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

      const ok = await get('/upload/legacy/notice.txt');
      expect(ok.statusCode).toBe(200);
      expect(ok.payload).toBe('old notice.txt');
      expect(ok.headers['cache-control']).toBe('public, max-age=600');

      // A staff-only item's file: staff only, by the token or the file cookie on /upload/.
      expectRefusal(await get('/upload/legacy/internal.txt'), 401, '该文件仅限校内访问，请先登录');
      const teacher = await createStaff(t.db);
      const token = await login(t.app, teacher);
      const staffRead = await get('/upload/legacy/internal.txt', token);
      expect(staffRead.statusCode).toBe(200);
      expect(staffRead.headers['cache-control']).toBe('private, max-age=3600');
      const cookieRead = await t.app.inject({
        method: 'GET',
        url: '/upload/legacy/internal.txt',
        cookies: { school_file_session: token },
      });
      expect(cookieRead.statusCode).toBe(200);

      // A draft's file: its author (and content administrators) only.
      expectRefusal(await get('/upload/legacy/orphan.txt', token), 403, '无权查看该文件');
      expect((await get('/upload/legacy/orphan.txt', await login(t.app, author))).statusCode).toBe(
        200,
      );
      expect(draft).toBeGreaterThan(0);

      // A file on disk no item lists is nobody's, and nothing escapes the folder.
      fs.writeFileSync(path.join(dir, 'stray.txt'), 'stray');
      expectRefusal(await get('/upload/legacy/stray.txt', token), 404, '文件不存在');
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
      for (const url of ['/upload/%2e%2e/secret.txt', '/upload/..%2fsecret.txt', '/upload/']) {
        const escape = await get(url, token);
        expect([400, 403, 404]).toContain(escape.statusCode);
        expect(escape.payload).not.toContain('secret');
      }
    } finally {
      await t.close();
    }
  });
});
