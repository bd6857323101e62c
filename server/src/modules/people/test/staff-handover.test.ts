import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { envelope, expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

const KB = 1024;
/** Each disk of this app: small, so that a receiver can be too full to take a disk. */
const QUOTA = 64 * KB;

type Fields = Record<string, string | number>;
interface Report {
  staffId: number;
  staffName: string;
  receiverId: number;
  receiverName: string;
  handedBy: string;
  handoverDate: string;
  folderName: string | null;
  items: Array<{ what: string; count: number; size: number | null; names: string[] }>;
}
interface MailPage {
  total: number;
  list: Array<{ inmailId: number; inmailTitle: string }>;
}
interface Detail {
  inmailTitle: string;
  fileList: Array<{ fileId: number; filePath: string }>;
}

describe('离职交接 (api/cms/staff/handover) and 邮件归档 (api/email/archive/*)', () => {
  let t: TestApp;
  let admin: TestStaff;
  let driveAdmin: TestStaff;
  let libraryFolder = 0;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    t = await createTestApp({ env: { DRIVE_QUOTA_BYTES: String(QUOTA) } });
    admin = await createStaff(t.db, { name: '教务管理员', staffType: 5 });
    driveAdmin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    libraryFolder = expectOk<{ fid: number }>(
      await postForm(
        t.app,
        '/api/resources/addFolder',
        { fName: '高一语文', sType: 0 },
        { token: await tokenOf(driveAdmin) },
      ),
    ).fid;
  });
  afterAll(() => t?.close());

  async function tokenOf(who: TestStaff): Promise<string> {
    let token = tokens.get(who.id);
    if (!token) {
      token = await login(t.app, who);
      tokens.set(who.id, token);
    }
    return token;
  }
  const call = async (path: string, fields: Fields, who: TestStaff = admin) =>
    postForm(t.app, `/api/${path}`, fields, { token: await tokenOf(who) });
  const ok = async <T>(path: string, fields: Fields, who: TestStaff = admin) =>
    expectOk<T>(await call(path, fields, who));
  const handOver = (staffId: number, receiverId: number, shares = 'move', who = admin) =>
    call('cms/staff/handover', { staffId, receiverId, shares }, who);

  /** A file of `who`'s: in their disk (a folder of it, or its top), or in the library. */
  async function file(who: TestStaff, name: string, size: number, place: Fields) {
    const stored = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.id },
      Buffer.alloc(size, 'x'),
    );
    return (
      await ok<{ resourcesId: number }>(
        'resources/addResource',
        { resourcesType: '1', resourcesPath: `/api/files/${stored.id}`, ...place },
        who,
      )
    ).resourcesId;
  }
  const diskFolder = async (who: TestStaff, name: string, parent?: number) =>
    (
      await ok<{ fid: number }>(
        'resources/addFolder',
        { fName: name, sType: 1, ...(parent ? { parentId: parent } : {}) },
        who,
      )
    ).fid;
  const share = async (who: TestStaff, resourcesId: number) =>
    (
      await ok<{ shareCode: string }>(
        'resources/share',
        { resourcesId, needCode: '', expireDays: '', maxDownloads: '' },
        who,
      )
    ).shareCode;

  /** A teacher with a disk (a folder with a file in it, a file at the top), a library upload and a share. */
  async function leaverWithWork(name: string) {
    const leaver = await createStaff(t.db, { name });
    const folder = await diskFolder(leaver, '语文教案');
    const inFolder = await file(leaver, '第一单元教案.txt', 4 * KB, { sType: 1, fId: folder });
    const atTop = await file(leaver, '班级名单.txt', 2 * KB, { sType: 1 });
    const uploaded = await file(leaver, '古诗词鉴赏课件.txt', 1 * KB, { fId: libraryFolder });
    const code = await share(leaver, atTop);
    return { leaver, folder, inFolder, atTop, uploaded, code };
  }
  const ownerOf = async (resourceId: number) =>
    t.db
      .selectFrom('driveResource')
      .select(['ownerId', 'uploaderId', 'folderId'])
      .where('id', '=', resourceId)
      .executeTakeFirstOrThrow();

  it('refuses all but system administrators, and the cases that make no sense', async () => {
    const teacher = await createStaff(t.db, { name: '普通老师' });
    const leaver = await createStaff(t.db, { name: '离职甲' });
    const receiver = await createStaff(t.db, { name: '接收乙' });
    const disabled = await createStaff(t.db, { name: '停用丙' });
    await t.db.updateTable('staff').set({ status: 0 }).where('id', '=', disabled.id).execute();

    expectRefusal(
      await handOver(leaver.id, receiver.id, 'move', teacher),
      403,
      '只有系统管理员可以进行此操作',
    );
    expectRefusal(await handOver(admin.id, receiver.id), 400, '不能为自己办理离职交接');
    expectRefusal(await handOver(leaver.id, leaver.id), 400, '接收人不能是离职人本人');
    expectRefusal(await handOver(leaver.id, disabled.id), 400, '接收人须为在职且已启用的用户');
    expectRefusal(await handOver(leaver.id, 999_999), 404, '接收人不存在，请刷新后重试');
    expectRefusal(
      await handOver(leaver.id, receiver.id, 'keep'),
      400,
      '分享链接的处理须为 move（转给接收人）或 end（全部失效）',
    );
    expectRefusal(
      await call('cms/staff/handoverReport', { staffId: leaver.id }),
      404,
      '该用户没有离职交接记录',
    );
    // Nothing happened to the account.
    const row = await t.db
      .selectFrom('staff')
      .select(['status', 'leftAt'])
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 1, leftAt: null });
  });

  it('moves the disk into 交接自<姓名>, gives the library uploads and share links to the receiver, and closes the account', async () => {
    const { leaver, folder, inFolder, atTop, uploaded, code } = await leaverWithWork('陈离职');
    const receiver = await createStaff(t.db, { name: '周接收' });
    // The receiver already has a folder of that name: the new one is told apart.
    await diskFolder(receiver, '交接自陈离职');
    const app = expectOk<{ password: string }>(
      await call('staff/addAppPassword', { name: '家里电脑' }, leaver),
    );
    const leaverToken = await tokenOf(leaver);

    const report = expectOk<Report>(await handOver(leaver.id, receiver.id, 'move'));
    expect(report).toMatchObject({
      staffId: leaver.id,
      staffName: '陈离职',
      receiverId: receiver.id,
      receiverName: '周接收',
      handedBy: '教务管理员',
      folderName: '交接自陈离职（2）',
    });
    expect(report.handoverDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(report.items).toEqual([
      { what: '个人网盘文件夹', count: 1, size: null, names: ['语文教案'] },
      {
        what: '个人网盘文件',
        count: 2,
        size: 6 * KB,
        names: ['第一单元教案.txt', '班级名单.txt'],
      },
      { what: '资源库上传（改归接收人）', count: 1, size: null, names: ['古诗词鉴赏课件.txt'] },
      { what: '分享链接（转给接收人）', count: 1, size: null, names: ['班级名单.txt'] },
      { what: '应用密码（已吊销）', count: 1, size: null, names: ['家里电脑'] },
    ]);

    // The disk is the receiver's, under the new folder, one layer deeper.
    const handed = await t.db
      .selectFrom('driveFolder')
      .select(['id', 'layer', 'ownerId'])
      .where('name', '=', '交接自陈离职（2）')
      .executeTakeFirstOrThrow();
    expect(handed).toMatchObject({ layer: 0, ownerId: receiver.id });
    const moved = await t.db
      .selectFrom('driveFolder')
      .select(['parentId', 'layer', 'ownerId'])
      .where('id', '=', folder)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ parentId: handed.id, layer: 1, ownerId: receiver.id });
    expect(await ownerOf(inFolder)).toMatchObject({ ownerId: receiver.id, folderId: folder });
    expect(await ownerOf(atTop)).toMatchObject({ ownerId: receiver.id, folderId: handed.id });
    expect(await ownerOf(uploaded)).toMatchObject({ ownerId: null, uploaderId: receiver.id });
    // It counts against the receiver's quota now.
    const quota = await ok<{ used: number }>('resources/getMyQuota', {}, receiver);
    expect(quota.used).toBe(6 * KB);
    // The share link still opens, and is the receiver's to cancel.
    const info = await postForm(t.app, '/api/share/getShareInfo', { shareCode: code });
    expect(envelope(info).status).toBe(0);
    const shareRow = await t.db
      .selectFrom('driveShare')
      .select(['staffId', 'cancelledAt'])
      .where('shareCode', '=', code)
      .executeTakeFirstOrThrow();
    expect(shareRow).toEqual({ staffId: receiver.id, cancelledAt: null });

    // The account is closed: disabled, its session gone, its app password revoked.
    const account = await t.db
      .selectFrom('staff')
      .select(['status', 'leftAt'])
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe(0);
    expect(account.leftAt).not.toBeNull();
    const after = await postForm(t.app, '/api/resources/getMyQuota', {}, { token: leaverToken });
    expect(after.statusCode).toBe(401);
    expect(await t.services.appPasswords.authenticate(leaver.code, app.password, '10.1.1.1')).toBe(
      null,
    );

    // The report is kept; both people's logs say it; the list shows the date; no second time.
    expect(
      expectOk<Report>(await call('cms/staff/handoverReport', { staffId: leaver.id })),
    ).toEqual(report);
    const logs = await t.db
      .selectFrom('operLog')
      .select(['objId', 'operType'])
      .where('infoTable', '=', 'T_STAFF')
      .where('objId', 'in', [leaver.id, receiver.id])
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { objId: leaver.id, operType: '离职交接：工作交给周接收' },
      { objId: receiver.id, operType: '离职交接：接收陈离职的工作' },
    ]);
    const listed = await ok<{ leftDate: string | null }>('cms/staff/get', { staffId: leaver.id });
    expect(listed.leftDate).toBe(report.handoverDate);
    expectRefusal(await handOver(leaver.id, receiver.id), 409, '该用户已办理离职交接');
    expectRefusal(
      await call('cms/staff/setStatus', { staffId: leaver.id, status: 1 }),
      400,
      '该用户已办理离职交接，不能再启用；如需返聘，请新建账号',
    );
  });

  it('ends the share links when told, and refuses a receiver whose disk has no room, changing nothing', async () => {
    const { leaver, atTop, code } = await leaverWithWork('吴离职');
    const full = await createStaff(t.db, { name: '满盘老师' });
    await file(full, '大文件.txt', QUOTA - 2 * KB, { sType: 1 });

    expectRefusal(
      await handOver(leaver.id, full.id),
      400,
      '接收人满盘老师的网盘空间不足：剩余 0.00M，吴离职的网盘需要 0.01M。请先为接收人清理空间，或选择其他接收人',
    );
    expect(await ownerOf(atTop)).toMatchObject({ ownerId: leaver.id });
    const still = await t.db
      .selectFrom('staff')
      .select(['status', 'leftAt'])
      .where('id', '=', leaver.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ status: 1, leftAt: null });
    expect(
      await t.db
        .selectFrom('driveFolder')
        .select('id')
        .where('name', '=', '交接自吴离职')
        .execute(),
    ).toEqual([]);

    const receiver = await createStaff(t.db, { name: '郑接收' });
    const report = expectOk<Report>(await handOver(leaver.id, receiver.id, 'end'));
    expect(report.items.find((item) => item.what.startsWith('分享链接'))).toEqual({
      what: '分享链接（已失效）',
      count: 1,
      size: null,
      names: ['班级名单.txt'],
    });
    const info = await postForm(t.app, '/api/share/getShareInfo', { shareCode: code });
    expect(envelope(info).status).not.toBe(0);
  });

  it('keeps a leaver’s mail as an archive that only system administrators read', async () => {
    const leaver = await createStaff(t.db, { name: '孙离职' });
    const colleague = await createStaff(t.db, { name: '钱同事' });
    const other = await createStaff(t.db, { name: '李旁人' });
    const stored = await t.services.files.save(
      { fileName: '期末复习提纲.docx', mimeType: 'application/octet-stream', createdBy: leaver.id },
      Buffer.from('复习提纲'),
    );
    const { inmailId } = await ok<{ inmailId: number }>(
      'email/sendEmail',
      {
        idRoleReceiveArr: String(colleague.id),
        inmailTitle: '期末复习安排',
        inmailContent: '<p>复习提纲见附件。</p>',
        fileList: JSON.stringify([{ fileId: stored.id, fileName: '期末复习提纲.docx' }]),
      },
      leaver,
    );
    await ok(
      'email/sendEmail',
      { idRoleReceiveArr: String(leaver.id), inmailTitle: '教研组活动', inmailContent: '' },
      colleague,
    );
    // No archive while the account is in service.
    expectRefusal(
      await call('email/archive/getSendList', { staffId: leaver.id }),
      404,
      '该用户没有邮件归档（只有已办理离职交接的用户有）',
    );
    expectOk(await handOver(leaver.id, colleague.id));

    const sent = await ok<MailPage>('email/archive/getSendList', { staffId: leaver.id });
    expect(sent.list.map((item) => item.inmailTitle)).toEqual(['期末复习安排']);
    const received = await ok<MailPage>('email/archive/getReceiveList', {
      staffId: leaver.id,
      inmainState: '',
      keyword: '',
    });
    expect(received.list.map((item) => item.inmailTitle)).toEqual(['教研组活动']);
    const detail = await ok<Detail>('email/archive/getEmailDetail', {
      staffId: leaver.id,
      inmailId,
    });
    expect(detail.inmailTitle).toBe('期末复习安排');
    const download = (who: TestStaff) =>
      tokenOf(who).then((token) =>
        t.app.inject({
          method: 'GET',
          url: detail.fileList[0]!.filePath,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    expect((await download(admin)).statusCode).toBe(200);
    expect((await download(other)).statusCode).toBe(403);
    // A visitor with no login gets nothing either.
    const anonymous = await t.app.inject({ method: 'GET', url: detail.fileList[0]!.filePath });
    expect([401, 403]).toContain(anonymous.statusCode);

    for (const path of ['getSendList', 'getReceiveList']) {
      expectRefusal(
        await call(`email/archive/${path}`, { staffId: leaver.id }, other),
        403,
        '只有系统管理员可以进行此操作',
      );
    }
    expectRefusal(
      await call('email/archive/getEmailDetail', { staffId: leaver.id, inmailId }, driveAdmin),
      403,
      '只有系统管理员可以进行此操作',
    );
  });
});
