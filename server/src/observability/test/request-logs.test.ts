import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createStaff } from '../../test-kit/factories.js';
import { expectOk, login, postForm, postJson } from '../../test-kit/http.js';

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { url?: string };
}

describe('request ids and secrets in JSON logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    // A handler that logs what it was sent, as a careless one might.
    t.app.post('/echo-log', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'what came in');
      return { ok: true };
    });
  });
  afterAll(() => t?.close());

  const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

  it('echoes a given X-Request-Id, and its log lines carry it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'nginx-4f2a-0001' },
    });
    expect(response.headers['x-request-id']).toBe('nginx-4f2a-0001');
    const own = parsed().filter((line) => line.reqId === 'nginx-4f2a-0001');
    expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes one when none is given, also for refusals and unknown paths', async () => {
    for (const url of ['/api/health', '/api/no/such/call', '/nowhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    const a = await t.app.inject({ method: 'GET', url: '/api/health' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps only safe characters of a given id, and at most 64 of them', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc 123"}\t{"level":60,<x>' },
    });
    expect(forged.headers['x-request-id']).toBe('abc123level:60x');
    const long = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'z'.repeat(500) },
    });
    expect(long.headers['x-request-id']).toBe('z'.repeat(64));
    const nothingLeft = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '<<>>' },
    });
    expect(nothingLeft.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never log a password, token, ticket, 提取码, cookie or Authorization', async () => {
    const teacher = await createStaff(t.db);
    const token = await login(t.app, teacher);
    const jsonPassword = `${teacher.password}Json`;
    await postJson(t.app, '/api/login/login', {
      staffCode: teacher.code,
      staffPass: jsonPassword,
      staffType: 2,
    });
    expectOk(await postForm(t.app, '/api/dept/getDeptList', {}, { token }));
    const secrets = {
      query: 'Query-Token-7d1c9a',
      ticket: 'Ticket-0b6e55f3',
      code: 'Xc9q',
      newPass: 'New-Pass-88a1',
      bearer: 'Bearer-Secret-51ac7e02',
      cookie: 'Cookie-Secret-c3e1',
      form: 'Form-Pass-7731',
    };
    await t.app.inject({ method: 'GET', url: `/api/health?token=${secrets.query}&x=1` });
    await t.app.inject({ method: 'GET', url: `/publicPage?ticket=${secrets.ticket}` });
    await t.app.inject({
      method: 'GET',
      url: `/api/share/file?shareCode=abc&extractCode=${secrets.code}&newStaffPass=${secrets.newPass}`,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${secrets.bearer}`, cookie: `User=${secrets.cookie}` },
    });
    await postForm(
      t.app,
      '/echo-log',
      { staffCode: teacher.code, staffPass: secrets.form, token },
      { headers: { authorization: `Bearer ${secrets.bearer}`, cookie: `User=${secrets.cookie}` } },
    );

    const text = lines.join('');
    // The lines were written, so the absence below means something.
    expect(text).toContain('/api/login/login');
    expect(text).toContain('token=[REDACTED]&x=1');
    expect(text).toContain('extractCode=[REDACTED]');
    expect(text).toContain('what came in');
    expect(text).toContain(teacher.code);
    for (const secret of [teacher.password, jsonPassword, token, ...Object.values(secrets)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("never log a share link's code, in its address, its page or a body", async () => {
    const link = 'Sh4reLinkQ9';
    const page = 'Sh4rePageW2';
    const landing = 'Sh4reJudgeE7';
    const preview = 'Sh4rePreviewR5';
    const body = 'Sh4reBodyT8';
    await t.app.inject({ method: 'GET', url: `/api/share/file/${link}?extractCode=ab2c` });
    await t.app.inject({ method: 'GET', url: `/api/share/preview/${preview}` });
    await t.app.inject({ method: 'GET', url: `/s/${page}?resourcesId=3` });
    await t.app.inject({ method: 'GET', url: `/judgePage?resourcesId=3&shareCode=${landing}` });
    await postForm(t.app, '/api/share/getShareInfo', { shareCode: body, extractCode: 'ab2c' });
    await postForm(t.app, '/echo-log', { shareCode: body });

    const text = lines.join('');
    expect(text).toContain('/api/share/file/[REDACTED]?extractCode=[REDACTED]');
    expect(text).toContain('/api/share/preview/[REDACTED]');
    expect(text).toContain('/s/[REDACTED]?resourcesId=3');
    expect(text).toContain('/judgePage?resourcesId=3&shareCode=[REDACTED]');
    expect(text).toContain('/api/share/getShareInfo');
    for (const secret of [link, page, landing, preview, body]) {
      expect(text).not.toContain(secret);
    }
  });
});
