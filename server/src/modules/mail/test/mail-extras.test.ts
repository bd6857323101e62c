import type { MailUpload } from '@school/common/api';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDepartment } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, postFile, postForm } from '../../../test-kit/http.js';
import { useMailWorld, type Detail, type Page } from '../../../test-kit/mail.js';

interface ContactStaff {
  contactId: number;
  staffId: number;
  staffName: string;
  deptName: string | null;
}
interface Contacts {
  frequentcontactsStaffList: ContactStaff[];
  frequentContactsList: Array<{
    frequentcontactsId: number;
    contactsNote: string;
    frequentcontactsStaffList: ContactStaff[];
  }>;
}
interface DraftItem {
  draftId: number;
  inmailTitle: string;
  receiveName: string;
  fileCount: number;
}
interface DraftDetail {
  draftId: number;
  inmailTitle: string;
  inmailContent: string;
  staffInfoList: Array<{ staffId: number; staffName: string }>;
  fileList: Array<{ fileId: number; fileName: string }>;
}

const DOCX_LIKE = Buffer.concat([
  // A zip container's local file header: what file-type reads a .docx's first bytes as.
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.alloc(200, 1),
]);

describe('api/email: uploads, frequent contacts and groups, drafts', () => {
  const { w, call, ok, send, upload: storeFile, files } = useMailWorld();

  const upload = (name: string, data: Buffer, who = w.token.sender, kind = '') =>
    postFile(
      w.t.app,
      `/api/email/upload${kind ? `?kind=${kind}` : ''}`,
      { name, data },
      { token: who },
    );
  const read = (url: string, who?: string) =>
    w.t.app.inject({ url, headers: who ? { authorization: `Bearer ${who}` } : {} });

  it('uploads an attachment, streamed and checked by its bytes; it is its uploader’s until sent', async () => {
    const text = Buffer.from('期中考试安排：周三上午。\n', 'utf8');
    const data = expectOk<MailUpload>(await upload('考试 安排.txt', text));
    expect(data).toMatchObject({
      fileName: '考试 安排.txt',
      url: `/api/files/${data.fileId}`,
      src: `/api/files/${data.fileId}`,
      fileSize: text.length,
    });
    expect((await read(data.url, w.token.sender)).body).toBe(text.toString('utf8'));
    // Nobody else reads an upload before a mail carries it to them, nor the public.
    expectRefusal(
      await read(data.url, w.token.alice),
      403,
      '该附件只有邮件的发件人和收件人可以查看',
    );
    expect((await read(data.url)).statusCode).toBe(401);

    // Sent as the original pages send the upload's answer: fileName and filePath.
    const { inmailId } = await send({
      idRoleReceiveArr: String(w.alice.id),
      fileList: JSON.stringify([{ fileName: data.fileName, filePath: data.url }]),
    });
    const download = await read(`/api/news/uploadnewfile.do?FILE_ID=${data.fileId}`, w.token.alice);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="?? ??.txt"; filename*=UTF-8''%E8%80%83%E8%AF%95%20%E5%AE%89%E6%8E%92.txt`,
    );
    expectRefusal(await read(data.url, w.token.bob), 403, '该附件只有邮件的发件人和收件人可以查看');
    const detail = await ok<Detail>('getEmailDetail', { inmailId }, w.token.alice);
    expect(detail.fileList.map((file) => file.fileName)).toEqual(['考试 安排.txt']);
  });

  it('refuses what is not on the list, bytes that are not what the name says, and nothing', async () => {
    expectRefusal(await upload('run.exe', Buffer.from('MZ\x90\x00')), 400, '上传文件格式不正确!');
    expectRefusal(await upload('page.html', Buffer.from('<html>')), 400, '上传文件格式不正确!');
    // A program named as a document.
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]);
    expectRefusal(await upload('教案.docx', elf), 400, '文件内容与扩展名不符');
    // An extension without a signature (PCX) still may not hold a file of another known type.
    expectRefusal(await upload('图.pcx', DOCX_LIKE), 400, '文件内容与扩展名不符');
    expectOk(await upload('图.pcx', Buffer.from([0x0a, 5, 1, 8, 0, 0, 0, 0, 9, 0])));
    expectOk(await upload('教案.docx', DOCX_LIKE));
    expectRefusal(await upload('空.txt', Buffer.alloc(0)), 400, '文件内容为空');
    expectRefusal(
      await postForm(w.t.app, '/api/email/upload', { file: 'x' }, { token: w.token.sender }),
      400,
      '请选择要上传的文件',
    );
    expect(
      (await postFile(w.t.app, '/api/email/upload', { name: 'a.txt', data: Buffer.from('a') }))
        .statusCode,
    ).toBe(401);
    expectRefusal(
      await upload('a.txt', Buffer.from('a'), w.token.sender, 'video'),
      400,
      '上传类型不正确',
    );
    const stored = await w.t.db
      .selectFrom('storedFile')
      .select('fileName')
      .where('fileName', 'in', ['run.exe', 'page.html', '空.txt'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an attachment past 100 MB with 413 and keeps nothing', async () => {
    const before = await w.t.db.selectFrom('storedFile').select('id').execute();
    const big = Buffer.alloc(100 * 1024 * 1024 + 1, 0x61);
    expectRefusal(await upload('大文件.txt', big), 413, '文件过大，最大 100 MB');
    const after = await w.t.db.selectFrom('storedFile').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('takes the editor’s pictures (data.src); the mail’s readers see them, nobody else', async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    const picture = expectOk<MailUpload>(await upload('板书.png', png, w.token.sender, 'image'));
    expect(picture.src).toBe(`/api/files/${picture.fileId}`);
    expectRefusal(
      await upload('不是图.png', Buffer.from('text'), w.token.sender, 'image'),
      400,
      '请上传 JPG、PNG、GIF 或 WebP 格式的图片',
    );
    await send({
      idRoleReceiveArr: String(w.bob.id),
      inmailContent: `<p>见图</p><p><img src="${picture.src}"></p>`,
    });
    expect((await read(picture.src, w.token.bob)).statusCode).toBe(200);
    expect((await read(picture.src, w.token.outsider)).statusCode).toBe(403);
    // Another's upload put in a body is not carried by the mail.
    const foreign = expectOk<MailUpload>(
      await upload('别人的图.png', png, w.token.outsider, 'image'),
    );
    await send({
      idRoleReceiveArr: String(w.bob.id),
      inmailContent: `<p><img src="${foreign.src}"></p>`,
    });
    expect((await read(foreign.src, w.token.bob)).statusCode).toBe(403);
  });

  it('offers the department tree four levels deep', async () => {
    type Branch = { deptName: string; children: Branch[] };
    let parentId = (
      await w.t.db
        .selectFrom('department')
        .select('id')
        .where('name', '=', '数学备课组')
        .executeTakeFirstOrThrow()
    ).id;
    for (const name of ['三级组', '四级组', '五级组']) {
      parentId = await createDepartment(w.t.db, { name, parentId });
    }
    const tree = await ok<Branch[]>('getDeptTree', { userId: '' }, w.token.alice);
    const path: string[] = [];
    for (let level = tree.find((d) => d.deptName === '数学组'); level; level = level.children[0]) {
      path.push(level.deptName);
    }
    expect(path).toEqual(['数学组', '数学备课组', '三级组', '四级组']);
  });

  it('keeps single frequent contacts (shared with the address book) and groups with a note', async () => {
    const contacts = () => ok<Contacts>('getContacts', { staffId: w.sender.id }, w.token.sender);
    expect(await contacts()).toEqual({ frequentcontactsStaffList: [], frequentContactsList: [] });

    const added = await call(
      'addContacts',
      {
        staffId: w.sender.id,
        contactsType: 1,
        contactsNote: '',
        idRoleArr: `${w.alice.id},${w.bob.id}`,
      },
      w.token.sender,
    );
    expect(added.json()).toMatchObject({ status: 0, msg: '新增成功' });
    const group = await call(
      'addContacts',
      {
        staffId: w.sender.id,
        contactsType: 2,
        contactsNote: ' 数学教研 ',
        idRoleArr: `${w.bob.id},${w.alice.id},${w.outsider.id}`,
      },
      w.token.sender,
    );
    expect(group.json()).toMatchObject({ status: 0, msg: '新增成功' });
    const list = await contacts();
    expect(
      list.frequentcontactsStaffList.map((row) => [row.contactId, row.staffName, row.deptName]),
    ).toEqual([
      [w.alice.id, '收件甲', '数学组'],
      [w.bob.id, '收件乙', '数学备课组'],
    ]);
    expect(list.frequentContactsList).toHaveLength(1);
    const [math] = list.frequentContactsList;
    expect(math!.contactsNote).toBe('数学教研');
    expect(math!.frequentcontactsStaffList.map((row) => row.staffName)).toEqual([
      '收件乙',
      '收件甲',
      '旁人丙',
    ]);
    // The address book shows the same single contacts.
    const book = await postForm(
      w.t.app,
      '/api/contacts/getContactsList',
      {},
      { token: w.token.sender },
    );
    expect(expectOk<Array<{ teaId: number }>>(book).map((row) => row.teaId)).toEqual([
      w.alice.id,
      w.bob.id,
    ]);
    // Another person sees none of them.
    expect(await ok<Contacts>('getContacts', {}, w.token.alice)).toEqual({
      frequentcontactsStaffList: [],
      frequentContactsList: [],
    });

    const refuse = async (
      fields: Record<string, string | number>,
      code: number,
      msg: string,
      who = w.token.sender,
    ) => expectRefusal(await call('addContacts', fields, who), code, msg);
    await refuse(
      { contactsType: 2, contactsNote: '', idRoleArr: String(w.alice.id) },
      400,
      '请填写分组备注',
    );
    await refuse(
      { contactsType: 2, contactsNote: '   ', idRoleArr: String(w.alice.id) },
      400,
      '请填写分组备注',
    );
    await refuse(
      { contactsType: 2, contactsNote: '组'.repeat(31), idRoleArr: String(w.alice.id) },
      400,
      '分组备注不能超过30个字',
    );
    await refuse(
      { contactsType: 2, contactsNote: '退休', idRoleArr: String(w.retired.id) },
      400,
      '联系人不存在或已停用',
    );
    await refuse(
      { contactsType: 3, idRoleArr: String(w.alice.id) },
      400,
      'contactsType 须为 1（单人）或 2（分组）',
    );
    await refuse({ contactsType: 1, idRoleArr: '' }, 400, '请选择联系人');
    await refuse(
      { contactsType: 1, idRoleArr: String(w.sender.id) },
      400,
      '不能把自己添加为常用联系人',
    );
    await refuse(
      { staffId: w.alice.id, contactsType: 1, idRoleArr: String(w.bob.id) },
      403,
      '只能以自己的身份操作',
    );

    // Removing: another's group is refused and kept; one's own go.
    const del = (fields: Record<string, string>, who = w.token.sender) =>
      call('delContacts', fields, who);
    expectRefusal(
      await del({ frequentcontactsIdArr: String(math!.frequentcontactsId) }, w.token.alice),
      403,
      '只能移除自己的分组',
    );
    expectRefusal(await del({ frequentcontactsIdArr: '999999' }), 404, '分组不存在或已移除');
    expectRefusal(
      await del({ contactIdArr: '', frequentcontactsIdArr: '' }),
      400,
      '请选择要移除的联系人',
    );
    expect((await del({ contactIdArr: String(w.alice.id) })).json()).toMatchObject({
      status: 0,
      msg: '移除成功',
    });
    expect(
      (await del({ frequentcontactsIdArr: String(math!.frequentcontactsId) })).json(),
    ).toMatchObject({
      status: 0,
      msg: '移除成功',
    });
    const left = await contacts();
    expect(left.frequentcontactsStaffList.map((row) => row.staffId)).toEqual([w.bob.id]);
    expect(left.frequentContactsList).toEqual([]);
    const members = await w.t.db.selectFrom('contactGroupMember').select('groupId').execute();
    expect(members).toEqual([]);
  });

  it('saves drafts while writing, reopens them, and drops one once it is sent', async () => {
    const fileId = await storeFile(w.sender, '草稿附件.docx');
    const first = await ok<{ draftId: number }>(
      'saveDraft',
      {
        draftId: '',
        idRoleReceiveArr: '',
        inmailTitle: '',
        inmailContent: '<p>开头</p>',
        fileList: '',
      },
      w.token.sender,
    );
    const saved = await call(
      'saveDraft',
      {
        draftId: first.draftId,
        idRoleReceiveArr: `${w.bob.id},${w.alice.id}`,
        inmailTitle: '家长会通知',
        inmailContent: '<p>开头，<script>x()</script>接着写</p>',
        fileList: files({ fileId }),
      },
      w.token.sender,
    );
    expect(saved.json()).toMatchObject({
      status: 0,
      msg: '草稿已保存',
      data: { draftId: first.draftId },
    });
    const list = await ok<Page<DraftItem>>(
      'getDraftList',
      { pageNum: 1, pageSize: 10, keyword: '' },
      w.token.sender,
    );
    expect(list.list.find((item) => item.draftId === first.draftId)).toMatchObject({
      inmailTitle: '家长会通知',
      receiveName: '收件乙、收件甲',
      fileCount: 1,
    });
    expect(
      (await ok<Page<DraftItem>>('getDraftList', { keyword: '接着写' }, w.token.sender)).total,
    ).toBe(1);
    expect((await ok<Page<DraftItem>>('getDraftList', {}, w.token.alice)).total).toBe(0);
    const detail = await ok<DraftDetail>('getDraft', { draftId: first.draftId }, w.token.sender);
    expect(detail).toMatchObject({
      inmailTitle: '家长会通知',
      inmailContent: '<p>开头，接着写</p>',
    });
    expect(detail.staffInfoList.map((row) => row.staffName)).toEqual(['收件乙', '收件甲']);
    expect(detail.fileList).toEqual([
      expect.objectContaining({ fileId, fileName: '草稿附件.docx' }),
    ]);

    // Another person can neither read, overwrite nor delete it.
    expectRefusal(
      await call('getDraft', { draftId: first.draftId }, w.token.alice),
      403,
      '只能操作自己的草稿',
    );
    expectRefusal(
      await call('saveDraft', { draftId: first.draftId, inmailTitle: '改了' }, w.token.alice),
      403,
      '只能操作自己的草稿',
    );
    expectRefusal(
      await call('delDraft', { draftIdArr: String(first.draftId) }, w.token.alice),
      403,
      '只能操作自己的草稿',
    );
    // A draft may not carry someone else's file.
    const foreign = await storeFile(w.outsider, '别人的.docx');
    expectRefusal(
      await call('saveDraft', { fileList: files({ fileId: foreign }) }, w.token.sender),
      403,
      '只能附上自己上传的文件或收到的附件',
    );
    expectRefusal(
      await call('getDraft', { draftId: 999999 }, w.token.sender),
      404,
      '草稿不存在或已删除',
    );

    // Sent: the mail is there and the draft is gone.
    const { inmailId } = await send({
      idRoleReceiveArr: `${w.bob.id},${w.alice.id}`,
      inmailTitle: detail.inmailTitle,
      inmailContent: detail.inmailContent,
      fileList: files({ fileId }),
      draftId: first.draftId,
    });
    expect(inmailId).toBeGreaterThan(0);
    expectRefusal(
      await call('getDraft', { draftId: first.draftId }, w.token.sender),
      404,
      '草稿不存在或已删除',
    );

    // A failed send keeps the draft.
    const second = await ok<{ draftId: number }>(
      'saveDraft',
      { inmailTitle: '未发出' },
      w.token.sender,
    );
    expectRefusal(
      await call(
        'sendEmail',
        { idRoleReceiveArr: String(w.retired.id), inmailTitle: '未发出', draftId: second.draftId },
        w.token.sender,
      ),
      400,
      `收件人不存在或已停用（编号 ${w.retired.id}）`,
    );
    expect(
      (await ok<DraftDetail>('getDraft', { draftId: second.draftId }, w.token.sender)).inmailTitle,
    ).toBe('未发出');
    const removed = await call('delDraft', { draftIdArr: String(second.draftId) }, w.token.sender);
    expect(removed.json()).toMatchObject({ status: 0, msg: '删除成功' });
    expectRefusal(
      await call('delDraft', { draftIdArr: String(second.draftId) }, w.token.sender),
      404,
      '草稿不存在或已删除',
    );
  });
});
