import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createFile, createNews } from '../../test-kit/factories.js';

describe('compressed answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('compresses API JSON by Accept-Encoding, brotli first', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends file bytes as they are, whole and by range', async () => {
    const text = Buffer.from('课表 '.repeat(2000));
    const fileId = await createFile(t.services, 'notes.txt', 'text/plain', text);
    await createNews(t.services, {
      typeId: 2,
      files: [{ role: 'attachment', fileId, fileName: 'notes.txt' }],
    });
    const whole = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(whole.headers['content-encoding']).toBeUndefined();
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' },
    });
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(text)).toBe(true);
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(text.subarray(0, 10))).toBe(true);
  });
});
