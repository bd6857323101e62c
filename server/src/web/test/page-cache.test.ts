import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createNews, createStaff, type TestStaff } from '../../test-kit/factories.js';
import { expectOk, login, postJson } from '../../test-kit/http.js';
import type { PageContext } from '../pages.js';
import { fakeWebBuild } from '../../test-kit/web-build.js';

type Listed = { data: { list: Array<{ newsTitle: string }> } };

/**
 * The page cache in front of a small renderer that reads the public API the way the real
 * pages' loaders do (the React Router build is exercised by the e2e page-cache spec).
 */
describe('page cache: anonymous public pages, never stale, never private', () => {
  let t: TestApp;
  let admin: TestStaff;
  let adminToken: string;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-cache-client-'));
  let renders = 0;
  /** A session the renderer's loader reads with (a page that reads as someone). */
  let loaderToken: string | undefined;

  async function render(request: Request, context: PageContext): Promise<Response> {
    renders++;
    const url = new URL(request.url);
    const token = request.headers.get('token') ?? loaderToken;
    const answer = (await context.api(
      'news/getNewsList',
      { typeId: 3, enableType: 2, pageSize: 50 },
      token,
    )) as Listed;
    const titles = answer.data.list.map((item) => item.newsTitle).join('|');
    const html =
      `<!doctype html><html><head><script nonce="${context.nonce}">1</script></head>` +
      `<body><p>${url.pathname}${url.search}</p><ul>${titles}</ul>${'<i>填充</i>'.repeat(200)}</body></html>`;
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** Waits until the page cache has read the newest content version and its next due moment. */
  const settled = () => t.app.pageCache!.version.refresh();

  beforeAll(async () => {
    t = await createTestApp({ web: fakeWebBuild(render, clientDir) });
    admin = await createStaff(t.db, { name: '管理员缓存', staffType: 5, isPower: 1 });
    adminToken = await login(t.app, admin);
    await createNews(t.services, { typeId: 3, title: '校园开放日' });
    await settled();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    loaderToken = undefined;
  });

  it('renders an anonymous page once and serves it from memory, with its own CSP nonce', async () => {
    const first = await page('/index');
    expect(first.statusCode).toBe(200);
    const before = renders;
    const second = await page('/index');
    expect(renders).toBe(before);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.body).toContain('校园开放日');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    // The page's scripts carry the render's nonce, and the CSP sent with every hit names it.
    const nonce = /nonce="([^"]+)"/.exec(second.body)![1]!;
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
  });

  it('answers 304 to If-None-Match and each encoding the browser takes', async () => {
    const plain = await page('/news?typeId=3');
    const tag = String(plain.headers.etag);
    const again = await page('/news?typeId=3', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    const br = await page('/news?typeId=3', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await page('/news?typeId=3', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // The compressed answer's tag revalidates too.
    const revalidated = await page('/news?typeId=3', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    // Another query is another page.
    expect((await page('/news?typeId=4')).headers.etag).not.toBe(tag);
  });

  it('shows an edit at once', async () => {
    const newId = expectOk<{ newId: number }>(
      await postJson(
        t.app,
        '/api/cms/news/save',
        { typeId: 3, newsTitle: '运动会通知' },
        { token: adminToken },
      ),
    ).newId;
    // Saved, not yet on the shelf: the page stays; shelved: it shows.
    expect((await page('/index')).body).not.toContain('运动会通知');
    expectOk(await postJson(t.app, '/api/cms/news/shelve', { newId }, { token: adminToken }));
    expect((await page('/index')).body).toContain('运动会通知');
    await settled();
    expect((await page('/index')).body).toContain('运动会通知');

    expectOk(
      await postJson(
        t.app,
        '/api/cms/news/save',
        { newId, typeId: 3, newsTitle: '运动会延期通知' },
        { token: adminToken },
      ),
    );
    const edited = await page('/index');
    expect(edited.body).toContain('运动会延期通知');
    expect(edited.body).not.toContain('运动会通知|');
  });

  it('shows a scheduled item when it becomes due', async () => {
    const due = new Date(t.clock.now().getTime() + 30 * 60_000);
    await createNews(t.services, { typeId: 3, title: '半小时后发布的新闻', shelvesDate: due });
    await settled();
    expect((await page('/index')).body).not.toContain('半小时后发布的新闻');
    const before = renders;
    expect((await page('/index')).body).not.toContain('半小时后发布的新闻');
    expect(renders).toBe(before);

    t.clock.advanceMinutes(31);
    expect((await page('/index')).body).toContain('半小时后发布的新闻');
  });

  it('keeps staff-only items out of the cache, and never serves staff a cached page', async () => {
    await createNews(t.services, { typeId: 3, title: '仅限校内的通知', enableType: 2 });
    await settled();
    const cached = await page('/index');
    expect(cached.body).not.toContain('仅限校内的通知');
    expect((await page('/index')).headers.etag).toBe(cached.headers.etag);

    // A staff member's request is rendered for them, never answered from the cache, never kept.
    const before = renders;
    const asStaff = await page('/index', { token: adminToken });
    expect(renders).toBe(before + 1);
    expect(asStaff.body).toContain('仅限校内的通知');
    expect(asStaff.headers.etag).toBeUndefined();
    const withLoginCookie = await page('/index', { cookie: `User=${admin.id}` });
    expect(renders).toBe(before + 2);
    expect(withLoginCookie.headers.etag).toBeUndefined();
    const anonymous = await page('/index', { cookie: 'school_visitor=abc' });
    expect(renders).toBe(before + 2);
    expect(anonymous.body).not.toContain('仅限校内的通知');

    // A render whose loader read with a session is not kept either.
    loaderToken = adminToken;
    const read = await page('/media');
    expect(read.body).toContain('仅限校内的通知');
    loaderToken = undefined;
    const fresh = await page('/media');
    expect(fresh.body).not.toContain('仅限校内的通知');
  });

  it('does not keep pages outside the public portal, nor counts change it', async () => {
    const before = renders;
    await page('/s/abcdef');
    await page('/s/abcdef');
    expect(renders).toBe(before + 2);

    const cached = await page('/index');
    const item = await createNews(t.services, { typeId: 3, title: '浏览计数' });
    await settled();
    const listed = await page('/index');
    expect(listed.headers.etag).not.toBe(cached.headers.etag);
    const counted = renders;
    // A public view raises the item's count only: the cached page stays.
    await t.db.updateTable('news').set({ viewCount: 5 }).where('id', '=', item).execute();
    expect((await page('/index')).headers.etag).toBe(listed.headers.etag);
    expect(renders).toBe(counted);
  });

  it("keeps a staff page's shell for all staff, apart from the visitors' pages, never for a token", async () => {
    const teacher = await createStaff(t.db, { name: '教师缓存' });
    // A new member of staff is a content change (names show on pages): counted from after it.
    await settled();
    const before = renders;
    const first = await page('/teachPage', { cookie: `User=${admin.id}` });
    expect(first.statusCode).toBe(200);
    expect(renders).toBe(before + 1);
    // Another member of staff, with the file session and visitor cookies too: the same shell.
    const other = await page('/teachPage', {
      cookie: `school_visitor=abc; User=${teacher.id}; school_file_session=xyz`,
    });
    expect(renders).toBe(before + 1);
    expect(other.body).toBe(first.body);
    expect(other.headers.etag).toBe(first.headers.etag);
    // A visitor without the login cookie, or a request with a token or an unknown cookie, is rendered.
    await page('/teachPage');
    await page('/teachPage', { cookie: `User=${admin.id}`, token: adminToken });
    await page('/teachPage', { cookie: `User=${admin.id}; other=1` });
    expect(renders).toBe(before + 4);
    // Staff asking for a public page get no visitor's copy, and keep none.
    await page('/index');
    const portal = renders;
    await page('/index', { cookie: `User=${teacher.id}` });
    await page('/index', { cookie: `User=${teacher.id}` });
    expect(renders).toBe(portal + 2);
    // A content change ends the shell too (it carries the site's details).
    await createNews(t.services, { typeId: 3, title: '外壳更新' });
    await settled();
    await page('/teachPage', { cookie: `User=${teacher.id}` });
    expect(renders).toBe(portal + 3);
  });
});
