import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { expectOk, postForm } from '../../../../test-kit/http.js';
import { davPerson, davRequest, type DavInit, type DavPerson } from './dav-kit.js';

/** What WebDAV takes before it trusts, stores or answers (bodies, locks, properties, quota). */
const MB = 1024 * 1024;
const QUOTA = 2 * MB;
const FILE_MAX = 3 * MB;

let t: TestApp;
let port = 0;
const send = (method: string, path: string, who: DavPerson | null, init?: DavInit) =>
  davRequest(port, method, path, who, init);
let admin: DavPerson;
let teacher: DavPerson;
let other: DavPerson;
const column = `/dav/library/${encodeURIComponent('高二化学')}`;
const enc = (name: string) => encodeURIComponent(name);

const lockBody =
  '<?xml version="1.0"?><lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope><locktype><write/></locktype><owner>x</owner></lockinfo>';
const xml = { 'content-type': 'application/xml' };
const propfindBody =
  '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><displayname/></prop></propfind>';
const propertyUpdate = (props: string) =>
  `<?xml version="1.0"?><propertyupdate xmlns="DAV:" xmlns:z="urn:x"><set><prop>${props}</prop></set></propertyupdate>`;

const pdf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};

beforeAll(async () => {
  t = await createTestApp({
    env: { DRIVE_QUOTA_BYTES: String(QUOTA), DRIVE_FILE_MAX_BYTES: String(FILE_MAX) },
  });
  admin = await davPerson(t, { name: '网盘管理员', isAdmin: '1' });
  teacher = await davPerson(t, { name: '周老师' });
  other = await davPerson(t, { name: '吴老师' });
  expectOk(
    await postForm(
      t.app,
      '/api/resources/addFolder',
      { fName: '高二化学', sType: 0 },
      { token: admin.token },
    ),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

afterAll(() => t?.close());

describe('WebDAV answers name no software', () => {
  it('sends neither X-Powered-By nor Server, signed in or not', async () => {
    for (const answer of [
      await send('OPTIONS', '/dav/', null),
      await send('PROPFIND', '/dav/disk/', null, { headers: { depth: '0' } }),
      await send('PROPFIND', '/dav/disk/', teacher, { headers: { depth: '0' } }),
    ]) {
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers.server).toBeUndefined();
    }
  });
});

describe('request bodies', () => {
  it('refuses a compressed body with 415 before inflating it, from anyone', async () => {
    const blank = gzipSync(Buffer.alloc(64 * 1024, ' '));
    const anonymous = await send('OPTIONS', '/dav/', null, {
      headers: { 'content-encoding': 'gzip' },
      body: blank,
    });
    expect(anonymous.status).toBe(415);
    expect(anonymous.text).toContain('压缩');
    const signedIn = await send('PROPFIND', '/dav/disk/', teacher, {
      headers: { depth: '0', 'content-encoding': 'gzip', ...xml },
      body: gzipSync(propfindBody),
    });
    expect(signedIn.status).toBe(415);
    const put = await send('PUT', `/dav/disk/${enc('压缩.pdf')}`, teacher, {
      headers: { 'content-encoding': 'gzip' },
      body: gzipSync(pdf(1000)),
    });
    expect(put.status).toBe(415);
  });

  it('refuses an XML body past the cap with 413, by its length or while it streams', async () => {
    const big = propfindBody.replace('<prop>', `<prop>${' '.repeat(2 * MB)}`);
    const declared = await send('PROPFIND', '/dav/disk/', teacher, {
      headers: { depth: '0', ...xml, 'content-length': String(Buffer.byteLength(big)) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(declared.text).toContain('请求体过大');
    const streamed = await send('PROPFIND', '/dav/disk/', teacher, {
      headers: { depth: '0', ...xml },
      body: big,
      chunks: 64,
    });
    expect(streamed.status).toBe(413);
    const lock = await send('LOCK', `/dav/disk/${enc('锁.txt')}`, teacher, {
      headers: xml,
      body: lockBody.replace('<owner>x', `<owner>${'x'.repeat(2 * MB)}`),
      chunks: 16,
    });
    expect(lock.status).toBe(413);
    // An ordinary body still passes.
    const small = await send('PROPFIND', '/dav/disk/', teacher, {
      headers: { depth: '0', ...xml },
      body: propfindBody,
    });
    expect(small.status).toBe(207);
  });

  it('reads no body of a caller who is not signed in (OPTIONS)', async () => {
    const answer = await send('OPTIONS', '/dav/', null, { body: ' '.repeat(1000) });
    expect(answer.status).toBe(415);
  });
});

describe('dead properties', () => {
  it('refuses a value past 8 KiB and more than 100 properties on one item (507)', async () => {
    const path = `/dav/disk/${enc('属性.pdf')}`;
    expect((await send('PUT', path, teacher, { body: pdf(500) })).status).toBe(201);
    const large = await send('PROPPATCH', path, teacher, {
      headers: xml,
      body: propertyUpdate(`<z:big>${'a'.repeat(9 * 1024)}</z:big>`),
    });
    expect(large.status).toBe(507);
    const many = Array.from({ length: 101 }, (_, i) => `<z:p${i}>v</z:p${i}>`).join('');
    const crowd = await send('PROPPATCH', path, teacher, {
      headers: xml,
      body: propertyUpdate(many),
    });
    expect(crowd.status).toBe(507);
    expect(crowd.text).toContain('属性');
    expect(await t.db.selectFrom('davProperty').select('name').execute()).toEqual([]);
    const fine = await send('PROPPATCH', path, teacher, {
      headers: xml,
      body: propertyUpdate('<z:note>ok</z:note>'),
    });
    expect(fine.status).toBe(207);
    expect(await t.db.selectFrom('davProperty').select('name').execute()).toHaveLength(1);
  });
});

describe('dead properties in the quota', () => {
  it('counts them for whoever set them: 507 past the quota, the page shows them used', async () => {
    const full = await davPerson(t, { name: '冯老师' });
    const path = `/dav/disk/${enc('满.pdf')}`;
    expect((await send('PUT', path, full, { body: pdf(QUOTA - 3000) })).status).toBe(201);
    const past = await send('PROPPATCH', path, full, {
      headers: xml,
      body: propertyUpdate(`<z:big>${'a'.repeat(4000)}</z:big>`),
    });
    expect(past.status).toBe(507);
    expect(past.text).toContain('空间不足');
    const fits = await send('PROPPATCH', path, full, {
      headers: xml,
      body: propertyUpdate('<z:note>ok</z:note>'),
    });
    expect(fits.status).toBe(207);
    const rows = await t.db
      .selectFrom('davProperty')
      .select('size')
      .where('staffId', '=', full.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.size)).toBeGreaterThan(2);
    const { used } = expectOk<{ used: number }>(
      await postForm(t.app, '/api/resources/getMyQuota', {}, { token: full.token }),
    );
    expect(used).toBe(QUOTA - 3000 + Number(rows[0]!.size));
  });
});

describe('locks and properties need the right to write', () => {
  it("refuses a teacher's LOCK and PROPPATCH of what they may not change; an admin breaks a lock", async () => {
    const theirs = `${column}/${enc('实验.pdf')}`;
    expect((await send('PUT', theirs, other, { body: pdf(600) })).status).toBe(201);
    for (const path of [theirs, `${column}/`, '/dav/library/']) {
      const lock = await send('LOCK', path, teacher, {
        headers: { ...xml, depth: 'infinity' },
        body: lockBody,
      });
      expect(lock.status).toBe(403);
      const patch = await send('PROPPATCH', path, teacher, {
        headers: xml,
        body: propertyUpdate('<z:mark>1</z:mark>'),
      });
      expect(patch.status).toBe(403);
    }
    expect(await t.db.selectFrom('davLock').select('token').execute()).toEqual([]);

    const own = await send('LOCK', theirs, other, {
      headers: { ...xml, timeout: 'Infinite' },
      body: lockBody,
    });
    expect(own.status).toBe(200);
    expect(own.text).toMatch(/<timeout>Second-\d+/);
    const held = await t.db.selectFrom('davLock').select('timeoutMs').executeTakeFirstOrThrow();
    expect(Number(held.timeoutMs)).toBe(60 * 60 * 1000);
    const token = own.headers['lock-token'] as string;
    expect((await send('PUT', theirs, admin, { body: pdf(600) })).status).toBe(423);
    const broken = await send('UNLOCK', theirs, admin, { headers: { 'lock-token': token } });
    expect(broken.status).toBe(204);
    expect((await send('PUT', theirs, admin, { body: pdf(600) })).status).toBe(204);
  });
});

describe('quota and bad names', () => {
  it("counts library working files in the uploader's quota (507 past it)", async () => {
    const path = (i: number) => `${column}/${enc(`~$草稿${i}.docx`)}`;
    const quota = async () =>
      expectOk<{ used: number }>(
        await postForm(t.app, '/api/resources/getMyQuota', {}, { token: teacher.token }),
      ).used;
    const before = await quota();
    expect((await send('PUT', path(1), teacher, { body: randomBytes(MB + 1000) })).status).toBe(
      201,
    );
    const past = await send('PUT', path(2), teacher, { body: randomBytes(MB + 1000) });
    expect(past.status).toBe(507);
    expect(await quota()).toBe(before + MB + 1000);
  });

  it('answers 400 to a name with a NUL or a path out of its space, and 4xx to a chunked PUT past the file limit', async () => {
    const nul = await send('PUT', '/dav/disk/a%00b.txt', teacher, { body: 'x' });
    expect(nul.status).toBe(400);
    expect(nul.text).toMatch(/[\u4e00-\u9fff]/);
    // A path that climbs out of its space is bad input too (it was a 502).
    const climbing = await send('PROPFIND', '/dav/disk/%2e%2e', teacher, {
      headers: { depth: '0' },
    });
    expect(climbing.status).toBe(400);
    const huge = await send('PUT', `/dav/disk/${enc('超大.pdf')}`, other, {
      body: pdf(FILE_MAX + MB),
      chunks: 32,
    });
    expect([413, 507]).toContain(huge.status);
    const working = await send('PUT', `/dav/disk/${enc('超大.bin')}`, other, {
      body: randomBytes(FILE_MAX + MB),
      chunks: 32,
    });
    expect([413, 507]).toContain(working.status);
  });
});
