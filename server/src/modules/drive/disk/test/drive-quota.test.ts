import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../../test-kit/http.js';

const MB = 1024 * 1024;
/** Each disk of this app. */
const QUOTA = 8 * MB;
const TUS = '/api/resources/tus/';

type Fields = Record<string, string | number>;
interface Usage {
  used: number;
  pending: number;
  total: number;
}

/** Bytes that read as a PDF, different each time (no two share a hash). */
const pdf = (size: number) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

/** How many answers had each HTTP status. */
const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((count, answer) => {
    count[answer.statusCode] = (count[answer.statusCode] ?? 0) + 1;
    return count;
  }, {});

describe('the disk quota under concurrency, with the uploads not registered yet', () => {
  let t: TestApp;
  let admin: TestStaff;
  let column = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: String(QUOTA) } });
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    const token = await login(t.app, admin);
    column = expectOk<{ fid: number }>(
      await postForm(t.app, '/api/resources/addFolder', { fName: '物理', sType: 0 }, { token }),
    ).fid;
  });
  afterAll(() => t?.close());

  /** A teacher of their own, logged in (each test fills a disk of its own). */
  const teacher = async (name: string) => {
    const staff = await createStaff(t.db, { name });
    return { staff, token: await login(t.app, staff) };
  };
  const call = (path: string, fields: Fields, token: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token });
  const usage = async (token: string) => expectOk<Usage>(await call('getMyQuota', {}, token));
  /** Bytes stored as the person's (not an upload: nothing pending). */
  const stored = async (owner: TestStaff, size: number) =>
    (
      await t.services.files.save(
        { fileName: 'a.pdf', mimeType: 'application/pdf', createdBy: owner.id },
        pdf(size),
      )
    ).id;
  const register = (token: string, fileId: number, fields: Fields = {}) =>
    call(
      'addResource',
      { sType: 1, resourcesType: '1', resourcesPath: `/api/files/${fileId}`, ...fields },
      token,
    );
  const tusCreate = (token: string, length: number, sType: string) =>
    t.app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(length),
        'upload-metadata': metadata({ filename: '讲义.pdf', sType }),
        authorization: `Bearer ${token}`,
      },
    });

  it('lets exactly the registrations that fit pass when they come at once', async () => {
    const { staff, token } = await teacher('林老师');
    const files = await Promise.all([1, 2, 3].map(() => stored(staff, 3.5 * MB)));
    const answers = await Promise.all(files.map((fileId) => register(token, fileId)));
    expect(statuses(answers)).toEqual({ 200: 2, 413: 1 });
    expectRefusal(
      answers.find((answer) => answer.statusCode === 413)!,
      413,
      '我的网盘空间不足：剩余 1.00M，需要 3.50M',
    );
    expect(await usage(token)).toEqual({ used: 7 * MB, pending: 0, total: QUOTA });
    const rows = await t.db
      .selectFrom('driveResource')
      .select('id')
      .where('ownerId', '=', staff.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('lets one of two batches pass when together they would not fit', async () => {
    const { staff, token } = await teacher('周老师');
    const files = await Promise.all([1, 2, 3, 4].map(() => stored(staff, 2.5 * MB)));
    const batch = (ids: number[]) =>
      call(
        'batchAddResource',
        {
          sType: 1,
          resourcesType: '1',
          fileAddList: JSON.stringify(
            ids.map((id) => ({ resourcesPath: `/api/files/${id}`, resourcesFname: 'a.pdf' })),
          ),
        },
        token,
      );
    const answers = await Promise.all([batch(files.slice(0, 2)), batch(files.slice(2))]);
    expect(statuses(answers)).toEqual({ 200: 1, 413: 1 });
    expect((await usage(token)).used).toBe(5 * MB);
  });

  it('lets exactly the copies into the disk that fit pass when they come at once', async () => {
    const token = await login(t.app, admin);
    const { resourcesId } = expectOk<{ resourcesId: number }>(
      await register(token, await stored(admin, 3.5 * MB), { sType: 0, fId: column }),
    );
    const copy = () =>
      call(
        'moveResource',
        { resourcesId, moveType: 1, fIdOld: column, fIdNew: 0, sType: 1 },
        token,
      );
    const answers = await Promise.all([copy(), copy(), copy()]);
    expect(statuses(answers)).toEqual({ 200: 2, 413: 1 });
    expect((await usage(token)).used).toBe(7 * MB);
  });

  it('counts resumable uploads for the disk while they arrive: exactly those that fit start', async () => {
    const { token } = await teacher('吴老师');
    const size = 3.5 * MB;
    const answers = await Promise.all([1, 2, 3].map(() => tusCreate(token, size, '1')));
    expect(statuses(answers)).toEqual({ 201: 2, 413: 1 });
    expectRefusal(
      answers.find((answer) => answer.statusCode === 413)!,
      413,
      '我的网盘空间不足：剩余 1.00M，需要 3.50M（其中尚未登记的上传 7.00M）',
    );
    expect(await usage(token)).toEqual({ used: 0, pending: 7 * MB, total: QUOTA });
    const [dropped, sent] = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.headers.location as string);
    // A dropped upload no longer counts.
    const gone = await t.app.inject({
      method: 'DELETE',
      url: dropped!,
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
    });
    expect(gone.statusCode).toBe(204);
    expect((await usage(token)).pending).toBe(size);
    // One whose bytes all arrived counts as an upload not registered, until it is registered.
    const last = await t.app.inject({
      method: 'PATCH',
      url: sent!,
      payload: pdf(size),
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        authorization: `Bearer ${token}`,
      },
    });
    expect(last.statusCode, last.body).toBe(204);
    expect(await usage(token)).toEqual({ used: 0, pending: size, total: QUOTA });
    const fileId = Number(last.headers['x-file-id']);
    expectOk(await register(token, fileId));
    expect(await usage(token)).toEqual({ used: size, pending: 0, total: QUOTA });
    expect(await t.db.selectFrom('driveTusUpload').selectAll().execute()).toEqual([]);
  });

  it('counts uploads not registered yet against the disk, and bounds them for the library too', async () => {
    const { staff, token } = await teacher('郑老师');
    const upload = (bytes: Buffer, query = '') =>
      postFile(
        t.app,
        `/api/resources/upload.do${query}`,
        { name: '教案.pdf', data: bytes },
        { token },
      );
    const first = expectOk<{ fileId: number }>(await upload(pdf(3 * MB)));
    expect(await usage(token)).toEqual({ used: 0, pending: 3 * MB, total: QUOTA });
    // Another file into the disk: the pending upload leaves too little room.
    expectRefusal(
      await register(token, await stored(staff, 6 * MB)),
      413,
      '我的网盘空间不足：剩余 5.00M，需要 6.00M（其中尚未登记的上传 3.00M）',
    );
    // Registering the pending upload itself moves it from pending to used.
    expectOk(await register(token, first.fileId));
    expect(await usage(token)).toEqual({ used: 3 * MB, pending: 0, total: QUOTA });
    // An upload for the disk is refused from its size when the disk cannot hold it.
    expect((await upload(pdf(5.5 * MB), '?sType=1')).statusCode).toBe(413);
    // Uploads meant for the library are not held to the disk, but those not registered are
    // bounded by the same quota (each is kept a day).
    expectOk(await upload(pdf(5 * MB)));
    expect(await usage(token)).toEqual({ used: 3 * MB, pending: 5 * MB, total: QUOTA });
    expect(statuses([await tusCreate(token, 3 * MB, '0')])).toEqual({ 201: 1 });
    expectRefusal(
      await tusCreate(token, 4 * MB, '0'),
      413,
      '尚未登记的上传已有 5.00M，再传 4.00M 将超过个人上限 8.00M，请先登记已上传的文件',
    );
    expect((await upload(pdf(4 * MB))).statusCode).toBe(413);
  });
});
