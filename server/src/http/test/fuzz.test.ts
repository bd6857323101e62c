import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createFile, createNews, createStaff, type TestStaff } from '../../test-kit/factories.js';
import { login, postForm } from '../../test-kit/http.js';

/**
 * Generated bad input (issue 16): every route of the OpenAPI document, as an
 * anonymous visitor, a teacher and an administrator, gets bounded random and
 * hostile requests built from its schema — NUL bytes, huge and negative
 * numbers, very long strings, odd Unicode, wrong types, missing and unknown
 * fields, JSON, forms and garbage bodies, truncated multipart on the uploads
 * — and no answer may be a 5xx. FUZZ_RUNS sets the requests per route and
 * role (a few in `npm test`; `npm run fuzz` sends thousands), FUZZ_SEED
 * repeats a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** Fuzzed requests come from their own address, so the login throttle never holds up the harness. */
const FUZZ_ADDRESS = '10.66.0.1';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
}

interface Operation {
  parameters?: Array<{ in: 'query' | 'path' | 'header'; name: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  summary?: string;
}

interface Route {
  method: string;
  /** OpenAPI path: /api/files/{id} */
  path: string;
  operation: Operation;
}

/** A request as fast-check builds it, shown whole when it gets a 5xx. */
interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// ---------------------------------------------------------------- values

const LONG = 'x'.repeat(70_000);
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil.exe',
  'Z\u0351\u0360\u0361\u0489',
  '１２３',
  '🙂'.repeat(40),
  '中'.repeat(5000),
  LONG,
  '  1 ',
  '0x10',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-0',
  '9'.repeat(40),
  "' OR '1'='1",
  '"; DROP TABLE staff; --',
  '../../../../etc/passwd',
  'C:evil.txt',
  'C:\\evil.txt',
  'CON',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\r\n\r\n',
  '%',
  '%%25',
  '\\',
  '/',
  '.',
  '..',
  '2026-02-30',
  '2026-13-01 25:61',
  '0000-00-00',
  '1,2,,3,-4,abc',
  ',,,',
];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    -2147483649,
    2147483648,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    0.5,
    -0.0001,
    1e-300,
    4294967296,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(null)), {
    maxLength: 4,
  }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), {
    maxKeys: 3,
  }),
  fc.constant([[[[[]]]]]),
  fc.constant({ __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } }),
);

/** A value the schema accepts, biased to the edges and to small ids that exist. */
function valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.string({ maxLength: 10 });
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => valid(s, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 53));
      const max = Math.min(schema.maximum ?? 2 ** 31, 2 ** 53);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: Math.max(min, 0), max: Math.min(max, 12) }) },
        { weight: 2, arbitrary: fc.constantFrom(min, max) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      );
    }
    case 'number': {
      const min = schema.minimum ?? -1e9;
      const max = schema.maximum ?? 1e9;
      return fc.oneof(
        fc.constantFrom(min, max),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items, depth + 1), {
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    case 'object': {
      if (!schema.properties) return fc.dictionary(fc.string({ maxLength: 6 }), fc.string());
      return fc.record(
        Object.fromEntries(
          Object.entries(schema.properties).map(([k, s]) => [k, valid(s, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    }
    default: {
      if (schema.pattern) {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length < 2000);
      }
      const maxLength = Math.min(schema.maxLength ?? 80, 2000);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 40) }),
        },
        { weight: 1, arbitrary: fc.constant('中'.repeat(maxLength)) },
        {
          weight: 1,
          arbitrary: fc.constant('🙂'.repeat(Math.max(minLength, Math.floor(maxLength / 2)))),
        },
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
      );
    }
  }
}

/** Mostly what the schema takes; often hostile text, odd numbers or the wrong type. */
const anyValue = (schema: Schema | undefined): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: valid(schema) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber },
    { weight: 1, arbitrary: wrongType },
  );

/** What replaces one field of an otherwise good body: hostile text, numbers, types, or nothing. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: wrongType },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/**
 * A body for an object schema, in three shapes: one the schema takes (its
 * required fields there, values at the edges), such a body with one field
 * made hostile or left out (these reach the handlers, where 5xx hide), and
 * any mix of good and hostile values with fields dropped and unknown ones
 * added.
 */
