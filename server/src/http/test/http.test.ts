import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { expectOk, expectRefusal, postForm, postJson } from '../../test-kit/http.js';

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route with a bug, added before the app is ready (buildApp does not call ready).
    t.app.get('/boom', async () => {
      throw new Error('secret detail: connection to 10.1.2.3 refused');
    });
  });
  afterAll(() => t?.close());

  it('api/health answers status 0 when the database is up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(expectOk(response)).toEqual({ database: 'up' });
  });

  it('api/docs/json is an OpenAPI document listing the login call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, object> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/login/login']).toHaveProperty('post');
  });

  it('answers an unknown path with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expectRefusal(await t.app.inject({ method, url: '/api/xyz' }), 404, '接口不存在');
    }
    expectRefusal(await t.app.inject({ method: 'GET', url: '/no/such/page' }), 404, '接口不存在');
  });

  it.each([
    ['not JSON', '{"staffCode": "admin",', 400, '请求内容不是有效的 JSON'],
    ['empty', '', 400, '请求内容为空'],
    ['an array', '[]', 400, '参数格式不正确：请求内容'],
    ['over a megabyte', `{"staffCode":"${'x'.repeat(1024 * 1024)}"}`, 413, '请求内容过大'],
  ])(
    'answers a JSON body that is %s with an envelope, never a 500',
    async (_case, payload, code, msg) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectRefusal(response, code, msg);
    },
  );

  it('refuses a number too large to hold (1e309) with the field’s message, form or JSON', async () => {
    expectRefusal(
      await postForm(t.app, '/api/news/getNewsList', { typeId: 2, pageNum: '1e309' }),
      400,
      '页码不正确',
    );
    expectRefusal(
      await postJson(t.app, '/api/news/getNewsList', { typeId: 2, pageSize: '1e309' }),
      400,
      '每页条数须为1到50',
    );
    expectRefusal(
      await postJson(t.app, '/api/news/getNewsDetails', { newId: '-1e309' }),
      400,
      '请选择新闻',
    );
  });

  it('hides an unexpected error behind a 500 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/boom' });
    expectRefusal(response, 500, '服务器内部错误，请稍后再试');
    expect(response.body).not.toContain('secret detail');
    expect(response.body).not.toMatch(/\bat .+:\d+:\d+/);
  });
});

describe('API rate limit', () => {
  it('answers 429 once an address passes API_RATE_LIMIT calls a minute', async () => {
    const t = await createTestApp({ env: { API_RATE_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        expectOk(await t.app.inject({ method: 'GET', url: '/api/health' }));
      }
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expectRefusal(response, 429, '请求过于频繁，请稍后再试');
      const elsewhere = { method: 'GET', url: '/api/health', remoteAddress: '10.0.0.9' } as const;
      expectOk(await t.app.inject(elsewhere));
    } finally {
      await t.close();
    }
  });
});

describe('cross-site requests, HSTS and the script nonce (issue 16, finding 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  const CROSS_SITE = '不接受来自其他网站的请求，请在本站页面中操作';
  const loginForm = (headers: Record<string, string>, method = 'POST') =>
    t.app.inject({
      method: method as 'POST',
      url: '/api/login/login',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'school.example',
        ...headers,
      },
      payload: 'staffCode=nobody&staffPass=Wrong%231234&staffType=2',
    });

  it('refuses a browser’s cross-site POST, PUT, PATCH and DELETE to the API', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const site of ['cross-site', 'same-site']) {
        expectRefusal(await loginForm({ 'sec-fetch-site': site }, method), 403, CROSS_SITE);
      }
    }
    // An older browser that sends only Origin.
    expectRefusal(await loginForm({ origin: 'https://evil.example' }), 403, CROSS_SITE);
    expectRefusal(await loginForm({ origin: 'null' }), 403, CROSS_SITE);
  });

  it('lets the site’s own pages, and callers that are not browsers, through', async () => {
    const wrongPassword = '账号或密码错误';
    expectRefusal(await loginForm({ 'sec-fetch-site': 'same-origin' }), 400, wrongPassword);
    expectRefusal(await loginForm({ 'sec-fetch-site': 'none' }), 400, wrongPassword);
    expectRefusal(await loginForm({ origin: 'http://school.example' }), 400, wrongPassword);
    // Behind the proxy, Origin is compared with the host the visitor asked for.
    expectRefusal(
      await loginForm({
        origin: 'https://www.school.example',
        'x-forwarded-host': 'www.school.example',
      }),
      400,
      wrongPassword,
    );
    // curl, scripts, linked systems: no Origin, no Sec-Fetch-Site.
    expectRefusal(await loginForm({}), 400, wrongPassword);
    // Reads are not changes: a cross-site GET is answered.
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('sends Strict-Transport-Security over HTTPS only', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('allows no inline script but this response’s nonce, a new one each time', async () => {
    const policies = [];
    // More answers than one draw of random bytes makes nonces for (256), so a new draw is seen.
    for (let i = 0; i < 600; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      policies.push(String(response.headers['content-security-policy']));
    }
    const scriptSources = policies.map((p) => /script-src ([^;]+)/.exec(p)?.[1] ?? '');
    for (const sources of scriptSources) {
      expect(sources).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
      expect(sources).not.toContain('unsafe-inline');
    }
    expect(new Set(scriptSources).size).toBe(scriptSources.length);
  });
});
