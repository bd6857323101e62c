import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile } from '../../../test-kit/http.js';

interface Uploaded {
  fileId: number;
  fileName: string;
  url: string;
  thumbUrl: string;
  size: number;
  mimeType: string;
  width: number | null;
  height: number | null;
}

const SAMPLE_VIDEO = new URL('../../../../assets/demo/sample.mp4', import.meta.url);

describe('api/cms/upload: streamed, checked by content, pictures resized with a thumbnail', () => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app, await createStaff(t.db, { name: '上传老师' }));
  });
  afterAll(() => t?.close());

  const upload = (kind: string, name: string, data: Buffer, who = token) =>
    postFile(t.app, `/api/cms/upload?kind=${kind}`, { name, data }, { token: who });

  const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') => {
    const image = sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });
    return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  };

  it('scales a large picture down to 1920 px, keeps its Chinese name and makes a 480 px thumbnail', async () => {
    const data = expectOk<Uploaded>(
      await upload('image', '校园 风景.jpg', await picture(4000, 2000)),
    );
    expect(data).toMatchObject({
      fileName: '校园 风景.jpg',
      mimeType: 'image/jpeg',
      width: 1920,
      height: 960,
      url: `/api/files/${data.fileId}`,
    });
    expect(data.thumbUrl).not.toBe(data.url);

    // An upload no item uses yet is its uploader's alone.
    expect((await t.app.inject({ url: data.url })).statusCode).toBe(401);
    const main = await t.app.inject({ url: data.url, headers: { token } });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(main.rawPayload).metadata()).width).toBe(1920);
    const thumb = await t.app.inject({ url: data.thumbUrl, headers: { token } });
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
    // Pages ask for the thumbnail by the picture's own address.
    const variant = await t.app.inject({ url: `${data.url}?variant=thumb`, headers: { token } });
    expect(variant.statusCode).toBe(200);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(480);

    const row = await t.db
      .selectFrom('storedFile')
      .selectAll()
      .where('id', '=', data.fileId)
      .executeTakeFirstOrThrow();
    expect(row.thumbFileId).toBeGreaterThan(0);
    expect(row.size).toBe(main.rawPayload.length);
  });

  it('keeps small pictures at their size and PNG as PNG', async () => {
    const data = expectOk<Uploaded>(
      await upload('image', 'logo.png', await picture(300, 200, 'png')),
    );
    expect(data).toMatchObject({
      mimeType: 'image/png',
      width: 300,
      height: 200,
      fileName: 'logo.png',
    });
  });

  it('judges a picture by its bytes, not its name', async () => {
    const pdf = await (await PDFDocument.create()).save();
    expectRefusal(
      await upload('image', 'photo.jpg', Buffer.from(pdf)),
      400,
      '请上传 JPG、PNG、GIF 或 WebP 格式的图片',
    );
    expectRefusal(
      await upload('image', 'evil.svg', Buffer.from('<svg onload="alert(1)"/>')),
      400,
      '请上传 JPG、PNG、GIF 或 WebP 格式的图片',
    );
    const broken = (await picture(100, 100)).subarray(0, 200);
    expectRefusal(await upload('image', 'broken.jpg', broken), 400, '图片已损坏，无法读取');
  });

  it('accepts a PDF and an MP4 by their content and refuses other bytes', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pdf = expectOk<Uploaded>(await upload('pdf', '校刊.pdf', Buffer.from(await doc.save())));
    expect(pdf.mimeType).toBe('application/pdf');
    expectRefusal(await upload('pdf', 'a.pdf', await picture(10, 10)), 400, '请上传 PDF 文件');

    const video = fs.readFileSync(SAMPLE_VIDEO);
    const mp4 = expectOk<Uploaded>(await upload('video', '升旗仪式.mp4', video));
    expect(mp4).toMatchObject({ mimeType: 'video/mp4', size: video.length });
    const range = await t.app.inject({ url: mp4.url, headers: { range: 'bytes=0-9', token } });
    expect(range.statusCode).toBe(206);
    expectRefusal(
      await upload('video', 'movie.mp4', Buffer.from('not a video at all')),
      400,
      '请上传 MP4、WebM 或 MOV 格式的视频',
    );
  });

  it('accepts attachments whose bytes match their extension and nothing runnable', async () => {
    const text = expectOk<Uploaded>(
      await upload('attachment', '通知.txt', Buffer.from('放假通知\n')),
    );
    expect(text.mimeType).toBe('text/plain; charset=utf-8');
    const doc = await PDFDocument.create();
    doc.addPage();
    expectOk(await upload('attachment', '课表.pdf', Buffer.from(await doc.save())));

    expectRefusal(
      await upload('attachment', 'setup.exe', Buffer.from('MZ\x90\x00\x03')),
      400,
      '上传文件格式不正确!',
    );
    expectRefusal(
      await upload('attachment', 'report.docx', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')),
      400,
      '文件内容与扩展名不符',
    );
    expectRefusal(
      await upload('attachment', 'notes.txt', await picture(20, 20)),
      400,
      '文件内容与扩展名不符',
    );
  });

  it('refuses an upload past the size limit with 413 and keeps nothing', async () => {
    const before = await t.db
      .selectFrom('storedFile')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 1);
    expectRefusal(await upload('image', 'huge.jpg', big), 413, '文件过大，最大 20 MB');
    // A streamed kind one byte past its limit: the stream cut at the limit is not kept as a file.
    const pdf = Buffer.alloc(200 * 1024 * 1024 + 1, 0x20);
    pdf.write('%PDF-1.4\n');
    expectRefusal(await upload('pdf', 'huge.pdf', pdf), 413, '文件过大，最大 200 MB');
    const after = await t.db
      .selectFrom('storedFile')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses anonymous uploads, a wrong kind and a request without a file', async () => {
    expectRefusal(await upload('image', 'a.jpg', await picture(10, 10), ''), 401, 'token错误');
    expectRefusal(await upload('script', 'a.jpg', await picture(10, 10)), 400, '上传类型不正确');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/cms/upload?kind=image',
      payload: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expectRefusal(empty, 400, '请选择要上传的文件');
  });
});
