import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { expectRefusal, login } from '../../test-kit/http.js';

/** The OpenAPI document (every call with its access rule) by API_DOCS: public, staff or off. */
describe('api/docs/json by API_DOCS', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const read = (token?: string) =>
    t!.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const isDocument = (response: Awaited<ReturnType<typeof read>>) => {
    expect(response.statusCode).toBe(200);
    expect(response.json<{ openapi: string }>().openapi).toMatch(/^3\./);
  };

  it('is "staff" unless set, and refuses other values', () => {
    expect(loadConfig({}).apiDocs).toBe('staff');
    expect(loadConfig({ API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'OFF' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(ConfigError);
  });

  it('staff: a signed-in staff member reads it; anyone else gets the session messages', async () => {
    t = await createTestApp({ env: { API_DOCS: 'staff' } });
    expectRefusal(await read(), 401, 'token错误');
    expectRefusal(await read('no-such-token'), 401, 'token错误');
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    isDocument(await read(token));
    t.clock.advanceMinutes(t.config.sessionIdleMinutes + 1);
    expectRefusal(await read(token), 401, '登录过期,请重新登录');
  });

  it('public: anyone reads it', async () => {
    t = await createTestApp({ env: { API_DOCS: 'public' } });
    isDocument(await read());
  });

  it('off: nobody, not even an administrator (404 as an unknown call)', async () => {
    t = await createTestApp({ env: { API_DOCS: 'off' } });
    const admin = await createStaff(t.db, { staffType: 5, isPower: 1 });
    expectRefusal(await read(await login(t.app, admin)), 404, '接口不存在');
    expectRefusal(await read(), 404, '接口不存在');
  });
});
