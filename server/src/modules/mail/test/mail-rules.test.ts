import { describe, expect, it } from 'vitest';
import { createStaff } from '../../../test-kit/factories.js';
import { expectRefusal } from '../../../test-kit/http.js';
import { useMailWorld, type Detail, type Fields } from '../../../test-kit/mail.js';

describe('api/email: what a send may hold, who may act, who reads attachments', () => {
  const { w, call, ok, send, upload, files, entryOf } = useMailWorld();

  it('checks what is sent', async () => {
    const refuse = async (fields: Fields, status: number, msg: string) =>
      expectRefusal(
        await call(
          'sendEmail',
          { idRoleReceiveArr: String(w.alice.id), inmailTitle: '主题', ...fields },
          w.token.sender,
        ),
        status,
        msg,
      );
    await refuse({ inmailTitle: '  ' }, 400, '请填写主题');
    await refuse({ inmailTitle: '长'.repeat(201) }, 400, '请填写主题，不超过200个字');
    await refuse({ idRoleReceiveArr: '' }, 400, '请选择收件人');
    await refuse({ idRoleReceiveArr: 'a,b' }, 400, '请选择收件人');
    await refuse(
      { idRoleReceiveArr: `${w.alice.id},999999` },
      400,
      '收件人不存在或已停用（编号 999999）',
    );
    await refuse(
      { idRoleReceiveArr: String(w.retired.id) },
      400,
      `收件人不存在或已停用（编号 ${w.retired.id}）`,
    );
    await refuse({ inmailContent: `<p>${'字'.repeat(2501)}</p>` }, 400, '正文不能超过2500个字');
    const many = await Promise.all(
      Array.from({ length: 21 }, (_, i) => upload(w.sender, `f${i}.pdf`)),
    );
    await refuse({ fileList: files(...many.map((fileId) => ({ fileId }))) }, 400, '附件最多20个');
    const exe = await upload(w.sender, 'setup.exe');
    await refuse({ fileList: files({ fileId: exe }) }, 400, '不符合格式文件：setup.exe');
    await refuse(
      { fileList: files({ fileId: many[0]!, fileName: '改名.bat' }) },
      400,
      '不符合格式文件：改名.bat',
    );
    await refuse({ fileList: 'not json' }, 400, '附件列表格式不正确');
    await refuse({ fileList: files({ fileId: 999999 }) }, 400, '附件不存在，请重新上传');
    const theirs = await upload(w.outsider, '别人的.pdf');
    await refuse(
      { fileList: files({ fileId: theirs }) },
      403,
      '只能附上自己上传的文件或收到的附件',
    );
    // 2500 characters of text is allowed, however much markup surrounds them.
    await send({ inmailContent: `<p><strong>${'字'.repeat(2500)}</strong></p>` });
    // Sending to oneself is allowed.
    const self = await send({ idRoleReceiveArr: String(w.sender.id) });
    expect(await entryOf(w.token.sender, self.inmailId)).toBeDefined();
  });

  it('refuses acting as someone else', async () => {
    const asOther = { staffId: w.alice.id };
    for (const path of ['getReceiveList', 'getSendList', 'getUnreadNum']) {
      expectRefusal(await call(path, asOther, w.token.sender), 403, '只能以自己的身份操作');
    }
    const impostor = {
      idRoleReceiveArr: String(w.bob.id),
      idRoleSend: w.alice.id,
      inmailTitle: '冒名',
    };
    expectRefusal(await call('sendEmail', impostor, w.token.sender), 403, '只能以自己的身份操作');
    expectRefusal(
      await call('selectStaff', { staffName: '收件', staffId: w.alice.id }, w.token.sender),
      403,
      '只能以自己的身份操作',
    );
    expectRefusal(
      await call('getDeptStaff', { deptId: 1, userId: w.alice.id }, w.token.sender),
      403,
      '只能以自己的身份操作',
    );
    expect(
      await ok<number>('getUnreadNum', { staffId: w.sender.id }, w.token.sender),
    ).toBeGreaterThanOrEqual(0);
  });

  it('lets only the sender and recipients download the attachments', async () => {
    const fileId = await upload(w.sender, '教学计划.pdf');
    const { inmailId } = await send({ fileList: files({ fileId, fileName: '2026 教学计划.pdf' }) });
    const read = (who?: string) =>
      w.t.app.inject({
        method: 'GET',
        url: `/api/news/uploadnewfile.do?FILE_ID=${fileId}`,
        headers: who ? { authorization: `Bearer ${who}` } : {},
      });
    expect((await read(w.token.sender)).statusCode).toBe(200);
    const download = await read(w.token.alice);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''");
    expectRefusal(await read(w.token.outsider), 403, '该附件只有邮件的发件人和收件人可以查看');
    expectRefusal(await read(), 401, '该文件仅限校内访问，请先登录');
    const viaId = await w.t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: { authorization: `Bearer ${w.token.outsider}` },
    });
    expect(viaId.statusCode).toBe(403);
    const detail = await ok<Detail>('getEmailDetail', { inmailId }, w.token.bob);
    expect(detail.fileList).toEqual([
      {
        fileId,
        fileName: '2026 教学计划.pdf',
        filePath: `/api/news/uploadnewfile.do?FILE_ID=${fileId}`,
        fileSize: Buffer.byteLength('bytes of 教学计划.pdf'),
      },
    ]);
    expect((await entryOf(w.token.bob, inmailId))?.fileCount).toBe(1);

    // A recipient forwards the attachment; the new recipient may then read it.
    await send(
      { idRoleReceiveArr: String(w.outsider.id), fileList: files({ fileId }) },
      w.token.bob,
    );
    expect((await read(w.token.outsider)).statusCode).toBe(200);
  });

  it('finds recipients by the start of the account and of the name’s pinyin initials', async () => {
    const code = `wh${Date.now() % 100000}`;
    const wang = await createStaff(w.t.db, { name: '王华', code: `t${code}` });
    await createStaff(w.t.db, { name: '王华停', code: `x${code}`, status: 0 });
    const names = async (staffName: string) =>
      (
        await ok<Array<{ staffId: number; staffName: string }>>(
          'selectStaff',
          { staffName, staffType: 2 },
          w.token.sender,
        )
      ).map((s) => s.staffName);
    // The account: its start, letters of either case; not a part in the middle.
    expect(await names(`t${code}`)).toEqual(['王华']);
    expect(await names(`T${code.toUpperCase()}`)).toEqual(['王华']);
    expect(await names(code.slice(2))).not.toContain('王华');
    // Pinyin initials (the disabled namesake never).
    expect(await names('wh')).toContain('王华');
    expect(await names('WH')).toContain('王华');
    expect(await names('whx')).not.toContain('王华');
    expect(await names('hw')).not.toContain('王华');
    // The name itself still, and 2 characters at least.
    expect(await names('王华')).toEqual(['王华']);
    expect(await names('w')).toEqual([]);
    expect(wang.name).toBe('王华');
  });

  it('finds recipients by name and by department', async () => {
    const found = await ok<Array<{ staffId: number; staffName: string; deptName: string | null }>>(
      'selectStaff',
      { staffName: '收件', staffType: 2 },
      w.token.sender,
    );
    expect(found.map((s) => s.staffName).sort()).toEqual(['收件乙', '收件甲']);
    expect(found.find((s) => s.staffName === '收件乙')?.deptName).toBe('数学备课组');
    expect(await ok('selectStaff', { staffName: '收' }, w.token.sender)).toEqual([]);
    expect(await ok('selectStaff', { staffName: '停用' }, w.token.sender)).toEqual([]);
    const dept = await w.t.db
      .selectFrom('department')
      .select('id')
      .where('name', '=', '数学组')
      .executeTakeFirstOrThrow();
    const members = await ok<Array<{ staffName: string }>>(
      'getDeptStaff',
      { deptId: dept.id },
      w.token.sender,
    );
    expect(members.map((s) => s.staffName).sort()).toEqual(['发件老师', '收件乙', '收件甲']);
    expectRefusal(
      await call('getDeptStaff', { deptId: 999999 }, w.token.sender),
      400,
      '该部门不存在或已删除',
    );
  });
});
