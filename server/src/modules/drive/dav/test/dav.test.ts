import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { expectOk, postForm } from '../../../../test-kit/http.js';
import { davPerson, type DavPerson } from './dav-kit.js';

const MB = 1024 * 1024;
const QUOTA = 2 * MB;

let t: TestApp;
let base: string;
let admin: DavPerson;
let teacher: DavPerson;
let other: DavPerson;
/** A library folder, made by the drive administrator in the page. */
let column = '';

/** Bytes that read as a PDF, different each time. */
const pdf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};

const dav = (
  method: string,
  path: string,
  who: DavPerson | string | null,
  init: { headers?: Record<string, string>; body?: Buffer | string } = {},
) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(who ? { authorization: typeof who === 'string' ? who : who.basic } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : new Uint8Array(Buffer.from(init.body)),
  });

const enc = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The hrefs a PROPFIND Depth 1 lists, decoded. */
async function listing(path: string, who: DavPerson): Promise<string[]> {
  const answer = await dav('PROPFIND', path, who, { headers: { depth: '1' } });
  expect(answer.status).toBe(207);
  const xml = await answer.text();
  return [...xml.matchAll(/<href>([^<]+)<\/href>/g)].map((m) =>
    decodeURIComponent(new URL(m[1]!).pathname),
  );
}

const call = (path: string, fields: Record<string, string | number>, who: DavPerson) =>
  postForm(t.app, `/api/resources/${path}`, fields, { token: who.token });

