import type { MailUpload } from '@school/common/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

type Fields = Record<string, string | number>;

/**
 * 从网盘添加: a mail carries a teaching-drive file (api/email/attachStoredFile),
 * and who may read a file both areas use: the mail's people and those who may
 * see the drive file, nobody else.
 */
describe('api/email/attachStoredFile: drive files in mails, and who reads a shared file', () => {
  let t: TestApp;
  const who = {} as Record<'admin' | 'owner' | 'sender' | 'reader' | 'outsider', TestStaff>;
  const token = {} as Record<keyof typeof who, string>;
  let folder = 0;

  beforeAll(async () => {
    t = await createTestApp();
    who.admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    who.owner = await createStaff(t.db, { name: '上传老师' });
    who.sender = await createStaff(t.db, { name: '写信老师' });
    who.reader = await createStaff(t.db, { name: '收信老师' });
    who.outsider = await createStaff(t.db, { name: '旁观老师' });
    for (const key of Object.keys(who) as Array<keyof typeof who>) {
      token[key] = await login(t.app, who[key]);
    }
    folder = expectOk<{ fid: number }>(
      await postForm(
        t.app,
        '/api/resources/addFolder',
        { fName: '语文', sType: 0 },
        { token: token.admin },
      ),
    ).fid;
  });
  afterAll(() => t?.close());

  const post = (path: string, fields: Fields, as: string) =>
    postForm(t.app, `/api/${path}`, fields, { token: as });
  const read = (fileId: number, as: string) =>
    t.app.inject({ url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${as}` } });

  /** A drive file of 上传老师's in the library; private when `isOpen` is '1'. */
  async function driveFile(name: string, isOpen: string) {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.owner.id },
      Buffer.from(`${name} 的内容`, 'utf8'),
    );
    expectOk(
      await post(
        'resources/addResource',
        {
          fId: folder,
          resourcesType: '1',
          resourcesIsOpen: isOpen,
          resourcesName: name,
          resourcesPath: `/api/files/${file.id}`,
        },
        token.owner,
      ),
    );
    return file.id;
  }

  const send = (fileList: unknown, as = token.sender, to = who.reader.id) =>
    post(
      'email/sendEmail',
      {
        idRoleReceiveArr: String(to),
        inmainState: 1,
        inmailTitle: '网盘里的教案',
        inmailContent: '<p>请看附件</p>',
        fileList: JSON.stringify(fileList),
      },
      as,
    );

  it('attaches a drive file the sender may see, under its name, without a copy; the recipient reads it', async () => {
    const fileId = await driveFile('古诗教案.txt', '2');
    // The original pages send optional fields blank: the stored name is taken.
    const taken = expectOk<MailUpload>(
      await post('email/attachStoredFile', { fileId, fileName: '' }, token.sender),
    );
    expect(taken).toEqual({
      fileId,
      fileName: '古诗教案.txt',
      url: `/api/files/${fileId}`,
      src: `/api/files/${fileId}`,
      fileSize: Buffer.byteLength('古诗教案.txt 的内容'),
    });
    const renamed = expectOk<MailUpload>(
      await post('email/attachStoredFile', { fileId, fileName: '第三单元.txt' }, token.sender),
    );
    expect(renamed.fileName).toBe('第三单元.txt');
    expectOk(await send([{ fileId, fileName: '第三单元.txt' }]));

    const inbox = expectOk<{ list: Array<{ inmailId: number; receiveId: number }> }>(
      await post('email/getReceiveList', { pageNum: 1, pageSize: 10 }, token.reader),
    );
    const detail = expectOk<{ fileList: Array<{ fileId: number; fileName: string }> }>(
      await post(
        'email/getEmailDetail',
        { inmailId: inbox.list[0].inmailId, receiveId: inbox.list[0].receiveId },
        token.reader,
      ),
    );
    expect(detail.fileList).toMatchObject([{ fileId, fileName: '第三单元.txt' }]);
    expect((await read(fileId, token.reader)).statusCode).toBe(200);
    // An open drive file stays readable by every colleague, as it was.
    expect((await read(fileId, token.outsider)).statusCode).toBe(200);
  });

  it('refuses a private drive file of another, a file that is gone, and a name not on the list', async () => {
    const secret = await driveFile('私有试卷.txt', '1');
    expectRefusal(
      await post('email/attachStoredFile', { fileId: secret }, token.sender),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    // Nor may it be named in a send directly.
    expectRefusal(
      await send([{ fileId: secret, fileName: '私有试卷.txt' }]),
      403,
      '只能附上自己上传的文件或收到的附件',
    );
    expectRefusal(
      await post('email/attachStoredFile', { fileId: 999999 }, token.sender),
      404,
      '附件不存在，请重新上传',
    );
    const open = await driveFile('课表.txt', '2');
    const refused = await post(
      'email/attachStoredFile',
      { fileId: open, fileName: '课表.exe' },
      token.sender,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('课表.exe');
    expectRefusal(
      await post('email/attachStoredFile', { fileId: 'x' }, token.sender),
      400,
      '请选择文件',
    );
  });

  it('a private drive file mailed by its owner: the recipient and drive admins read it, nobody else', async () => {
    const secret = await driveFile('私有教案.txt', '1');
    expect((await read(secret, token.outsider)).statusCode).toBe(403);
    expectOk(await post('email/attachStoredFile', { fileId: secret }, token.owner));
    expectOk(await send([{ fileId: secret, fileName: '私有教案.txt' }], token.owner));

    expect((await read(secret, token.reader)).statusCode).toBe(200);
    expect((await read(secret, token.owner)).statusCode).toBe(200);
    expect((await read(secret, token.admin)).statusCode).toBe(200);
    expectRefusal(
      await read(secret, token.outsider),
      403,
      '该附件只有邮件的发件人和收件人可以查看',
    );
    expectRefusal(await read(secret, token.sender), 403, '该附件只有邮件的发件人和收件人可以查看');
  });
});
