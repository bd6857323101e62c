import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../test-kit/http.js';
import type { PageContext } from '../../../web/pages.js';
import { fakeWebBuild } from '../../../test-kit/web-build.js';

type Rows = { data: Array<{ parameteCode: string; parameteValue: string }> };

/**
 * A change in 站点设置 shows on the next portal page: the page cache (web/page-cache.ts) is
 * keyed by the content version, which parameter writes raise. The renderer reads the school's
 * name the way the real pages' loaders do (web/app/lib/site.ts).
 */
describe('站点设置 and the cached portal pages', () => {
  let t: TestApp;
  let admin: string;
  let renders = 0;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-pages-client-'));

  async function render(_request: Request, context: PageContext): Promise<Response> {
    renders++;
    const answer = (await context.api('sysParameter/getParameterList', {
      parameteCodes: 'XXMC,XXJC',
    })) as Rows;
    const name = answer.data.find((row) => row.parameteCode === 'XXMC')?.parameteValue ?? '';
    const html = `<!doctype html><html><head><title>${name}</title></head><body><h1>${name}</h1></body></html>`;
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp({ web: fakeWebBuild(render, clientDir) });
    admin = await login(t.app, await createStaff(t.db, { staffType: 5, isPower: 1 }));
    expectOk(
      await postForm(t.app, '/api/cms/siteSettings', { name: '东湖中学' }, { token: admin }),
    );
    await t.app.pageCache!.version.refresh();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('shows a new school name on the next page, not the cached one', async () => {
    const first = await page('/index');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<h1>东湖中学</h1>');
    const cached = renders;
    expect((await page('/index')).body).toContain('东湖中学');
    expect(renders).toBe(cached);

    expectOk(
      await postForm(t.app, '/api/cms/siteSettings', { name: '西湖中学' }, { token: admin }),
    );
    const next = await page('/index');
    expect(next.body).toContain('<h1>西湖中学</h1>');
    expect(next.body).not.toContain('东湖中学');
    await t.app.pageCache!.version.refresh();
    expect((await page('/index')).body).toContain('西湖中学');
  });
});