beforeAll(async () => {
  t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: String(QUOTA) } });
  admin = await davPerson(t, { name: '网盘管理员', isAdmin: '1' });
  teacher = await davPerson(t, { name: '王老师' });
  other = await davPerson(t, { name: '李老师' });
  const { fid } = expectOk<{ fid: number }>(
    await call('addFolder', { fName: '高一物理', sType: 0 }, admin),
  );
  expect(fid).toBeGreaterThan(0);
  column = `/dav/library/${encodeURIComponent('高一物理')}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});

afterAll(() => t?.close());

describe('WebDAV sign-in: app passwords only', () => {
  it('asks for Basic credentials, refuses the account password and a revoked app password', async () => {
    const none = await dav('PROPFIND', '/dav/disk/', null, { headers: { depth: '0' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const account = `Basic ${Buffer.from(`${teacher.code}:${teacher.password}`).toString('base64')}`;
    expect((await dav('PROPFIND', '/dav/disk/', account, { headers: { depth: '0' } })).status).toBe(
      401,
    );
    const spare = await davPerson(t, { name: '赵老师' }, '旧笔记本');
    expect((await dav('PROPFIND', '/dav/disk/', spare, { headers: { depth: '0' } })).status).toBe(
      207,
    );
    expectOk(
      await postForm(
        t.app,
        '/api/staff/delAppPassword',
        { id: spare.appPasswordId },
        { token: spare.token },
      ),
    );
    const revoked = await dav('PROPFIND', '/dav/disk/', spare, { headers: { depth: '0' } });
    expect(revoked.status).toBe(401);
  });
});

describe('the personal disk over WebDAV', () => {
  it('keeps a file put with a Chinese name as the drive file /mineWp lists, with its size', async () => {
    const bytes = pdf(4000);
    const path = `/dav/disk/${enc('第一单元 教案.pdf')}`;
    expect((await dav('PUT', path, teacher, { body: bytes })).status).toBe(201);
    const page = expectOk<{
      total: number;
      list: Array<{ resourcesName: string; resourcesSize: number }>;
    }>(await call('getFolderFiles', { sType: 1 }, teacher));
    expect(page.list).toEqual([
      expect.objectContaining({ resourcesName: '第一单元 教案.pdf', resourcesSize: 4000 }),
    ]);
    const quota = expectOk<{ used: number }>(await call('getMyQuota', {}, teacher));
    expect(quota.used).toBe(4000);
    const back = await dav('GET', path, teacher);
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await dav('GET', path, teacher, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    expect(await listing('/dav/disk/', teacher)).toContain('/dav/disk/第一单元 教案.pdf');
  });

  it("counts a file put into a disk folder in /mineWp's folder tree", async () => {
    const folder = `/dav/disk/${enc('第二单元')}`;
    expect((await dav('MKCOL', `${folder}/`, teacher)).status).toBe(201);
    expect(
      (await dav('PUT', `${folder}/${enc('学案.pdf')}`, teacher, { body: pdf(900) })).status,
    ).toBe(201);
    const tree = expectOk<Array<{ fid: number; fname: string; fnum: number }>>(
      await call('getFolderTree', { sType: 1 }, teacher),
    );
    expect(tree).toEqual([expect.objectContaining({ fname: '第二单元', fnum: 1 })]);
    const page = expectOk<{ list: Array<{ resourcesName: string; resourcesSize: number }> }>(
      await call('getFolderFiles', { sType: 1, fId: tree[0]!.fid }, teacher),
    );
    expect(page.list).toEqual([
      expect.objectContaining({ resourcesName: '学案.pdf', resourcesSize: 900 }),
    ]);
  });

  it('keeps the same bytes once, whatever they are called', async () => {
    const bytes = pdf(3000);
    for (const name of ['甲.pdf', '乙.pdf']) {
      expect((await dav('PUT', `/dav/disk/${enc(name)}`, teacher, { body: bytes })).status).toBe(
        201,
      );
    }
    const files = await t.db
      .selectFrom('driveResource')
      .select('fileId')
      .where('ownerId', '=', teacher.id)
      .where('name', 'in', ['甲.pdf', '乙.pdf'])
      .execute();
    expect(files).toHaveLength(2);
    expect(files[0]!.fileId).toBe(files[1]!.fileId);
  });

  it('refuses a file past the quota with 507 and keeps nothing of it', async () => {
    const before = expectOk<{ used: number }>(await call('getMyQuota', {}, teacher)).used;
    const answer = await dav('PUT', `/dav/disk/${enc('大文件.pdf')}`, teacher, {
      body: pdf(QUOTA),
    });
    expect(answer.status).toBe(507);
    expect(await answer.text()).toContain('空间不足');
    expect(expectOk<{ used: number }>(await call('getMyQuota', {}, teacher)).used).toBe(before);
    expect((await dav('GET', `/dav/disk/${enc('大文件.pdf')}`, teacher)).status).toBe(404);
  });

  it('refuses bytes that are not what their extension says with 415', async () => {
    const answer = await dav('PUT', `/dav/disk/${enc('假的.docx')}`, teacher, {
      body: 'just text, not a Word file',
    });
    expect(answer.status).toBe(415);
  });

  it('honours If-Match and answers the quota properties', async () => {
    const path = `/dav/disk/${enc('讲义.pdf')}`;
    await dav('PUT', path, teacher, { body: pdf(1000) });
    const etag = (await dav('HEAD', path, teacher)).headers.get('etag')!;
    const stale = await dav('PUT', path, teacher, {
      body: pdf(1000),
      headers: { 'if-match': '"not-the-etag"' },
    });
    expect(stale.status).toBe(412);
    const fresh = await dav('PUT', path, teacher, {
      body: pdf(1200),
      headers: { 'if-match': etag },
    });
    expect(fresh.status).toBe(204);
    const answer = await dav('PROPFIND', '/dav/disk/', teacher, {
      headers: { depth: '0', 'content-type': 'application/xml' },
      body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><quota-available-bytes/><quota-used-bytes/></prop></propfind>',
    });
    const xml = await answer.text();
    const used = Number(/<quota-used-bytes>(\d+)</.exec(xml)?.[1]);
    const { used: pageUsed } = expectOk<{ used: number }>(await call('getMyQuota', {}, teacher));
    expect(used).toBe(pageUsed);
    expect(Number(/<quota-available-bytes>(\d+)</.exec(xml)?.[1])).toBe(QUOTA - pageUsed);
  });

  it('never lists a whole tree (Depth: infinity is 403)', async () => {
    const answer = await dav('PROPFIND', '/dav/disk/', teacher, { headers: { depth: 'infinity' } });
    expect(answer.status).toBe(403);
  });

  it("keeps another person's disk out of reach: /dav/disk/ is always one's own", async () => {
    expect(await listing('/dav/disk/', other)).toEqual(['/dav/disk/']);
    expect((await dav('GET', `/dav/disk/${enc('甲.pdf')}`, other)).status).toBe(404);
  });

  it('moves a deleted file into the 回收站', async () => {
    const path = `/dav/disk/${enc('乙.pdf')}`;
    expect((await dav('DELETE', path, teacher)).status).toBe(204);
    expect((await dav('GET', path, teacher)).status).toBe(404);
    const bin = await t.db
      .selectFrom('driveTrash')
      .select('name')
      .where('ownerId', '=', teacher.id)
      .execute();
    expect(bin.map((row) => row.name)).toContain('乙.pdf');
  });
});

describe('deleting a folder', () => {
  it('puts the folder and all in it into the 回收站 as one entry', async () => {
    const folder = `/dav/disk/${enc('旧学期')}`;
    expect((await dav('MKCOL', `${folder}/`, other)).status).toBe(201);
    expect(
      (await dav('PUT', `${folder}/${enc('期末.pdf')}`, other, { body: pdf(600) })).status,
    ).toBe(201);
    expect((await dav('DELETE', `${folder}/`, other)).status).toBe(204);
    expect((await dav('PROPFIND', `${folder}/`, other, { headers: { depth: '0' } })).status).toBe(
      404,
    );
    const bin = await t.db
      .selectFrom('driveTrash')
      .select(['kind', 'name'])
      .where('deletedBy', '=', other.id)
      .execute();
    expect(bin).toEqual([{ kind: 'folder', name: '旧学期' }]);
  });
});

describe('the shared library over WebDAV', () => {
  it('lets only drive administrators make folders (403 otherwise)', async () => {
    expect((await dav('MKCOL', `${column}/${enc('教案')}/`, teacher)).status).toBe(403);
    expect((await dav('MKCOL', `${column}/${enc('教案')}/`, admin)).status).toBe(201);
    expect((await dav('MKCOL', `/dav/library/${enc('新栏目')}/`, teacher)).status).toBe(403);
  });

  it("never shows another teacher's private file, nor gives its bytes", async () => {
    const path = `${column}/${enc('私人笔记.pdf')}`;
    expect((await dav('PUT', path, teacher, { body: pdf(2000) })).status).toBe(201);
    const { id } = await t.db
      .selectFrom('driveResource')
      .select('id')
      .where('name', '=', '私人笔记.pdf')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('driveResource').set({ isOpen: '1' }).where('id', '=', id).execute();
    expect(await listing(`${column}/`, teacher)).toContain('/dav/library/高一物理/私人笔记.pdf');
    expect(await listing(`${column}/`, other)).not.toContain('/dav/library/高一物理/私人笔记.pdf');
    expect((await dav('GET', path, other)).status).toBe(404);
    expect((await dav('DELETE', path, other)).status).toBe(404);
    expect((await dav('GET', path, teacher)).status).toBe(200);
  });

  it('takes uploads from everyone into a folder, but none at its top', async () => {
    expect(
      (await dav('PUT', `${column}/${enc('习题.pdf')}`, other, { body: pdf(500) })).status,
    ).toBe(201);
    expect(
      (await dav('PUT', `/dav/library/${enc('散件.pdf')}`, other, { body: pdf(500) })).status,
    ).toBe(403);
  });

  it("lets a teacher neither delete nor move another's library file (403)", async () => {
    const path = `${column}/${enc('习题.pdf')}`;
    expect((await dav('DELETE', path, teacher)).status).toBe(403);
    const move = await dav('MOVE', path, teacher, {
      headers: { destination: `${base}${column}/${enc('改名.pdf')}` },
    });
    expect(move.status).toBe(403);
  });

  it("keeps a working file (a name the drive does not take) its uploader's only, by every address", async () => {
    const path = `${column}/${enc('~$草稿.docx')}`;
    expect((await dav('PUT', path, teacher, { body: 'owner file' })).status).toBe(201);
    expect(await listing(`${column}/`, teacher)).toContain('/dav/library/高一物理/~$草稿.docx');
    expect(await listing(`${column}/`, other)).not.toContain('/dav/library/高一物理/~$草稿.docx');
    expect((await dav('GET', path, other)).status).toBe(404);
    const { fileId } = await t.db
      .selectFrom('davFile')
      .select('fileId')
      .where('name', '=', '~$草稿.docx')
      .executeTakeFirstOrThrow();
    const byAddress = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(byAddress.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { authorization: `Bearer ${teacher.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('owner file');
  });

  it("holds a teacher's lock against another's PUT (423), in the database every process reads", async () => {
    const path = `${column}/${enc('共享讲义.pdf')}`;
    expect((await dav('PUT', path, teacher, { body: pdf(700) })).status).toBe(201);
    const locked = await dav('LOCK', path, teacher, {
      headers: { 'content-type': 'application/xml', timeout: 'Second-600' },
      body: '<?xml version="1.0"?><lockinfo xmlns="DAV:"><lockscope><exclusive/></lockscope><locktype><write/></locktype><owner>王老师</owner></lockinfo>',
    });
    expect(locked.status).toBe(200);
    const token = locked.headers.get('lock-token')!;
    expect(await t.db.selectFrom('davLock').select('token').execute()).toEqual([
      { token: token.slice(1, -1) },
    ]);
    expect((await dav('PUT', path, admin, { body: pdf(700) })).status).toBe(423);
    expect((await dav('UNLOCK', path, teacher, { headers: { 'lock-token': token } })).status).toBe(
      204,
    );
    expect((await dav('PUT', path, admin, { body: pdf(700) })).status).toBe(204);
  });
});
