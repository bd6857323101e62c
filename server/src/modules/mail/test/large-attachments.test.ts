import type { MailDetail, MailLargeFile } from '@school/common/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

type Fields = Record<string, string | number>;

const TUS = '/api/resources/tus/';
const MB = 1024 * 1024;
const DAY_MINUTES = 24 * 60;

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

/**
 * 超大附件: a file over the mail's limit goes to the sender's disk (tus, sType 1, folder
 * 超大附件) and the mail links to it until it expires; the link is read through the one file
 * read rule (sender and recipients only), and says 已过期 / 已被发件人删除 afterwards.
 */
describe('超大附件: mails that link to a file in the sender’s drive', () => {
  let t: TestApp;
  const who = {} as Record<'sender' | 'reader' | 'other' | 'admin', TestStaff>;
  const token = {} as Record<keyof typeof who, string>;

  beforeAll(async () => {
    // A small disk, so the quota refusal needs no large upload.
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: String(2 * MB) } });
    who.sender = await createStaff(t.db, { name: '发件老师' });
    who.reader = await createStaff(t.db, { name: '收件老师' });
    who.other = await createStaff(t.db, { name: '旁人老师' });
    who.admin = await createStaff(t.db, { name: '系统管理员', staffType: 5, isAdmin: '1' });
    await logInAll();
  });
  afterAll(() => t?.close());

  async function logInAll() {
    for (const key of Object.keys(who) as Array<keyof typeof who>) {
      token[key] = await login(t.app, who[key]);
    }
  }

  /** Moves the app's clock on; the sessions of before have ended by then. */
  async function advance(minutes: number) {
    t.clock.advanceMinutes(minutes);
    await logInAll();
  }

  const post = (path: string, fields: Fields, as?: string) =>
    postForm(t.app, `/api/${path}`, fields, as ? { token: as } : {});

  /** A resumable upload into the sender's disk (sType 1), in one PATCH; answers its address. */
  async function tusUpload(as: string, fileName: string, bytes: Buffer) {
    const created = await t.app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': metadata({ filename: fileName, sType: '1' }),
        authorization: `Bearer ${as}`,
      },
    });
    if (created.statusCode !== 201) return { refusal: created, url: '' };
    const done = await t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      payload: bytes,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        authorization: `Bearer ${as}`,
      },
    });
    expect(done.statusCode, done.body).toBe(204);
    return { refusal: undefined, url: done.headers['x-file-url'] as string };
  }

  /** A file kept as 超大附件 in the sender's disk: its drive id. */
  async function largeFile(fileName = '期末复习视频.txt', as = token.sender) {
    const { url } = await tusUpload(as, fileName, Buffer.from(`${fileName} 的内容`, 'utf8'));
    return expectOk<{ resourcesId: number; fId: number; fileName: string; fileSize: number }>(
      await post('resources/saveLargeAttachment', { resourcesPath: url }, as),
    );
  }

  const send = (large: unknown, fields: Fields = {}, as = token.sender) =>
    post(
      'email/sendEmail',
      {
        idRoleReceiveArr: String(who.reader.id),
        inmainState: 1,
        inmailTitle: '复习资料',
        inmailContent: '<p>视频见超大附件</p>',
        fileList: '',
        largeFileList: typeof large === 'string' ? large : JSON.stringify(large),
        ...fields,
      },
      as,
    );

  const detail = async (inmailId: number, as = token.reader) =>
    expectOk<MailDetail>(await post('email/getEmailDetail', { inmailId }, as));

  const download = (path: string, as?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ url: path, headers: as ? { authorization: `Bearer ${as}` } : {} });

  const resourceGone = async (resourcesId: number) =>
    !(await t.db
      .selectFrom('driveResource')
      .select('id')
      .where('id', '=', resourcesId)
      .executeTakeFirst());

  it('keeps the file in the sender’s folder 超大附件 and links it for the recipients only', async () => {
    const first = await largeFile();
    const second = await largeFile('第二段视频.txt');
    // One folder, made when first needed, at the top of the disk.
    expect(second.fId).toBe(first.fId);
    const folder = await t.db
      .selectFrom('driveFolder')
      .select(['name', 'ownerId', 'parentId'])
      .where('id', '=', first.fId)
      .executeTakeFirstOrThrow();
    expect(folder).toEqual({ name: '超大附件', ownerId: who.sender.id, parentId: null });

    const { inmailId } = expectOk<{ inmailId: number }>(
      await send([
        { resourcesId: first.resourcesId, fileName: first.fileName },
        { resourcesId: second.resourcesId, fileName: second.fileName },
      ]),
    );
    const seen = await detail(inmailId);
    expect(seen.fileCount).toBe(2);
    expect(seen.fileList).toEqual([]);
    const [entry] = seen.largeFileList!;
    expect(entry).toMatchObject({
      fileName: '期末复习视频.txt',
      fileSize: first.fileSize,
      // Sent 2026-03-02 16:00 in Beijing; 30 days by default.
      expireDate: '2026-04-01 16:00:00',
      state: 'ok',
    });
    expect(entry!.filePath).toBe(`/api/email/largeFile/${entry!.largeId}`);

    const got = await download(entry!.filePath, token.reader);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('期末复习视频.txt 的内容');
    expect(got.headers['content-disposition']).toContain('attachment');
    expect((await download(entry!.filePath, token.sender)).statusCode).toBe(200);

    // Another teacher who knows the link, or the stored file's id, is refused.
    expectRefusal(
      await download(entry!.filePath, token.other),
      403,
      '该超大附件只有邮件的发件人和收件人可以下载',
    );
    const fileId = (await t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', 'T_DRIVE')
      .where('objId', '=', first.resourcesId)
      .executeTakeFirstOrThrow())!.fileId;
    expect((await download(`/api/files/${fileId}`, token.other)).statusCode).toBe(403);
    expect((await download(`/api/files/${fileId}`, token.reader)).statusCode).toBe(200);
    // A visitor without login.
    expect((await download(entry!.filePath)).statusCode).toBe(401);
    expect((await download(`/api/files/${fileId}`)).statusCode).toBe(401);
    expectRefusal(
      await download('/api/email/largeFile/999999', token.reader),
      404,
      '超大附件不存在或已删除',
    );
  });

  it('answers 超大附件已被发件人删除 once the sender deletes the drive file', async () => {
    const file = await largeFile('要删除的视频.txt');
    const { inmailId } = expectOk<{ inmailId: number }>(
      await send([{ resourcesId: file.resourcesId, fileName: file.fileName }]),
    );
    const [entry] = (await detail(inmailId)).largeFileList!;
    const kept = JSON.stringify([{ resourcesId: file.resourcesId, fileName: file.fileName }]);
    const { draftId } = expectOk<{ draftId: number }>(
      await post('email/saveDraft', { inmailTitle: '还没写完', largeFileList: kept }, token.sender),
    );
    expectOk(await post('resources/delResource', { resourcesId: file.resourcesId }, token.sender));
    // A draft keeps it, saying 已删除 (saving again still works); a send refuses it.
    expectOk(
      await post(
        'email/saveDraft',
        { draftId, inmailTitle: '还没写完', largeFileList: kept },
        token.sender,
      ),
    );
    const draft = expectOk<{ largeFileList: MailLargeFile[] }>(
      await post('email/getDraft', { draftId }, token.sender),
    );
    expect(draft.largeFileList).toMatchObject([{ state: 'deleted', fileName: file.fileName }]);
    expectRefusal(await send(kept), 400, `超大附件不存在或已删除（编号 ${file.resourcesId}）`);
    expectRefusal(await download(entry!.filePath, token.reader), 410, '超大附件已被发件人删除');
    const [after] = (await detail(inmailId)).largeFileList!;
    expect(after).toMatchObject({ state: 'deleted', filePath: '' });
    // The mail itself still opens for both.
    expect((await detail(inmailId, token.sender)).largeFileList).toHaveLength(1);
  });

  it('refuses an upload into a full disk with a Chinese message', async () => {
    const { refusal } = await tusUpload(token.sender, '太大的视频.mp4', Buffer.alloc(3 * MB));
    expectRefusal(refusal!, 413, '我的网盘空间不足：剩余 2.00M，需要 3.00M');
  });

  it('checks the writer may read the drive file, and refuses bad lists with 4xx', async () => {
    const file = await largeFile('私人的视频.txt');
    // Another teacher naming the sender's private disk file.
    expectRefusal(
      await send([{ resourcesId: file.resourcesId, fileName: file.fileName }], {}, token.other),
      403,
      '不能使用无权查看的文件',
    );
    expectRefusal(await send('not json'), 400, '超大附件列表格式不正确');
    expectRefusal(await send({ resourcesId: 1 }), 400, '超大附件列表格式不正确');
    expectRefusal(await send([{ resourcesId: 'x' }]), 400, '超大附件列表格式不正确');
    expectRefusal(await send([{ fileName: 'a.txt' }]), 400, '超大附件列表格式不正确');
    expectRefusal(await send([{ resourcesId: file.resourcesId }]), 400, '请填写超大附件的文件名');
    expectRefusal(
      await send([{ resourcesId: 999999, fileName: 'a.txt' }]),
      400,
      '超大附件不存在或已删除（编号 999999）',
    );
    expectRefusal(
      await send([{ resourcesId: file.resourcesId, fileName: '病毒.exe' }]),
      400,
      '不符合格式文件：病毒.exe',
    );
    expectRefusal(
      await post('resources/saveLargeAttachment', { resourcesPath: 'nothing' }, token.sender),
      400,
      '请选择文件',
    );
    expect((await download('/api/email/largeFile/abc', token.reader)).statusCode).toBe(400);
    // Empty optional fields mean "not given", as the spec's clients send them.
    expectOk(await send(''));
  });

  it('keeps 超大附件 in drafts and sends them with a scheduled mail', async () => {
    const file = await largeFile('草稿里的视频.txt');
    const { draftId } = expectOk<{ draftId: number }>(
      await post(
        'email/saveDraft',
        {
          idRoleReceiveArr: String(who.reader.id),
          inmailTitle: '定时的复习资料',
          largeFileList: JSON.stringify([
            { resourcesId: file.resourcesId, fileName: file.fileName },
          ]),
        },
        token.sender,
      ),
    );
    const draft = expectOk<{ largeFileList: MailLargeFile[]; fileList: unknown[] }>(
      await post('email/getDraft', { draftId }, token.sender),
    );
    expect(draft.largeFileList).toEqual([
      {
        largeId: null,
        resourcesId: file.resourcesId,
        fileName: '草稿里的视频.txt',
        fileSize: file.fileSize,
        expireDate: '',
        state: 'ok',
        filePath: '',
      },
    ]);
    expectOk(
      await post(
        'email/scheduleEmail',
        {
          draftId,
          idRoleReceiveArr: String(who.reader.id),
          inmailTitle: '定时的复习资料',
          inmailContent: '',
          largeFileList: JSON.stringify([
            { resourcesId: file.resourcesId, fileName: file.fileName },
          ]),
          sendTime: '2026-03-02 17:00',
        },
        token.sender,
      ),
    );
    await advance(61);
    {
      // Sent now, unless the recurring job took it while the test logged in again.
      await t.services.scheduledMail.sendDue();
      const left = await t.db
        .selectFrom('mailDraft')
        .select('id')
        .where('id', '=', draftId)
        .executeTakeFirst();
      expect(left).toBeUndefined();
      const mail = await t.db
        .selectFrom('mail')
        .select('id')
        .where('title', '=', '定时的复习资料')
        .executeTakeFirstOrThrow();
      const [entry] = (await detail(mail.id)).largeFileList!;
      // Counted from when it went.
      expect(entry).toMatchObject({ state: 'ok', expireDate: '2026-04-01 17:01:00' });
      expect((await download(entry!.filePath, token.reader)).statusCode).toBe(200);
    }
  });

  it('forwards 超大附件 with their expiry, only from a mail one holds', async () => {
    const file = await largeFile('转发的视频.txt');
    const { inmailId } = expectOk<{ inmailId: number }>(
      await send([{ resourcesId: file.resourcesId, fileName: file.fileName }]),
    );
    const [entry] = (await detail(inmailId)).largeFileList!;
    // Someone who does not hold the mail cannot forward its link.
    expectRefusal(
      await send(
        [{ largeId: entry!.largeId }],
        { idRoleReceiveArr: String(who.other.id) },
        token.other,
      ),
      403,
      '只能转发自己收发的邮件中的超大附件',
    );
    await advance(DAY_MINUTES);
    {
      const forward = expectOk<{ inmailId: number }>(
        await send(
          [{ largeId: entry!.largeId }],
          { idRoleReceiveArr: String(who.other.id), inmailTitle: '转发：复习资料' },
          token.reader,
        ),
      );
      const [forwarded] = (await detail(forward.inmailId, token.other)).largeFileList!;
      expect(forwarded).toMatchObject({ state: 'ok', expireDate: entry!.expireDate });
      const got = await download(forwarded!.filePath, token.other);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe('转发的视频.txt 的内容');
    }
  });

  it('keeps the spec’s send without large attachments as before', async () => {
    const { inmailId } = expectOk<{ inmailId: number }>(
      await post(
        'email/sendEmail',
        {
          idRoleReceiveArr: String(who.reader.id),
          idRoleSend: who.sender.id,
          inmainState: 1,
          inmailTitle: '普通邮件',
          inmailContent: '<p>你好</p>',
        },
        token.sender,
      ),
    );
    const seen = await detail(inmailId);
    expect(seen.largeFileList).toEqual([]);
    expect(seen.fileCount).toBe(0);
  });

  it('answers 超大附件已过期 after the expiry, and the drive file stays the sender’s', async () => {
    const file = await largeFile('过期的视频.txt');
    const { inmailId } = expectOk<{ inmailId: number }>(
      await send([{ resourcesId: file.resourcesId, fileName: '改名的视频.txt' }]),
    );
    const [entry] = (await detail(inmailId)).largeFileList!;
    expect(entry!.fileName).toBe('改名的视频.txt');
    await advance(30 * DAY_MINUTES + 1);
    {
      expectRefusal(await download(entry!.filePath, token.reader), 410, '超大附件已过期');
      expectRefusal(await download(entry!.filePath, token.sender), 410, '超大附件已过期');
      // Others are still refused as before, without hearing about the expiry.
      expect((await download(entry!.filePath, token.other)).statusCode).toBe(403);
      const [after] = (await detail(inmailId)).largeFileList!;
      expect(after).toMatchObject({ state: 'expired', filePath: '', fileName: '改名的视频.txt' });
      expect(await resourceGone(file.resourcesId)).toBe(false);
    }
  });
});
