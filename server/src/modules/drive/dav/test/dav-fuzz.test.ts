import { randomBytes } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { expectOk, postForm } from '../../../../test-kit/http.js';
import { davPerson, davRequest, type DavInit, type DavPerson } from './dav-kit.js';

/**
 * Generated bad input over WebDAV: every method with generated paths, headers (Depth,
 * Destination, Overwrite, If, Timeout, Content-Encoding, Content-Type) and bodies (XML of each
 * method's kind, hostile text, bytes, compressed, chunked), as an anonymous caller and as a
 * teacher with an app password: no answer may be a 5xx. FUZZ_RUNS sets the requests per caller
 * (a few in `npm test`; `npm run fuzz` sends thousands), FUZZ_SEED repeats a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let port = 0;
let teacher: DavPerson;

const METHODS = [
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
  'PUT',
  'DELETE',
  'OPTIONS',
  'GET',
  'HEAD',
];

/** Path segments as sent (already encoded, or deliberately broken encodings). */
const SEGMENTS = [
  encodeURIComponent('教案.pdf'),
  encodeURIComponent('高三数学'),
  encodeURIComponent('~$草稿.docx'),
  'notes.txt',
  'a%00b.txt',
  '%00',
  '%ZZ',
  '%E4%B8',
  '%2e%2e',
  '..',
  '.',
  '%2F',
  encodeURIComponent('\u202Eevil.exe'),
  encodeURIComponent('🙂'.repeat(30)),
  'x'.repeat(300),
  encodeURIComponent('中'.repeat(200)),
  '',
];

