import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../../test-kit/http.js';

const MB = 1024 * 1024;

/** Bytes that read as a PDF, different each time (no two share a hash). */
const pdf = (size = 4096) => {
  const bytes = randomBytes(size);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  return bytes;
};

interface Upload {
  fileId: number;
  url: string;
}

describe('uploads nobody took up: counted, and swept after a day', () => {
  let t: TestApp;
  let teacher: TestStaff;
  let alice: TestStaff;
  const token = { teacher: '', alice: '' };

  beforeAll(async () => {
    t = await createTestApp();
    teacher = await createStaff(t.db, { name: '林老师' });
    alice = await createStaff(t.db, { name: '收件甲' });
    await relogin();
  });
  afterAll(() => t?.close());

  async function relogin() {
    token.teacher = await login(t.app, teacher);
    token.alice = await login(t.app, alice);
  }
  /** Moves the app's clock on (sessions end meanwhile: logged in again). */
  async function advanceHours(hours: number) {
    t.clock.advanceMinutes(hours * 60);
    await relogin();
  }

  const driveUpload = async (bytes = pdf()) =>
    expectOk<Upload>(
      await postFile(
        t.app,
        '/api/resources/upload.do',
        { name: '讲义.pdf', data: bytes },
        { token: token.teacher },
      ),
    );
  const mailUpload = async (name: string, data: Buffer, kind = '') =>
    expectOk<Upload>(
      await postFile(
        t.app,
        `/api/email/upload${kind ? `?kind=${kind}` : ''}`,
        { name, data },
        { token: token.teacher },
      ),
    );
  const mail = (path: string, fields: Record<string, string | number>) =>
    postForm(t.app, `/api/email/${path}`, fields, { token: token.teacher });
  const read = (fileId: number, who = token.teacher) =>
    t.app.inject({ url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${who}` } });
  /** The file's row and whether its bytes are still stored. */
  const state = async (fileId: number) => {
    const row = await t.db
      .selectFrom('storedFile')
      .select(['storageKey', 'thumbFileId'])
      .where('id', '=', fileId)
      .executeTakeFirst();
    return row ? { row: true, bytes: await t.services.files.storage.has(row.storageKey) } : null;
  };
  const keys = new Map<number, string>();
  /** Remembers where a file's bytes are, to see them gone with the row. */
  const remember = async (...ids: number[]) => {
    for (const id of ids) {
      const row = await t.db
        .selectFrom('storedFile')
        .select('storageKey')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      keys.set(id, row.storageKey);
    }
  };
  const expectGone = async (fileId: number) => {
    expect(await state(fileId), `file ${fileId}`).toBeNull();
    expect(await t.services.files.storage.has(keys.get(fileId)!), `bytes of ${fileId}`).toBe(false);
  };
  const expectKept = async (fileId: number) => {
    expect(await state(fileId), `file ${fileId}`).toEqual({ row: true, bytes: true });
    expect((await read(fileId)).statusCode, `file ${fileId}`).toBe(200);
  };
  const quota = async () =>
    expectOk<{ used: number; pending: number; total: number }>(
      await postForm(t.app, '/api/resources/getMyQuota', {}, { token: token.teacher }),
    );
  const sweep = () => t.services.uploadSweep.run();
  const picture = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#3080c0' } })
      .png()
      .toBuffer();

  it('removes a day-old upload nobody took up, row and bytes; keeps the registered, the sent, the drafted and the fresh', async () => {
    const unregistered = await driveUpload();
    const registered = await driveUpload();
    expectOk(
      await postForm(
        t.app,
        '/api/resources/addResource',
        { sType: 1, resourcesType: '1', resourcesPath: registered.url },
        { token: token.teacher },
      ),
    );
    const sent = await mailUpload('已发送.txt', Buffer.from('发出去的附件', 'utf8'));
    expectOk(
      await mail('sendEmail', {
        idRoleReceiveArr: String(alice.id),
        inmainState: 1,
        inmailTitle: '通知',
        inmailContent: '<p>见附件</p>',
        fileList: JSON.stringify([{ fileId: sent.fileId }]),
      }),
    );
    const drafted = await mailUpload('草稿里的.txt', Buffer.from('草稿的附件', 'utf8'));
    const drivedInDraft = await driveUpload();
    const pictured = await mailUpload('正文.png', await picture(), 'image');
    const { draftId } = expectOk<{ draftId: number }>(
      await mail('saveDraft', {
        inmailTitle: '还没写完',
        inmailContent: `<p>图：<img src="/api/files/${pictured.fileId}"></p>`,
        fileList: JSON.stringify([{ fileId: drafted.fileId }, { fileId: drivedInDraft.fileId }]),
      }),
    );
    const forgotten = await mailUpload('没发的.txt', Buffer.from('没有发出的附件', 'utf8'));
    const forgottenPicture = await mailUpload('没用的.png', await picture(), 'image');
    const thumb = (await t.db
      .selectFrom('storedFile')
      .select('thumbFileId')
      .where('id', '=', forgottenPicture.fileId)
      .executeTakeFirstOrThrow())!.thumbFileId!;
    await remember(unregistered.fileId, forgotten.fileId, forgottenPicture.fileId, thumb);
    const pendingBefore = (await quota()).pending;
    expect(pendingBefore).toBe(8192); // the unregistered upload and the one in the draft

    // At once nothing goes; nor after 23 hours.
    expect(await sweep()).toEqual({ holds: 0, files: 0 });
    await advanceHours(23);
    expect(await sweep()).toEqual({ holds: 0, files: 0 });
    await advanceHours(2);
    const fresh = await driveUpload();

    // Three holds (the drive upload, the attachment and the picture), four files with the
    // picture's thumbnail.
    expect(await sweep()).toEqual({ holds: 3, files: 4 });
    for (const id of [unregistered.fileId, forgotten.fileId, forgottenPicture.fileId, thumb]) {
      await expectGone(id);
    }
    expectRefusal(await read(unregistered.fileId), 404, '文件不存在');
    for (const id of [
      registered.fileId,
      sent.fileId,
      drafted.fileId,
      drivedInDraft.fileId,
      pictured.fileId,
      fresh.fileId,
    ]) {
      await expectKept(id);
    }
    expect((await read(sent.fileId, token.alice)).statusCode).toBe(200);
    // The draft still opens with its attachments.
    const draft = expectOk<{ fileList: Array<{ fileId: number }> }>(
      await mail('getDraft', { draftId }),
    );
    expect(draft.fileList.map((file) => file.fileId)).toEqual([
      drafted.fileId,
      drivedInDraft.fileId,
    ]);
    expect((await quota()).pending).toBe(8192); // the one in the draft and the fresh one

    // Once the draft is gone, what it held goes at the next sweep (a day has long passed).
    expectOk(await mail('delDraft', { draftIdArr: String(draftId) }));
    await remember(drafted.fileId, drivedInDraft.fileId, pictured.fileId);
    expect(await sweep()).toMatchObject({ holds: 3 });
    for (const id of [drafted.fileId, drivedInDraft.fileId, pictured.fileId]) await expectGone(id);
    await expectKept(fresh.fileId);
    await expectKept(registered.fileId);
    await expectKept(sent.fileId);
  });

  it('gives the same bytes uploaded again a new day, and a hold without its time a full day', async () => {
    const bytes = pdf();
    const again = await driveUpload(bytes);
    const legacy = await driveUpload();
    await remember(again.fileId, legacy.fileId);
    // Written before migration 0018, or by a writer that does not set the time.
    await t.db
      .updateTable('fileUse')
      .set({ createdAt: null })
      .where('fileId', '=', legacy.fileId)
      .execute();
    await advanceHours(23);
    expect((await driveUpload(bytes)).fileId).toBe(again.fileId); // the same bytes: the same file
    await sweep(); // stamps the hold without its time
    await advanceHours(2);
    await sweep();
    await expectKept(again.fileId);
    await expectKept(legacy.fileId);
    await advanceHours(23);
    await sweep();
    await expectGone(again.fileId);
    await expectGone(legacy.fileId);
  });

  it('stops counting a resumable upload for the disk that never finished once a day has passed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources/tus/',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(3 * MB),
        'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')},sType ${Buffer.from('1').toString('base64')}`,
        authorization: `Bearer ${token.teacher}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = (await quota()).pending;
    await advanceHours(23);
    await sweep();
    expect((await quota()).pending).toBe(before);
    await advanceHours(2);
    await sweep();
    expect((await quota()).pending).toBe(before - 3 * MB);
  });

  it('never removes a file something else uses, whatever its holds', async () => {
    // A drive upload whose bytes a news item also shows (recorded as its body's file).
    const shared = await driveUpload();
    await t.db
      .insertInto('fileUse')
      .values({ fileId: shared.fileId, infoTable: 'T_NEWS', objId: 1 })
      .execute();
    // And one another file names as its thumbnail.
    const asThumb = await driveUpload();
    await t.db
      .updateTable('storedFile')
      .set({ thumbFileId: asThumb.fileId })
      .where('id', '=', shared.fileId)
      .execute();
    // And one a column points at (a foreign key to stored_file, as every file column has).
    const photo = await driveUpload();
    await t.db
      .updateTable('staff')
      .set({ photoFileId: photo.fileId })
      .where('id', '=', alice.id)
      .execute();
    await advanceHours(25);
    await sweep();
    for (const id of [shared.fileId, asThumb.fileId, photo.fileId]) {
      expect(await state(id)).toEqual({ row: true, bytes: true });
    }
    const holds = await t.db
      .selectFrom('fileUse')
      .select('infoTable')
      .where('fileId', 'in', [shared.fileId, asThumb.fileId, photo.fileId])
      .execute();
    expect(holds).toEqual([{ infoTable: 'T_NEWS' }]);
  });
});
