import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { UNSAFE_SVG_MESSAGE } from '../../../platform/files/site-pictures.js';
import { runImport, type ImportResult } from '../run.js';

const ok = (data: unknown) => ({ status: 0, msg: 'success', data });
const row = (newId: number, typeId: number) => ({ newId, typeId, newsTitle: `条目${newId}` });

/**
 * An old site that answers what no honest one would: a body with a script, a 50 MB
 * "picture", a web page named .jpg, a redirect to another site, a file that never comes,
 * a list that repeats its page and one that never ends, links to another site.
 */
async function hostileSite(elsewhere: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(formbody);
  const png = await sharp({
    create: { width: 4, height: 4, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
  app.post('/api/news/getNewsTypeList', async () =>
    ok([
      { typeId: 2, typeName: '重复分页', parentId: 0 },
      { typeId: 3, typeName: '无尽分页', parentId: 0 },
    ]),
  );
  app.post('/api/news/getNewsList', async (request) => {
    const { typeId, pageNum } = request.body as { typeId: string; pageNum: string };
    // Column 2: the same full page again and again; column 3: new rows on every page, forever.
    const base = typeId === '2' ? 0 : Number(pageNum) * 1000;
    const list = Array.from({ length: 50 }, (_, i) => row(base + i + 1, Number(typeId)));
    return ok({ total: 1_000_000, list });
  });
  app.post('/api/news/getNewsDetails', async (request, reply) => {
    const newId = Number((request.body as { newId: string }).newId);
    if (newId !== 1) return reply.code(404).send({ status: 404, msg: '新闻不存在', data: null });
    return ok({
      ...row(1, 2),
      newsDesc: '',
      newsType: 1,
      newcontenttype: 1,
      ifTop: 0,
      schChange: null,
      source: '旧站',
      releaseUser: '张老师',
      viewCount: 12,
      flowerCount: 3,
      imgUrl: '/api/files/4',
      shelvesDate: '2025-09-01 08:00:00',
      createDate: '2025-09-01 08:00:00',
      newsContent:
        '<p>正文<script>alert(1)</script></p>' +
        '<p><img src="/api/files/1"><img src="/api/files/2"><img src="/api/files/3">' +
        `<img src="/api/files/5"><img src="/api/files/4"></p>` +
        '<p><img src="/api/files/6"><img src="/api/files/7"></p>' +
        `<p><a href="${elsewhere}/page">别处</a><img src="${elsewhere}/picture.jpg"></p>`,
      fileList: [],
      imgOrViewList: [],
    });
  });
  app.get('/api/files/1', async (_request, reply) => {
    const chunk = Buffer.alloc(1024 * 1024, 0xff);
    let sent = 0;
    const body = new Readable({
      read() {
        this.push(sent++ < 50 ? chunk : null);
      },
    });
    return reply.type('image/jpeg').send(body);
  });
  app.get('/api/files/2', async (_request, reply) =>
    reply
      .type('image/jpeg')
      .header('content-disposition', 'inline; filename="photo.jpg"')
      .send('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  );
  app.get('/api/files/3', async (_request, reply) => reply.redirect(`${elsewhere}/picture.jpg`));
  app.get('/api/files/4', async (_request, reply) =>
    reply.type('image/png').header('content-disposition', 'inline; filename="cover.png"').send(png),
  );
  app.get('/api/files/5', () => new Promise(() => undefined));
  // A drawing that runs a script, and an honest one (a QR code or an emblem as SVG).
  app.get('/api/files/6', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .send('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="4"/></svg>'),
  );
  app.get('/api/files/7', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .send(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8">' +
          '<rect width="8" height="8" fill="#123456"/></svg>',
      ),
  );
  for (const path of ['video/getVideoTypeList', 'moveImg/getMoveImg', 'coverPic/getCoverPic']) {
    app.post(`/api/${path}`, async () => ok([]));
  }
  for (const path of ['video/getVideoList', 'magazine/selMagazineList']) {
    app.post(`/api/${path}`, async () => ok({ total: 0, list: [] }));
  }
  return app;
}

describe('npm run import from a hostile old site', () => {
  let target: TestApp;
  let elsewhere: FastifyInstance;
  let hostile: FastifyInstance;
  let elsewhereHits = 0;
  let result: ImportResult;
  let from: string;

  beforeAll(async () => {
    elsewhere = Fastify();
    elsewhere.all('/*', async () => {
      elsewhereHits++;
      return 'x';
    });
    await elsewhere.listen({ port: 0, host: '127.0.0.1' });
    const elsewhereOrigin = `http://127.0.0.1:${(elsewhere.server.address() as AddressInfo).port}`;
    hostile = await hostileSite(elsewhereOrigin);
    await hostile.listen({ port: 0, host: '127.0.0.1' });
    target = await createTestApp();
    // The setup's administrator: every item is saved as them.
    await createStaff(target.db, { staffType: 5, isPower: 1 });
    from = `http://127.0.0.1:${(hostile.server.address() as AddressInfo).port}`;
    result = await runImport({
      from,
      db: target.db,
      services: target.services,
      maxPages: 3,
      // Long enough for the 50 MB answer to pass its 20 MB limit on a busy machine.
      timeoutMs: 8000,
    });
  }, 120_000);

  afterAll(async () => {
    await target?.close();
    await hostile?.close();
    await elsewhere?.close();
  });

  const failure = (address: string) =>
    result.data.failures.find((f) => f.address.endsWith(address))?.reason ?? '';

  it('imports the item with its script removed, kept counts, publisher and date', async () => {
    const news = await target.db.selectFrom('news').selectAll().execute();
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({
      title: '条目1',
      typeId: 2,
      source: '旧站',
      releaseUser: '张老师',
      viewCount: 12,
      flowerCount: 3,
      shelvesDate: '2025-09-01T00:00:00.000Z',
    });
    expect(news[0]!.content).not.toContain('<script');
    expect(news[0]!.content).not.toContain('alert(1)');
    expect(news[0]!.content).toMatch(/<img src="\/api\/files\/\d+"/);
  });

  it('refuses the 50 MB picture, the page named .jpg, the redirect, the file that never comes and the SVG that runs a script', async () => {
    expect(failure('/api/files/1')).toContain('文件过大');
    expect(failure('/api/files/2')).toContain('不是图片');
    expect(failure('/api/files/3')).toContain('未跟随');
    expect(failure('/api/files/5')).toContain('超时');
    expect(failure('/api/files/6')).toBe(UNSAFE_SVG_MESSAGE);
    // Only the honest pictures are stored (the PNG once, though the body and the cover both
    // use it; the honest SVG drawn into a PNG).
    const files = await target.db.selectFrom('storedFile').select(['mimeType']).execute();
    expect(files.map((f) => f.mimeType)).toEqual(['image/png', 'image/png']);
  });

  it('tries an item brought without some of its files again on the next run', async () => {
    const again = await runImport({
      from,
      db: target.db,
      services: target.services,
      maxPages: 3,
      timeoutMs: 8000,
    });
    expect(again.data.areas['栏目·重复分页']).toMatchObject({ new: 0, updated: 1, unchanged: 0 });
    expect(await target.db.selectFrom('news').select('id').execute()).toHaveLength(1);
  }, 120_000);

  it('never fetches or rewrites another site’s address', async () => {
    expect(elsewhereHits).toBe(0);
    const [news] = await target.db.selectFrom('news').select('content').execute();
    expect(news!.content).toContain('/page"');
    expect(news!.content).toContain('127.0.0.1');
  });

  it('cuts off a list that repeats its page and one that never ends', async () => {
    const reasons = result.data.failures.map((f) => `${f.area}: ${f.reason}`);
    expect(reasons).toContain('栏目·重复分页: 第 2 页与之前的页重复，已停止读取');
    expect(reasons).toContain('栏目·无尽分页: 分页超过 3 页，已停止读取');
    // The endless list's 150 rows were read, none could be opened: failed, nothing added.
    expect(result.data.areas['栏目·无尽分页']).toMatchObject({ new: 0, failed: 150 });
    expect(result.data.areas['栏目·重复分页']).toMatchObject({ new: 1, failed: 49 });
  });
});
