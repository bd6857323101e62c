import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { expectOk, expectRefusal } from '../../test-kit/http.js';
import { fakeWebBuild } from '../../test-kit/web-build.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The value of one sample line of the exposition text (0 when absent). */
function sample(text: string, line: string): number {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('Prometheus metrics', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const scrape = (headers: Record<string, string> = {}, url = '/metrics') =>
    t!.app.inject({ method: 'GET', url, headers });

  it('are off unless configured: the path is an unknown one', async () => {
    t = await createTestApp();
    expect((await scrape({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
  });

  it('on the public port only with the bearer token', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    expectRefusal(await scrape(), 401, '需要有效的监控令牌');
    expectRefusal(await scrape({ authorization: `Bearer ${TOKEN}x` }), 401, '需要有效的监控令牌');
    expectRefusal(await scrape({ authorization: TOKEN }), 401, '需要有效的监控令牌');
    const answer = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('count requests by route pattern, never by the raw address', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PATH: '/ops/metrics' } });
    const line = 'http_requests_total{method="GET",route="/api/health",status_code="200"}';
    const before = sample(
      (await scrape({ authorization: `Bearer ${TOKEN}` }, '/ops/metrics')).body,
      line,
    );
    expectOk(await t.app.inject({ method: 'GET', url: '/api/health?keyword=kw-9f8e7d' }));
    expectOk(await t.app.inject({ method: 'GET', url: '/api/health' }));
    await t.app.inject({ method: 'GET', url: '/api/no/such/call/77123455' });

    const text = (await scrape({ authorization: `Bearer ${TOKEN}` }, '/ops/metrics')).body;
    expect(sample(text, line) - before).toBe(2);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health",status_code="200"}',
    );
    expect(text).toContain('route="/api/*",status_code="404"');
    expect(text).not.toContain('kw-9f8e7d');
    expect(text).not.toContain('77123455');
    // The database, the job queue, the page cache, stored bytes and the process itself.
    expect(sample(text, 'db_queries_total{kind="select",outcome="ok"}')).toBeGreaterThan(0);
    expect(text).toContain('db_query_duration_seconds_bucket');
    expect(text).toContain('db_pool_connections{state="total"}');
    expect(text).toMatch(/^job_queue_jobs\{state="queued"\} \d+$/m);
    expect(text).toContain('page_cache_requests_total');
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('count the bytes stored', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const bytes = async () =>
      sample((await scrape({ authorization: `Bearer ${TOKEN}` })).body, 'upload_bytes_total');
    const before = await bytes();
    await t.services.files.save(
      { fileName: 'a.txt', mimeType: 'text/plain' },
      Buffer.from('twelve bytes'),
    );
    expect((await bytes()) - before).toBe(12);
  });

  it('count page cache hits and misses, once per request, and give cached pages their id', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-client-'));
    try {
      const render = async () =>
        new Response('<!doctype html><p>首页</p>', {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      t = await createTestApp({
        env: { METRICS_TOKEN: TOKEN },
        web: fakeWebBuild(render, clientDir),
      });
      await t.app.pageCache!.version.refresh();
      const counts = async () => {
        const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
        return {
          hit: sample(text, 'page_cache_requests_total{result="hit"}'),
          miss: sample(text, 'page_cache_requests_total{result="miss"}'),
        };
      };
      const before = await counts();
      const first = await t.app.inject({ method: 'GET', url: '/index' });
      expect(first.statusCode).toBe(200);
      const second = await t.app.inject({
        method: 'GET',
        url: '/index',
        headers: { 'x-request-id': 'cached-page-1' },
      });
      expect(second.statusCode).toBe(200);
      expect(second.headers['x-request-id']).toBe('cached-page-1');
      const after = await counts();
      expect({ hit: after.hit - before.hit, miss: after.miss - before.miss }).toEqual({
        hit: 1,
        miss: 1,
      });
    } finally {
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('on their own port, bound to 127.0.0.1, without a token', async () => {
    const port = await freePort();
    t = await createTestApp({ env: { METRICS_PORT: String(port) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expectOk(await t.app.inject({ method: 'GET', url: '/api/health' }));
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('route="/api/health"');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // Not on the public port: no token is configured.
    expect((await scrape()).statusCode).toBe(404);
  });
});
