import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { expectOk, expectRefusal, postForm, postJson } from './helpers/http.js';

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
