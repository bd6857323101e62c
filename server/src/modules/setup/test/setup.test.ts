import { PASSWORD_RULE_MESSAGE } from '@school/common';
import { SETUP_TOKEN_MESSAGE } from '@school/common/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { prepareDatabase } from '../../../seed/index.js';
import {
  PICTURE_TYPES_MESSAGE,
  UNSAFE_SVG_MESSAGE,
} from '../../../platform/files/site-pictures.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { expectOk, expectRefusal, postForm } from '../../../test-kit/http.js';
import { SETUP_DONE_MESSAGE } from '../service.js';
import { hashSetupToken } from '../token.js';

const NO_ADMIN = { SEED_DEMO: 'false' };

/** The setup as the page posts it: multipart, the logo as a file part. */
function postSetupMultipart(
  app: FastifyInstance,
  fields: Record<string, string>,
  logo?: { name: string; data: Buffer; type: string },
) {
  const boundary = `----setup${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (logo) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${logo.name}"\r\n` +
          `Content-Type: ${logo.type}\r\n\r\n`,
      ),
      logo.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/setup',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const form = (token: string, extra: Record<string, string> = {}) => ({
  token,
  name: '东山路第二中学',
  shortName: '东山二中',
  code: 'principal',
  staffName: '',
  password: 'Setup#2026',
  password2: 'Setup#2026',
  ...extra,
});

async function parameter(t: TestApp, code: string) {
  return t.db
    .selectFrom('sysParameter')
    .select(['value', 'pic'])
    .where('code', '=', code)
    .execute();
}