function bodyOf(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema?.properties ?? {});
  const good = fc.record(Object.fromEntries(properties.map(([k, s]) => [k, valid(s)])), {
    requiredKeys: (schema?.required ?? []).filter((k) => schema?.properties?.[k]),
  }) as fc.Arbitrary<Record<string, unknown>>;
  const mixed = fc.record(Object.fromEntries(properties.map(([k, s]) => [k, anyValue(s)])), {
    requiredKeys: [],
  });
  const unknown = fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('__proto__', 'constructor', 'a.b', 'a[]'),
    ),
    fc.oneof(hostileString, wrongType),
    { maxKeys: 2 },
  );
  const random = fc
    .tuple(mixed, fc.option(unknown, { freq: 4 }))
    .map(([k, u]) => ({ ...(u ?? {}), ...k }) as Record<string, unknown>);
  if (!properties.length) return fc.oneof(fc.constant({}), random);
  const oneBad = fc
    .tuple(good, fc.constantFrom(...properties.map(([k]) => k)), hostileValue)
    .map(([body, key, value]) => {
      const copy: Record<string, unknown> = { ...body };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    });
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 3, arbitrary: oneBad },
    { weight: 2, arbitrary: random },
  );
}

/** The body as a page's form would post it (lists as repeated fields). */
function formOf(body: Record<string, unknown>): string {
  const form = new URLSearchParams();
  const text = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) form.append(key, text(item));
    else form.append(key, text(value));
  }
  return form.toString();
}

const garbage = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '1e309',
    '{"__proto__":{"x":1}}',
    '\u0000\u0001\u0002',
    'a=1&a=2&a[]=3&%zz=%zz',
    '%',
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/json; charset=gbk',
  'application/x-www-form-urlencoded; charset=utf-16',
);

// ---------------------------------------------------------------- multipart

const FILE_NAMES = [
  'a.txt',
  '报告.pdf',
  'C:evil.txt',
  '../../x.txt',
  'a\u0000b.txt',
  `${'长'.repeat(300)}.docx`,
  'noextension',
  '.txt',
  'photo.jpg',
  'clip.mp4',
  '"quoted".txt',
  'a;b=c.txt',
];

