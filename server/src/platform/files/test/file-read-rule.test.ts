import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileAccess } from '../access.js';
import { seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createDepartment, createStaff, type TestStaff } from '../../../test-kit/factories.js';
import {
  expectOk,
  expectRefusal,
  login,
  postFile,
  postForm,
  postJson,
} from '../../../test-kit/http.js';

const MAY_NOT_USE = '不能使用无权查看的文件';
const STAFF_ONLY = '该文件仅限校内访问，请先登录';

/**
 * The one rule of who reads a stored file, tried as another teacher would:
 * an id is never permission, recording a use checks the writer may read the
 * file, a file nobody uses is its uploader's alone, and each kind of item
 * says who reads its files (issue 16, findings 1, 3 and 9).
 */
describe('the one read rule for stored files', () => {
  let t: TestApp;
  const who = {} as Record<
    'owner' | 'other' | 'bystander' | 'power' | 'system' | 'drive' | 'head',
    TestStaff
  >;
  const token = {} as Record<keyof typeof who, string>;
  let dept = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await seedVideoTypes(t.db);
    dept = await createDepartment(t.db, { name: '数学组' });
    who.owner = await createStaff(t.db, { name: '私有文件老师', deptIds: [dept] });
    who.other = await createStaff(t.db, { name: '好奇老师' });
    who.bystander = await createStaff(t.db, { name: '旁观老师' });
    who.power = await createStaff(t.db, { name: '内容管理员', isPower: 1 });
    who.system = await createStaff(t.db, { name: '系统管理员', staffType: 5, isPower: 0 });
    who.drive = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    who.head = await createStaff(t.db, { name: '数学组长', deptIds: [dept] });
    for (const key of Object.keys(who) as Array<keyof typeof who>) {
      token[key] = await login(t.app, who[key]);
    }
    expectOk(
      await postJson(
        t.app,
        '/api/cms/department/save',
        { deptId: dept, deptName: '数学组', headStaffId: who.head.id },
        { token: (await login(t.app, await createStaff(t.db, { staffType: 5 }))) as string },
      ),
    );
  });
  afterAll(() => t?.close());

  const read = (fileId: number, as?: string, path = `/api/files/${fileId}`) =>
    t.app.inject({ url: path, headers: as ? { authorization: `Bearer ${as}` } : {} });
  const status = async (fileId: number, as?: string) => (await read(fileId, as)).statusCode;

  /** A private file (resourcesIsOpen '1') on the owner's own disk. */
  async function privateDriveFile(name = '期中成绩.txt') {
    const upload = expectOk<{ fileId: number; url: string }>(
      await postFile(
        t.app,
        '/api/resources/upload.do',
        { name, data: Buffer.from(`${name} 学生成绩 ${Math.random()}`, 'utf8') },
        { token: token.owner },
      ),
    );
    expectOk(
      await postForm(
        t.app,
        '/api/resources/addResource',
        {
          sType: 1,
          resourcesType: '1',
          resourcesIsOpen: '1',
          resourcesName: name,
          resourcesPath: upload.url,
        },
        { token: token.owner },
      ),
    );
    return upload.fileId;
  }

  /** An attachment of a mail from the owner to the bystander only. */
  async function mailAttachment() {
    const upload = expectOk<{ fileId: number; url: string }>(
      await postFile(
        t.app,
        '/api/email/upload',
        { name: '体检结果.txt', data: Buffer.from(`体检 ${Math.random()}`, 'utf8') },
        { token: token.owner },
      ),
    );
    expectOk(
      await postForm(
        t.app,
        '/api/email/sendEmail',
        {
          idRoleReceiveArr: String(who.bystander.id),
          inmainState: 1,
          inmailTitle: '体检结果',
          inmailContent: '<p>见附件</p>',
          fileList: JSON.stringify([{ fileId: upload.fileId, fileName: '体检结果.txt' }]),
        },
        { token: token.owner },
      ),
    );
    return upload.fileId;
  }

  const newsCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('news')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('naming a private drive file or another’s mail attachment in a news body is refused, for teachers and administrators', async () => {
    const secret = await privateDriveFile();
    const attachment = await mailAttachment();
    expect(await status(secret, token.other)).toBe(403);
    expect(await status(attachment, token.other)).toBe(403);
    const before = await newsCount();
    for (const body of [
      `<p><img src="/api/files/${secret}"></p>`,
      `<p><a href="/api/news/uploadnewfile.do?FILE_ID=${attachment}">附件</a></p>`,
    ]) {
      for (const as of [token.other, token.power]) {
        expectRefusal(
          await postJson(
            t.app,
            '/api/cms/news/save',
            { typeId: 2, newsTitle: '借用别人的文件', newsContent: body },
            { token: as },
          ),
          403,
          MAY_NOT_USE,
        );
      }
    }
    // Nor as an attachment or a cover, nor in a video.
    expectRefusal(
      await postJson(
        t.app,
        '/api/cms/news/save',
        {
          typeId: 2,
          newsTitle: '借用附件',
          files: [{ role: 'attachment', fileId: attachment }],
        },
        { token: token.power },
      ),
      403,
      MAY_NOT_USE,
    );
    expectRefusal(
      await postForm(
        t.app,
        '/api/cms/video/save',
        {
          typeId: 2,
          videoTitle: '借用视频简介',
          videoContent: `<p><img src="/api/files/${secret}"></p>`,
        },
        { token: token.power },
      ),
      403,
      MAY_NOT_USE,
    );
    expect(await newsCount()).toBe(before);
    // Nothing was recorded, so the files are as closed as before, for everyone.
    for (const as of [token.other, token.power, token.system]) {
      expect(await status(secret, as)).toBe(403);
      expect(await status(attachment, as)).toBe(403);
    }
    expect(await status(secret, token.owner)).toBe(200);
    // A private file of one's own disk: not even drive administrators read it.
    expect(await status(secret, token.drive)).toBe(403);
    expect(await status(attachment, token.bystander)).toBe(200);
  });

  it('the owner may put their own file in an item, which then decides who reads it', async () => {
    const own = await privateDriveFile('公开课讲义.txt');
    const { newId } = expectOk<{ newId: number }>(
      await postJson(
        t.app,
        '/api/cms/news/save',
        {
          typeId: 2,
          newsTitle: '公开课讲义',
          newsContent: `<p><a href="/api/files/${own}">讲义</a></p>`,
        },
        { token: token.owner },
      ),
    );
    // A draft: its author and content administrators read the item, so its files.
    expect(await status(own, token.power)).toBe(200);
    expect(await status(own, token.other)).toBe(403);
    expect(await status(own)).toBe(401);
    expectOk(await postJson(t.app, '/api/cms/news/submit', { newId }, { token: token.owner }));
    expectOk(await postJson(t.app, '/api/cms/news/approve', { newId }, { token: token.power }));
    expect(await status(own)).toBe(200);
  });

  it('an upload no item uses is its uploader’s alone, its thumbnail too', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = expectOk<{ fileId: number; url: string; thumbUrl: string }>(
      await postFile(
        t.app,
        '/api/cms/upload?kind=image',
        { name: '草稿配图.png', data: png },
        { token: token.other },
      ),
    );
    expect(uploaded.thumbUrl).not.toBe(uploaded.url);
    for (const url of [uploaded.url, uploaded.thumbUrl, `${uploaded.url}?variant=thumb`]) {
      const mine = await t.app.inject({ url, headers: { token: token.other } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, max-age=3600');
      expectRefusal(await t.app.inject({ url }), 401, STAFF_ONLY);
      expectRefusal(
        await t.app.inject({ url, headers: { token: token.bystander } }),
        403,
        '无权查看该文件',
      );
    }
    // The id is no key: a sequential neighbour reads nothing either.
    expectRefusal(
      await t.app.inject({
        url: `/api/news/uploadnewfile.do?FILE_ID=${uploaded.fileId}`,
        headers: { token: token.power },
      }),
      403,
      '无权查看该文件',
    );
  });

  it('a leave request’s attachment: the requester, the head deciding it and system administrators', async () => {
    const file = await t.services.files.save(
      { fileName: '病历.txt', mimeType: 'text/plain; charset=utf-8', createdBy: who.owner.id },
      Buffer.from('门诊病历', 'utf8'),
    );
    const { leaveId } = expectOk<{ leaveId: number }>(
      await postForm(
        t.app,
        '/api/leave/apply',
        {
          leaveType: '2',
          startDate: '2026-03-09',
          startHalf: '1',
          endDate: '2026-03-09',
          endHalf: '2',
          reason: '看病',
          fileId: String(file.id),
        },
        { token: token.owner },
      ),
    );
    expect(leaveId).toBeGreaterThan(0);
    expect(await status(file.id, token.owner)).toBe(200);
    expect(await status(file.id, token.head)).toBe(200);
    expect(await status(file.id, token.system)).toBe(200);
    expectRefusal(await read(file.id, token.other), 403, '无权查看该请假申请');
    expectRefusal(await read(file.id, token.power), 403, '无权查看该请假申请');
    expectRefusal(await read(file.id), 401, STAFF_ONLY);
    // Nor may another teacher attach it to their own request.
    expectRefusal(
      await postForm(
        t.app,
        '/api/leave/apply',
        {
          leaveType: '1',
          startDate: '2026-03-10',
          startHalf: '1',
          endDate: '2026-03-10',
          endHalf: '2',
          reason: '借用附件',
          fileId: String(file.id),
        },
        { token: token.other },
      ),
      403,
      '只能附上自己上传的文件',
    );
  });

  it('banners: shown ones are public, hidden ones their editors’; a picture one may not read cannot be set', async () => {
    const upload = async (as: string) =>
      expectOk<{ fileId: number }>(
        await postFile(
          t.app,
          '/api/cms/upload?kind=image',
          {
            name: 'banner.png',
            data: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
              'base64',
            ),
          },
          { token: as },
        ),
      ).fileId;
    const mine = await upload(token.power);
    const theirs = await upload(token.other);
    const save = (fileId: number, enabled: number) =>
      postForm(
        t.app,
        '/api/cms/banner/save',
        { place: 'home', coverTitle: '校园开放日', coverFileId: fileId, enabled },
        { token: token.power },
      );
    expectRefusal(await save(theirs, 1), 403, MAY_NOT_USE);
    const { bannerId } = expectOk<{ bannerId: number }>(await save(mine, 0));
    expect(bannerId).toBeGreaterThan(0);
    expect(await status(mine)).toBe(401);
    expect(await status(mine, token.other)).toBe(403);
    expect(await status(mine, token.power)).toBe(200);
    expectOk(
      await postForm(
        t.app,
        '/api/cms/banner/enable',
        { bannerId, enabled: 1 },
        { token: token.power },
      ),
    );
    expect(await status(mine)).toBe(200);
  });

  it('every kind of use has exactly one guard, or the app does not start', () => {
    const access = new FileAccess(t.db, t.clock.now);
    expect(() => access.assertComplete()).toThrow(/no file guard for T_NEWS/);
    const guard = { tables: ['T_NEWS'] as const, refusal: 'x', allows: async () => true };
    access.addGuards([guard]);
    expect(() => access.addGuards([guard])).toThrow(/T_NEWS given twice/);
  });
});
