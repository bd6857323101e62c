import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../test-kit/http.js';

describe('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
  });
  afterAll(() => t?.close());

  it('never contain a password or a token', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const wrong = `${teacher.password}Zz`;
    const refused = await postJson(t.app, '/api/login/login', {
      staffCode: teacher.code,
      staffPass: wrong,
      staffType: 2,
    });
    expectRefusal(refused, 400, '账号或密码错误');
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { token }));
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { headers: { token } }));

    // /publicPage's entry from another system: the address holds a password or a ticket.
    const inAddress = 'Url-Pass-123';
    await t.app.inject({
      method: 'GET',
      url: `/publicPage?staffCode=${teacher.code}&staffPass=${inAddress}&staffType=2&typePage=2`,
    });
    await t.app.inject({ method: 'GET', url: `/publicPage?ticket=${inAddress}T` });

    const text = lines.join('');
    expect(text).toContain('/publicPage?staffCode=');
    expect(text).toContain('staffPass=[REDACTED]');
    // The logger did record these requests, so the absence below means something.
    expect(text).toContain('/api/login/login');
    expect(text).toContain('/api/dept/getDeptList');
    for (const secret of [teacher.password, wrong, token, inAddress]) {
      expect(text).not.toContain(secret);
    }
  });
});
