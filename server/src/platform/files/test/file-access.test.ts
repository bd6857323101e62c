import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordExistingFileUses } from '../../../db/migrations/0008_file_use.js';
import { FILE_COOKIE } from '../../../http/auth.js';
import { seedMagazineSeries } from '../../../modules/magazine/service.js';
import { DEFAULT_VIDEO_TYPES, seedVideoTypes } from '../../../modules/video/service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createMagazine,
  createNews,
  createStaff,
  createSubjectNews,
  createVideo,
  readerOf,
  type TestStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

const STAFF_ONLY = '该文件仅限校内访问，请先登录';

/**
 * Who may read a stored file by its address: the files of items the public
 * cannot read (body pictures, covers, attachments, sets, PDFs) are for
 * logged-in staff, who read them by <img> and links through the file cookie.
 */
describe('reading files of staff-only and unpublished items', () => {
  let t: TestApp;
  let admin: TestStaff;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '管理员乙', staffType: 5, isPower: 1 });
    adminToken = await login(t.app, admin);
  });
  afterAll(() => t?.close());

  const read = (fileId: number, headers: Record<string, string> = {}, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/files/${fileId}${query}`, headers });
  const status = async (fileId: number, headers?: Record<string, string>) =>
    (await read(fileId, headers)).statusCode;
  const body = (...fileIds: number[]) =>
    fileIds.map((id) => `<p><img src="/api/files/${id}" alt="图"></p>`).join('');
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === FILE_COOKIE);

  it('login gives the browser an HttpOnly cookie that reads staff-only files, and logout takes it back', async () => {
    const secret = await createFile(t.services, '内部照片.jpg');
    await createNews(t.services, { typeId: 17, enableType: 2, content: body(secret) });
    expectRefusal(await read(secret), 401, STAFF_ONLY);

    const teacher = await createStaff(t.db);
    const response = await postForm(t.app, '/api/login/login', {
      staffCode: teacher.code,
      staffPass: teacher.password,
      staffType: teacher.staffType,
    });
    const token = expectOk<{ token: string }>(response).token;
    const cookie = cookieOf(response)!;
    expect(cookie).toMatchObject({ value: token, path: '/api/', httpOnly: true, sameSite: 'Lax' });
    const withCookie = { cookie: `${FILE_COOKIE}=${cookie.value}` };
    expect(await status(secret, withCookie)).toBe(200);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/news/uploadnewfile.do?FILE_ID=${secret}`,
      headers: withCookie,
    });
    expect(download.statusCode).toBe(200);

    // The cookie opens file reads only: other calls still want the token.
    expectRefusal(
      await postForm(t.app, '/api/login/loginOut.do', {}, { headers: withCookie }),
      401,
      'token错误',
    );
    const out = await postForm(t.app, '/api/login/loginOut.do', {}, { token });
    expectOk(out);
    expect(cookieOf(out)).toMatchObject({ value: '', path: '/api/' });
    // The session has ended: the old cookie reads nothing any more.
    expectRefusal(await read(secret, withCookie), 401, STAFF_ONLY);
    expectRefusal(await read(secret, { cookie: `${FILE_COOKIE}=forged` }), 401, STAFF_ONLY);
  });

  it('a call with the token sets the cookie when the browser lacks it, and leaves it when it has it', async () => {
    const token = await login(t.app, await createStaff(t.db));
    const call = (headers: Record<string, string>) =>
      postJson(t.app, '/api/cms/overview', {}, { token, headers });
    const first = await call({});
    expect(first.statusCode).toBe(200);
    expect(cookieOf(first)?.value).toBe(token);
    const again = await call({ cookie: `${FILE_COOKIE}=${token}` });
    expect(again.statusCode).toBe(200);
    expect(cookieOf(again)).toBeUndefined();
  });

  it('body pictures and covers follow their item: staff-only or unpublished items keep them from the public', async () => {
    const [inBody, cover, shared] = await Promise.all([
      createFile(t.services, 'body.jpg'),
      createFile(t.services, 'cover.jpg'),
      createFile(t.services, 'shared.jpg'),
    ]);
    const staffOnly = await createNews(t.services, {
      typeId: 2,
      enableType: 2,
      coverFileId: cover,
      content: body(inBody, shared),
    });
    expect(await status(inBody)).toBe(401);
    expect(await status(cover)).toBe(401);
    expect(await status(inBody, { authorization: `Bearer ${adminToken}` })).toBe(200);

    // A public, listed item showing the same picture makes it public.
    const open = await createNews(t.services, { typeId: 2, content: body(shared) });
    expect(await status(shared)).toBe(200);
    expect(await status(inBody)).toBe(401);

    // Deleting the public item takes the picture back; publishing the other opens its files.
    expectOk(await postForm(t.app, '/api/news/delNews', { newId: open }, { token: adminToken }));
    expect(await status(shared)).toBe(401);
    await t.db.updateTable('news').set({ enableType: 1 }).where('id', '=', staffOnly).execute();
    expect(await status(inBody)).toBe(200);
    expect(await status(cover)).toBe(200);
  });

  it('a draft’s pictures stay with staff until it is published, and leave with an edit that drops them', async () => {
    const [picture, later] = await Promise.all([
      createFile(t.services, 'draft.jpg', 'image/jpeg', undefined, admin.id),
      createFile(t.services, 'later.jpg', 'image/jpeg', undefined, admin.id),
    ]);
    const cms = async (path: string, payload: Record<string, unknown>) =>
      expectOk<{ newId: number }>(
        await postJson(t.app, `/api/cms/news/${path}`, payload, { token: adminToken }),
      );
    const { newId } = await cms('save', {
      typeId: 2,
      newsTitle: '草稿里的图片',
      newsContent: body(picture),
    });
    expect(await status(picture)).toBe(401);
    await cms('shelve', { newId });
    expect(await status(picture)).toBe(200);
    // The edit replaces the picture: the old one is no longer the public item's.
    await cms('save', { newId, typeId: 2, newsTitle: '草稿里的图片', newsContent: body(later) });
    expect(await status(later)).toBe(200);
    // Shown by nothing any more, the old picture is its uploader's alone again.
    expect(await status(picture)).toBe(401);
    expect(await status(picture, { authorization: `Bearer ${adminToken}` })).toBe(200);
    const other = await login(t.app, await createStaff(t.db, { isPower: 1 }));
    expect(await status(picture, { authorization: `Bearer ${other}` })).toBe(403);
    const uses = await t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', 'T_NEWS')
      .where('objId', '=', newId)
      .execute();
    expect(uses.map((u) => u.fileId)).toEqual([later]);
  });

  it('a scheduled item’s pictures open to the public when its shelves date comes', async () => {
    const picture = await createFile(t.services, 'scheduled.jpg');
    await createNews(t.services, {
      typeId: 2,
      content: body(picture),
      shelvesDate: new Date(t.clock.now().getTime() + 30 * 60_000),
    });
    expect(await status(picture)).toBe(401);
    t.clock.advanceMinutes(31);
    expect(await status(picture)).toBe(200);
  });

  it('sub-news, videos and magazines: the item decides; a thumbnail follows its picture', async () => {
    const topicPicture = await createFile(t.services, 'topic.jpg');
    const topic = await createNews(t.services, { typeId: 4, enableType: 2 });
    await createSubjectNews(t.services, {
      newId: topic,
      title: '子新闻',
      content: body(topicPicture),
    });
    expect(await status(topicPicture)).toBe(401);

    const videoCover = await createFile(t.services, 'video-cover.jpg');
    const clip = await createFile(t.services, 'clip.mp4', 'video/mp4');
    await seedVideoTypes(t.db);
    await createVideo(t.services, {
      typeId: DEFAULT_VIDEO_TYPES[0]!.id,
      title: '校内视频',
      coverFileId: videoCover,
      enableType: 2,
      files: [{ fileId: clip }],
    });
    expect(await status(videoCover)).toBe(401);
    expect(await status(clip)).toBe(401);

    await seedMagazineSeries(t.db);
    const pdf = await createFile(t.services, 'issue.pdf', 'application/pdf');
    const magazineId = await createMagazine(t.services, {
      seriesId: 1,
      title: '第九期',
      coverFileId: null,
      pdfFileId: pdf,
      enabled: 0,
    });
    expect(await status(pdf)).toBe(401);
    const editor = readerOf(await createStaff(t.db, { isPower: 1 }));
    await t.services.cmsMagazine.setEnabled(magazineId, 1, editor, null);
    expect(await status(pdf)).toBe(200);

    // A picture's thumbnail is read under the picture's rules.
    const thumb = await createFile(t.services, 'thumb.jpg');
    const big = await createFile(t.services, 'big.jpg');
    await t.db
      .updateTable('storedFile')
      .set({ thumbFileId: thumb })
      .where('id', '=', big)
      .execute();
    await createNews(t.services, { typeId: 2, enableType: 2, coverFileId: big });
    expectRefusal(await read(big, {}, '?variant=thumb'), 401, STAFF_ONLY);
  });

  it('the upgrade records the files existing items already use', async () => {
    const [picture, cover] = await Promise.all([
      createFile(t.services, 'old-body.jpg'),
      createFile(t.services, 'old-cover.jpg'),
    ]);
    const newId = await createNews(t.services, {
      typeId: 17,
      enableType: 2,
      coverFileId: cover,
      content: `${body(picture)}<p><a href="/api/files/999999">不存在的文件</a></p>`,
    });
    await t.db.deleteFrom('fileUse').execute();
    // Recorded by nobody, a file is its uploader's alone (these have none).
    const staff = { authorization: `Bearer ${adminToken}` };
    expect(await status(picture, staff)).toBe(403);
    await recordExistingFileUses(t.db);
    expect(await status(picture)).toBe(401);
    expect(await status(picture, staff)).toBe(200);
    const uses = await t.db
      .selectFrom('fileUse')
      .select('fileId')
      .where('objId', '=', newId)
      .where('infoTable', '=', 'T_NEWS')
      .orderBy('fileId')
      .execute();
    expect(uses.map((u) => u.fileId)).toEqual([picture, cover].sort((a, b) => a - b));
  });
});
