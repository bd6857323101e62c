import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createNews } from '../../test-kit/factories.js';
import { fakeWebBuild } from '../../test-kit/web-build.js';
import type { PageContext } from '../../web/pages.js';
import { closeGracefully, RENDER_HEADER } from '../drain.js';

type Listed = { status: number; data: { list: Array<{ newsTitle: string }> } };

/**
 * A stop (SIGTERM: boot/serve.ts) while a page is being rendered: the page's own data calls
 * are still answered, so it finishes; a request from outside gets 503. Before, Fastify refused
 * the render's in-process calls once it was closing and the page answered 500.
 */
describe('stopping lets the pages in flight finish', () => {
  let t: TestApp;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-client-'));
  let began!: () => void;
  const rendering = new Promise<void>((done) => (began = done));
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));

  async function render(_request: Request, context: PageContext): Promise<Response> {
    began();
    await released;
    const answer = (await context.api('news/getNewsList', { typeId: 3, pageSize: 10 })) as Listed;
    const titles = answer.data.list.map((item) => item.newsTitle).join('|');
    return new Response(`<!doctype html><html><body><ul>${titles}</ul></body></html>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ web: fakeWebBuild(render, clientDir) });
    await createNews(t.services, { typeId: 3, title: '冬季长跑比赛' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers the render in flight, refuses new requests with 503, then closes', async () => {
    const page = t.app.inject({ method: 'GET', url: '/news?newsNum=3' });
    await rendering;
    let closed = false;
    const stopping = closeGracefully(t.app, 10_000).then(() => (closed = true));

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/news/getNewsList',
      payload: { typeId: '3' },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(refused.json()).toEqual({ status: 503, msg: '服务正在重启，请稍后再试', data: null });
    // Only this process knows the key its renders' calls carry.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/news/getNewsList',
      payload: { typeId: '3' },
      headers: { [RENDER_HEADER]: 'guess' },
    });
    expect(forged.statusCode).toBe(503);
    expect(closed).toBe(false);

    release();
    const answered = await page;
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('冬季长跑比赛');
    await stopping;
    expect(closed).toBe(true);
  });
});
