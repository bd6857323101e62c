import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile, createNews } from '../../../test-kit/factories.js';
import { expectRefusal } from '../../../test-kit/http.js';
import { startTestS3, type TestS3 } from '../../../test-kit/s3.js';
import { S3Storage } from '../s3-storage.js';
import { FileTooLargeError } from '../storage.js';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A source that yields `size` random bytes in 64 KiB chunks, as a request body would. */
function source(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65536) yield bytes.subarray(at, at + 65536);
    })(),
  );
}

describe('stored files in an S3-compatible bucket (S3_BUCKET)', () => {
  let s3: TestS3;
  let storage: S3Storage;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new S3Storage({
      bucket: s3.bucket,
      prefix: 'schools/demo/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    t = await createTestApp({ env: { ...s3.env, S3_PREFIX: 'site' } });
  });
  afterAll(async () => {
    storage?.close();
    await t?.close();
    await s3?.close();
  });

  it('keeps a file of several parts whole, and reads it back whole and by range', async () => {
    // 12 MiB: three parts of a multipart upload.
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    const stored = await storage.put(source(bytes), { extension: 'PDF' });
    expect(stored.size).toBe(bytes.length);
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(await s3.keys()).toContain(`schools/demo/${stored.key}`);
    expect((await bytesOf(storage.read(stored.key))).equals(bytes)).toBe(true);
    const part = await bytesOf(storage.read(stored.key, { start: 5_000_000, end: 5_000_009 }));
    expect(part.equals(bytes.subarray(5_000_000, 5_000_010))).toBe(true);
    expect(await storage.has(stored.key)).toBe(true);
    await storage.remove(stored.key);
    expect(await storage.has(stored.key)).toBe(false);
    expect(await s3.keys()).not.toContain(`schools/demo/${stored.key}`);
  });

  it('gives up past the size limit and leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    await expect(
      storage.put(source(randomBytes(7 * 1024 * 1024)), { maxBytes: 6 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await s3.keys()).toEqual(before);
  });

  it('fails a read of a key that is not there as a stream error', async () => {
    const missing = storage.read('ab/abcdef01-2345-6789-abcd-ef0123456789.txt');
    await expect(text(missing)).rejects.toThrow();
    expect(() => storage.read('../../etc/passwd')).toThrow('not a storage key');
  });

  it("serves the site's files from the bucket under the one read rule", async () => {
    const bytes = Buffer.from('%PDF-1.4 校历 0123456789abcdefghij');
    const pdf = await createFile(t.services, '2026学年校历.pdf', 'application/pdf', bytes);
    await createNews(t.services, {
      typeId: 2,
      files: [{ role: 'attachment', fileId: pdf, fileName: '2026学年校历.pdf' }],
    });
    const keys = await s3.keys();
    expect(keys.some((key) => key.startsWith('site/'))).toBe(true);
    const whole = await t.app.inject({ method: 'GET', url: `/api/files/${pdf}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: `/api/files/${pdf}`,
      headers: { range: 'bytes=9-14' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(9, 15))).toBe(true);
    // A staff-only attachment stays private whatever holds its bytes.
    const secret = await createFile(t.services, '内部名单.xlsx', 'application/vnd.ms-excel');
    await createNews(t.services, {
      typeId: 17,
      enableType: 2,
      files: [{ role: 'attachment', fileId: secret, fileName: '内部名单.xlsx' }],
    });
    expectRefusal(
      await t.app.inject({ method: 'GET', url: `/api/files/${secret}` }),
      401,
      '该文件仅限校内访问，请先登录',
    );
  });
});