/** A multipart body: whole, cut anywhere, without its end, its boundary or any file. */
const multipart = fc
  .record({
    name: fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ unit: 'binary', maxLength: 30 })),
    field: fc.constantFrom('file', 'files', 'other', ''),
    data: fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.constant(Buffer.from('%PDF-1.4\n%%EOF\n')),
      fc.constant(Buffer.from('hello, 老师\n')),
    ),
    shape: fc.constantFrom(
      'whole',
      'cut',
      'no-end',
      'no-boundary',
      'long-boundary',
      'two-files',
      'empty',
    ),
    cut: fc.nat(),
  })
  .map(({ name, field, data, shape, cut }) => {
    const boundary = shape === 'long-boundary' ? 'b'.repeat(300) : 'fuzzboundary';
    const part = (n: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${n}"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    let payload = Buffer.concat([
      part(name),
      ...(shape === 'two-files' ? [part('second.txt')] : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    if (shape === 'cut') payload = payload.subarray(0, cut % payload.length);
    if (shape === 'no-end') payload = payload.subarray(0, payload.length - boundary.length - 6);
    if (shape === 'empty') payload = Buffer.alloc(0);
    const type =
      shape === 'no-boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return { payload, type };
  });

// ---------------------------------------------------------------- requests

/** Percent-encoded as UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encodeText = (text: string) => encodeURIComponent(Buffer.from(text).toString());
const encodeValue = (value: unknown) =>
  encodeText(typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The query string and path of a route from its parameters' schemas. */
function addressOf(route: Route): fc.Arbitrary<string> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  return fc
    .tuple(
      fc.tuple(...pathParams.map((p) => anyValue(p.schema))),
      fc.record(Object.fromEntries(queryParams.map((p) => [p.name, anyValue(p.schema)])), {
        requiredKeys: [],
      }),
    )
    .map(([pathValues, query]) => {
      let url = route.path;
      pathParams.forEach((p, i) => {
        const value = encodeValue(pathValues[i]) || 'x';
        url = url.replace(`{${p.name}}`, p.name === '*' ? value.replace(/%2F/g, '/') : value);
      });
      const search = Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeValue(v)}`)
        .join('&');
      return search ? `${url}?${search}` : url;
    });
}

function requestsFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const method = route.method.toUpperCase();
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  const address = addressOf(route);
  const isUpload = method === 'POST' && !schema && /upload/i.test(route.path);
  if (isUpload) {
    return fc.tuple(address, multipart).map(([url, { payload, type }]) => ({
      method,
      url,
      headers: { 'content-type': type },
      payload,
    }));
  }
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') {
    return address.map((url) => ({ method, url, headers: {} }));
  }
  return fc
    .tuple(address, bodyOf(schema), fc.constantFrom('json', 'json', 'form', 'form', 'garbage'))
    .chain(([url, body, shape]): fc.Arbitrary<FuzzRequest> => {
      if (shape === 'json') {
        return fc.constant({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      }
      if (shape === 'form') {
        return fc.constant({
          method,
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: formOf(body),
        });
      }
      return fc.tuple(garbage, contentType).map(([payload, type]) => ({
        method,
        url,
        headers: { 'content-type': type },
        payload,
      }));
    });
}

/** The resumable uploads (hidden from the API document): every verb, any id, any tus headers. */
const tusRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('POST', 'PATCH', 'HEAD', 'DELETE'),
    id: fc.oneof(
      fc.constant(''),
      fc.stringMatching(/^[0-9a-f]{32}$/),
      hostileString.map(encodeText),
    ),
    length: fc.oneof(hostileNumber.map(String), hostileString),
    offset: fc.oneof(hostileNumber.map(String), hostileString),
    metadata: fc.oneof(
      fc.constant(`filename ${Buffer.from('课件.pdf').toString('base64')}`),
      fc.constant(`filename ${Buffer.from('C:evil.txt').toString('base64')}`),
      hostileString.map((s) => `filename ${Buffer.from(s).toString('base64')}`),
      hostileString,
    ),
    resumable: fc.constantFrom('1.0.0', '0.2.2', ''),
    body: fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b)),
  })
  .map(({ method, id, length, offset, metadata, resumable, body }) => ({
    method,
    url: `/api/resources/tus/${id}`,
    headers: {
      'tus-resumable': resumable,
      'upload-length': length.replace(/[^\x20-\x7e]/g, ''),
      'upload-offset': offset.replace(/[^\x20-\x7e]/g, ''),
      'upload-metadata': metadata.replace(/[^\x20-\x7e]/g, ''),
      'content-type': 'application/offset+octet-stream',
    },
    payload: method === 'PATCH' || method === 'POST' ? body : undefined,
  }));

// ---------------------------------------------------------------- harness

type Role = 'anonymous' | 'teacher' | 'administrator';
const ROLES: Role[] = ['anonymous', 'teacher', 'administrator'];

const t: TestApp = await createTestApp({ env: { API_RATE_LIMIT: '1000000' } });
const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, Operation>>;
}>();
const ROUTES: Route[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
);

const accounts: Record<Exclude<Role, 'anonymous'>, { staff?: TestStaff; token: string }> = {
  teacher: { token: '' },
  administrator: { token: '' },
};

/**
 * Logs the two accounts in again when a fuzzed call ended their session
 * (a sign-out, a password reset, the account disabled or deleted by the
 * fuzzed administrator): a fresh account replaces one that cannot log in.
 */
async function ensureAccounts() {
  for (const role of ['teacher', 'administrator'] as const) {
    const account = accounts[role];
    if (account.token) {
      const check = await postForm(t.app, '/api/dept/getDeptList', {}, { token: account.token });
      if (check.statusCode === 200) continue;
    }
    const staff = await createStaff(
      t.db,
      role === 'administrator' ? { staffType: 5, isPower: 1, isAdmin: '1' } : {},
    );
    account.staff = staff;
    account.token = await login(t.app, staff);
  }
}

/** Printable ASCII only: what a header can carry. */
const headerText = hostileString.map((text) => text.replace(/[^\x20-\x7e]/g, '').slice(0, 200));

/**
 * Now and then a hostile header beside the request: a `userId` that is not
 * the caller's, a made-up token or file cookie, a broken Authorization.
 */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.option(
  fc.oneof(
    headerText.map((v) => ({ userid: v })),
    headerText.map((v) => ({ token: v || 'x' })),
    headerText.map((v) => ({ cookie: `school_file_session=${v}` })),
    fc.constantFrom<Record<string, string>>(
      { authorization: 'Bearer' },
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      { 'x-forwarded-for': '1.2.3.4, evil' },
      { 'sec-fetch-site': 'same-origin' },
    ),
  ),
  { freq: 3, nil: {} },
);

async function send(request: FuzzRequest, role: Role): Promise<LightMyRequestResponse> {
  const token = role === 'anonymous' ? undefined : accounts[role].token;
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...request.headers },
    payload: request.payload,
    remoteAddress: FUZZ_ADDRESS,
  };
  if (request.url.startsWith('/api/email/unreadEvents')) {
    // A live stream: its status and headers are the answer; the stream is let go.
    const response = await t.app.inject({ ...options, payloadAsStream: true });
    response.stream().destroy();
    return response;
  }
  return t.app.inject(options);
}

const shown = (request: FuzzRequest) =>
  JSON.stringify({
    ...request,
    payload:
      request.payload === undefined
        ? undefined
        : String(request.payload).slice(0, 600) + (String(request.payload).length > 600 ? '…' : ''),
  });

/** Answers by HTTP code over the whole run, for the summary line. */
const codes = new Map<number, number>();

/** Sends `RUNS` generated requests as each role; any 5xx fails with the request that caused it. */
async function fuzz(name: string, requests: fc.Arbitrary<FuzzRequest>) {
  let sent = 0;
  for (const role of ROLES) {
    await ensureAccounts();
    const withHeaders = fc
      .tuple(requests, extraHeaders)
      .map(([request, headers]) => ({ ...request, headers: { ...headers, ...request.headers } }));
    await fc.assert(
      fc.asyncProperty(withHeaders, async (request) => {
        sent++;
        const response = await send(request, role);
        codes.set(response.statusCode, (codes.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(
            `${name} as ${role}: ${response.statusCode} ${response.body.slice(0, 300)}\n${shown(request)}`,
          );
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: RUNS > 50 },
    );
  }
  return sent;
}

describe('generated bad input: no route answers 5xx (issue 16)', () => {
  let total = 0;
  beforeAll(async () => {
    // Something for ids to find: news of several columns, files, a drive of each account.
    await ensureAccounts();
    for (const typeId of [2, 3, 4, 17]) {
      await createNews(t.services, { typeId }, accounts.teacher.staff!);
    }
    await createFile(t.services, 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
  });
  afterAll(async () => {
    const byCode = [...codes].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`);
    console.log(
      `fuzz (${t.dialect}): ${total} requests over ${ROUTES.length + 1} routes × ${ROLES.length} roles; ${byCode.join(', ')}`,
    );
    await t.close();
  });

  it('reads the routes from the OpenAPI document', () => {
    expect(ROUTES.length).toBeGreaterThan(200);
    expect(ROUTES.some((r) => r.path === '/api/login/login')).toBe(true);
  });

  const timeout = Math.max(30_000, RUNS * ROLES.length * 250);
  it.each(ROUTES.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    '%s',
    async (name, route) => {
      total += await fuzz(name, requestsFor(route));
    },
    timeout,
  );

  it(
    'PATCH/HEAD/DELETE/POST /api/resources/tus/*',
    async () => {
      total += await fuzz('tus', tusRequests);
    },
    timeout,
  );
});