const path = fc
  .tuple(
    fc.constantFrom('/dav', '/dav/', '/dav/disk/', '/dav/library/', '/dav/other/'),
    fc.array(fc.constantFrom(...SEGMENTS), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([top, names, slash]) => {
    const joined = `${top.replace(/\/?$/, '/')}${names.join('/')}`;
    return slash || names.length === 0 ? joined : joined.replace(/\/$/, '');
  });

const PROP_NAMES = [
  'displayname',
  'getetag',
  'resourcetype',
  'quota-used-bytes',
  'x',
  'Win32FileAttributes',
];
const NAMESPACES = ['DAV:', 'urn:x', 'urn:schemas-microsoft-com:', '', 'http://a/%00'];
const TEXT = ['', ' ', '\u0000', '中文', '<![CDATA[x]]>', '&amp;', '&bogus;', 'x'.repeat(9000)];

const prop = fc
  .tuple(fc.constantFrom(...PROP_NAMES), fc.constantFrom(...NAMESPACES), fc.constantFrom(...TEXT))
  .map(
    ([name, ns, text]) => `<${name} xmlns="${ns}">${text.replaceAll('\u0000', '&#0;')}</${name}>`,
  );

/** Bodies of every kind a WebDAV method takes, and some no method does. */
const xmlBody = fc.oneof(
  fc
    .array(prop, { maxLength: 4 })
    .map(
      (props) =>
        `<?xml version="1.0"?><propfind xmlns="DAV:"><prop>${props.join('')}</prop></propfind>`,
    ),
  fc.constant('<?xml version="1.0"?><propfind xmlns="DAV:"><allprop/></propfind>'),
  fc.constant('<?xml version="1.0"?><propfind xmlns="DAV:"><propname/></propfind>'),
  fc
    .tuple(fc.array(prop, { maxLength: 4 }), fc.boolean())
    .map(
      ([props, remove]) =>
        `<?xml version="1.0"?><propertyupdate xmlns="DAV:"><${remove ? 'remove' : 'set'}><prop>${props.join('')}</prop></${remove ? 'remove' : 'set'}></propertyupdate>`,
    ),
  fc
    .tuple(fc.constantFrom('exclusive', 'shared', 'bogus'), fc.constantFrom(...TEXT))
    .map(
      ([scope, owner]) =>
        `<?xml version="1.0"?><lockinfo xmlns="DAV:"><lockscope><${scope}/></lockscope><locktype><write/></locktype><owner>${owner.replaceAll('\u0000', '')}</owner></lockinfo>`,
    ),
  fc.constantFrom(
    '<?xml version="1.0"?><propfind xmlns="DAV:"><prop>',
    '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]><propfind xmlns="DAV:">&b;</propfind>',
    '<a:propfind xmlns:a="DAV:"><a:prop><b:x xmlns:b=""/></a:prop></a:propfind>',
    '<propertyupdate xmlns="DAV:"><set/></propertyupdate>',
    '<lockinfo xmlns="DAV:"/>',
  ),
);

/** A body, or the name of one too large to show in a counterexample (made when sent). */
const BIG = 'random bytes, 300 KiB';
const body = fc.oneof(
  fc.constant(undefined),
  xmlBody,
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(BIG),
);

const header = <T extends string>(values: T[]) =>
  fc.option(fc.constantFrom(...values), { nil: undefined });

const headers = fc.record({
  depth: header(['0', '1', 'infinity', '2', '', '-1', 'Infinity']),
  destination: header([
    '/dav/disk/copy.txt',
    `/dav/disk/${encodeURIComponent('副本.pdf')}`,
    '/dav/library/',
    '/dav/disk/a%00b',
    'http://127.0.0.1:1/dav/disk/x.txt',
    'http://example.com/dav/disk/x',
    '::::',
    '/dav/../etc/passwd',
  ]),
  overwrite: header(['T', 'F', 'x', '']),
  if: header([
    '(<urn:uuid:00000000-0000-0000-0000-000000000000>)',
    '(Not <DAV:no-lock>)',
    '</dav/disk/> (["etag"])',
    '((<',
    '(<opaquelocktoken:x>) (Not ["x"])',
  ]),
  'lock-token': header(['<urn:uuid:00000000-0000-0000-0000-000000000000>', '<>', 'garbage', '']),
  timeout: header([
    'Infinite',
    'Second-0',
    'Second-99999999999999',
    'Second--5',
    'bogus',
    'Infinite, Second-4100000000',
  ]),
  'content-type': header([
    'application/xml',
    'text/xml; charset=latin1',
    'text/xml; charset=bogus',
    'text/plain',
    'application/xml; charset=utf-16le',
  ]),
  'content-encoding': header(['gzip', 'deflate', 'br', 'identity', 'x-gzip', 'bogus']),
  range: header(['bytes=0-10', 'bytes=-5', 'bytes=99999999-', 'bytes=x']),
});

/** The body as the Content-Encoding says, when the encoding is a real one. */
function encoded(raw: Buffer | string | undefined, encoding: string | undefined) {
  if (raw === undefined) return undefined;
  const bytes = Buffer.from(raw);
  if (encoding === 'gzip' || encoding === 'x-gzip') return gzipSync(bytes);
  if (encoding === 'deflate') return deflateSync(bytes);
  if (encoding === 'br') return brotliCompressSync(bytes);
  return bytes;
}

const request = fc
  .tuple(fc.constantFrom(...METHODS), path, headers, body, fc.constantFrom(0, 0, 3))
  .map(([method, url, fields, raw, chunks]) => {
    const wanted = Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    if (wanted.destination?.startsWith('/'))
      wanted.destination = `http://127.0.0.1:${port}${wanted.destination}`;
    return { method, url, headers: wanted, body: raw, chunks };
  });

/** The request as sent: its body made and encoded as its Content-Encoding says. */
const sent = (recipe: {
  headers: Record<string, string>;
  body?: string | Buffer;
  chunks: number;
}) =>
  ({
    headers: recipe.headers,
    body: encoded(
      recipe.body === BIG ? randomBytes(300 * 1024) : recipe.body,
      recipe.headers['content-encoding'],
    ),
    chunks: recipe.chunks,
  }) satisfies DavInit;

beforeAll(async () => {
  t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: String(4 * 1024 * 1024) } });
  const admin = await davPerson(t, { name: '网盘管理员', isAdmin: '1' });
  teacher = await davPerson(t, { name: '郑老师' });
  expectOk(
    await postForm(
      t.app,
      '/api/resources/addFolder',
      { fName: '高三数学', sType: 0 },
      { token: admin.token },
    ),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]);
  const library = `/dav/library/${encodeURIComponent('高三数学')}/${encodeURIComponent('教案.pdf')}`;
  expect((await davRequest(port, 'PUT', library, admin, { body: pdf })).status).toBe(201);
  const own = `/dav/disk/${encodeURIComponent('教案.pdf')}`;
  expect((await davRequest(port, 'PUT', own, teacher, { body: pdf })).status).toBe(201);
});

afterAll(() => t?.close());

describe('WebDAV under generated bad input', () => {
  for (const caller of ['anonymous', 'teacher'] as const) {
    it(`never answers 5xx to ${caller === 'anonymous' ? 'an anonymous caller' : 'a teacher with an app password'}`, async () => {
      await fc.assert(
        fc.asyncProperty(request, async (recipe) => {
          const { method, url } = recipe;
          const init = sent(recipe);
          const answer = await davRequest(
            port,
            method,
            url,
            caller === 'teacher' ? teacher : null,
            init,
          );
          if (answer.status >= 500) {
            throw new Error(
              `${answer.status} ${answer.text.slice(0, 200)} for ${method} ${url} ${JSON.stringify(init.headers)}`,
            );
          }
          expect(answer.status).toBeGreaterThanOrEqual(200);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }
});
