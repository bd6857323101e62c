import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../../../app.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';
import { startTestS3, type TestS3 } from '../../../test-kit/s3.js';

const MB = 1024 * 1024;
const TUS = '/api/resources/tus/';

/**
 * Two copies of the site on one database and one bucket, as behind a load balancer (issue 21):
 * what one copy stored or started, the other serves or continues. Each copy has a data folder
 * of its own, which neither may need.
 */
describe('two copies of the site on one database and one S3 bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp({ env: { ...s3.env, DRIVE_FILE_MAX_BYTES: String(64 * MB) } });
    one = t.app;
    const services = createServices({
      config: t.config,
      db: t.db,
      dialect: t.dialect,
      clock: t.clock.now,
    });
    two = await buildApp({
      services,
      config: t.config,
      db: t.db,
      dialect: t.dialect,
      clock: t.clock.now,
      logger: false,
    });
    token = await login(one, await createStaff(t.db));
  });
  afterAll(async () => {
    await two?.close();
    await t?.close();
    await s3?.close();
  });

  const as = (headers: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    authorization: `Bearer ${token}`,
    ...headers,
  });

  it('continues on one copy a resumable upload begun on the other, and serves it from both', async () => {
    const bytes = randomBytes(7 * MB + 123);
    bytes.write('%PDF-1.4\n', 0, 'latin1');
    const name = Buffer.from('高三 复习计划.pdf').toString('base64');
    const created = await one.inject({
      method: 'POST',
      url: TUS,
      headers: as({ 'upload-length': String(bytes.length), 'upload-metadata': `filename ${name}` }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    // Three pieces, the copies taking turns; the first two are below S3's smallest part.
    const cuts = [0, 3 * MB, 6 * MB, bytes.length];
    const piece = (copy: FastifyInstance, i: number, session = token) =>
      copy.inject({
        method: 'PATCH',
        url: location,
        payload: bytes.subarray(cuts[i], cuts[i + 1]),
        headers: as({
          'upload-offset': String(cuts[i]),
          'content-type': 'application/offset+octet-stream',
          authorization: `Bearer ${session}`,
        }),
      });
    // Another teacher who knows the address may neither look at nor add to it, on either copy.
    const stranger = await login(two, await createStaff(t.db));
    for (const copy of [one, two]) {
      const looked = await copy.inject({
        method: 'HEAD',
        url: location,
        headers: as({ authorization: `Bearer ${stranger}` }),
      });
      expect(looked.statusCode).toBe(403);
      expectRefusal(await piece(copy, 0, stranger), 403, '不能访问他人的上传');
    }
    let last;
    for (let i = 0; i < 3; i++) {
      const copy = i % 2 === 0 ? one : two;
      last = await piece(copy, i);
      expect(last.statusCode, last.body).toBe(204);
      if (i < 2) {
        const other = copy === one ? two : one;
        const asked = await other.inject({ method: 'HEAD', url: location, headers: as() });
        expect(asked.headers['upload-offset']).toBe(String(cuts[i + 1]));
        // The same piece again, through the other copy: refused, nothing recorded twice.
        expectRefusal(await piece(other, i), 409, '上传进度不一致，请刷新进度后继续');
      }
    }
    const fileId = Number(last!.headers['x-file-id']);
    expect(fileId).toBeGreaterThan(0);
    for (const copy of [one, two]) {
      const read = await copy.inject({
        url: `/api/files/${fileId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(bytes)).toBe(true);
    }
    // The waiting upload is gone from the bucket; nothing went to either data folder.
    const keys = await s3.keys();
    expect(keys.filter((key) => !/^[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]+)?$/.test(key))).toEqual(
      [],
    );
    for (const folder of ['tus', 'files']) {
      const root = path.join(t.config.dataDir, folder);
      const left = fs.existsSync(root)
        ? fs.readdirSync(root, { recursive: true }).filter((name) => !String(name).startsWith('.'))
        : [];
      expect(left).toEqual([]);
    }
  });

  it('knows a login made on the other copy, and its logout', async () => {
    const session = await login(two, await createStaff(t.db));
    const list = (copy: FastifyInstance) =>
      postForm(copy, '/api/email/getReceiveList', { pageNum: 1, pageSize: 10 }, { token: session });
    expectOk(await list(one));
    expectOk(await postForm(one, '/api/login/loginOut.do', {}, { token: session }));
    expect((await list(two)).statusCode).toBe(401);
  });
});