async function staffCount(t: TestApp) {
  const row = await t.db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('first run without the demo and without ADMIN_CODE', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    // An earlier start's token, replaced by the next start's.
    const earlier = await prepareDatabase(t.db, loadConfig(NO_ADMIN), t.services);
    const again = await prepareDatabase(t.db, loadConfig(NO_ADMIN), t.services);
    expect(earlier.setupToken).toBeDefined();
    expect(again.setupToken).not.toBe(earlier.setupToken);
    token = again.setupToken!;
    // The earlier link is refused.
    expectRefusal(
      await postForm(t.app, '/api/setup', form(earlier.setupToken!)),
      403,
      SETUP_TOKEN_MESSAGE,
    );
  });
  afterAll(() => t?.close());

  it('starts: prepareDatabase makes a token of 256 bits and keeps only its hash', async () => {
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.db.selectFrom('setupToken').selectAll().execute();
    expect(rows.map((row) => row.tokenHash)).toEqual([hashSetupToken(token)]);
    expect(await staffCount(t)).toBe(0);
  });

  it('answers the status as needed, by GET and by POST', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/setup/status' });
    expect(expectOk(get)).toEqual({ needed: true });
    expect(expectOk(await postForm(t.app, '/api/setup/status'))).toEqual({ needed: true });
  });

  it('refuses a wrong or missing token with 403', async () => {
    expectRefusal(
      await postForm(t.app, '/api/setup', form('not-the-token')),
      403,
      SETUP_TOKEN_MESSAGE,
    );
    expectRefusal(await postForm(t.app, '/api/setup', form('')), 403, SETUP_TOKEN_MESSAGE);
    expect(await staffCount(t)).toBe(0);
  });

  it('refuses each bad field with its Chinese message and creates nothing', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ password: 'abc123', password2: 'abc123' }, PASSWORD_RULE_MESSAGE],
      [{ password2: 'Setup#2027' }, '两次输入的密码不一致'],
      [{ name: '' }, '请输入学校全称'],
      [{ shortName: '  ' }, '请输入学校简称'],
      [{ shortName: '一二三四五六七八九十一' }, '学校简称不能超过10个字'],
      [{ code: '' }, '请输入管理员账号'],
      [{ code: 'a b' }, '管理员账号只能包含字母、数字和 _ . @ -'],
      [{ password: '', password2: '' }, '请输入密码'],
    ];
    for (const [extra, msg] of cases) {
      expectRefusal(await postForm(t.app, '/api/setup', form(token, extra)), 400, msg);
    }
    expect(await staffCount(t)).toBe(0);
  });

  it('refuses a logo that is not a picture', async () => {
    const response = await postSetupMultipart(t.app, form(token), {
      name: 'logo.png',
      data: Buffer.from('<script>alert(1)</script>'),
      type: 'image/png',
    });
    expectRefusal(response, 400, PICTURE_TYPES_MESSAGE);
    const script = await postSetupMultipart(t.app, form(token), {
      name: 'logo.svg',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    });
    expectRefusal(script, 400, UNSAFE_SVG_MESSAGE);
    expect(await staffCount(t)).toBe(0);
  });

  it('creates the administrator, names the school, keeps the logo (an SVG, stored as a PNG) and logs in', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">' +
        '<circle cx="48" cy="48" r="40" fill="#2a6f4e"/></svg>',
    );
    const response = await postSetupMultipart(t.app, form(token, { staffName: '王校长' }), {
      name: '校徽.svg',
      data: svg,
      type: 'image/svg+xml',
    });
    const user = expectOk<{ token: string; staffCode: string; staffType: number }>(response);
    expect(user).toMatchObject({ staffCode: 'principal', staffType: 5, isPower: 1, isAdmin: '1' });
    expect(String(response.headers['set-cookie'])).toContain(user.token);

    const staff = await t.db.selectFrom('staff').selectAll().execute();
    expect(staff).toHaveLength(1);
    expect(staff[0]).toMatchObject({ code: 'principal', name: '王校长', staffType: 5 });
    expect(await parameter(t, 'XXMC')).toEqual([{ value: '东山路第二中学', pic: null }]);
    expect((await parameter(t, 'XXJC')).map((row) => row.value)).toEqual(['东山二中']);
    const [logo] = await parameter(t, 'XXBZ');
    expect(logo.pic).toMatch(/^\/api\/files\/\d+$/);
    const picture = await t.app.inject({ method: 'GET', url: logo.pic! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await t.db.selectFrom('setupToken').selectAll().execute()).toEqual([]);

    // The session is an administrator's: it opens the system parameters.
    const list = await postForm(t.app, '/api/cms/parameter/list', {}, { token: user.token });
    expect(expectOk<unknown[]>(list).length).toBeGreaterThan(0);
  });

  it('answers 404 to every setup call afterwards, and the status as not needed', async () => {
    expectRefusal(await postForm(t.app, '/api/setup', form(token)), 404, SETUP_DONE_MESSAGE);
    expectRefusal(
      await postSetupMultipart(t.app, form(token, { code: 'second' })),
      404,
      SETUP_DONE_MESSAGE,
    );
    expect(expectOk(await postForm(t.app, '/api/setup/status'))).toEqual({ needed: false });
    expect(await staffCount(t)).toBe(1);
    // A restart now makes no token.
    const restart = await prepareDatabase(t.db, loadConfig(NO_ADMIN), t.services);
    expect(restart.setupToken).toBeUndefined();
    expect(await t.db.selectFrom('setupToken').selectAll().execute()).toEqual([]);
  });
});

describe('two setups at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates one administrator; the other setup changes nothing', async () => {
    const { setupToken } = await prepareDatabase(t.db, loadConfig(NO_ADMIN), t.services);
    const answers = await Promise.all(
      ['first', 'second', 'third'].map((code) =>
        postForm(t.app, '/api/setup', form(setupToken!, { code, name: `${code}中学` })),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect([403, 404]).toContain(answer.statusCode);
    }
    expect(await staffCount(t)).toBe(1);
    const [admin] = await t.db.selectFrom('staff').select('code').execute();
    expect(await parameter(t, 'XXMC')).toEqual([{ value: `${admin.code}中学`, pic: null }]);
  });
});

describe('first run with ADMIN_CODE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('creates that administrator and makes no setup token; /api/setup answers 404', async () => {
    const config = loadConfig({ ...NO_ADMIN, ADMIN_CODE: 'root', ADMIN_PASSWORD: 'Root#2026' });
    const prepared = await prepareDatabase(t.db, config, t.services);
    expect(prepared.setupToken).toBeUndefined();
    expect(await t.db.selectFrom('setupToken').selectAll().execute()).toEqual([]);
    expect(expectOk(await postForm(t.app, '/api/setup/status'))).toEqual({ needed: false });
    expectRefusal(await postForm(t.app, '/api/setup', form('x')), 404, SETUP_DONE_MESSAGE);
  });
});
