import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Row {
  resourcesId: number | null;
  resourcesName: string;
  downloadNum: number;
  shareNum: number;
  givelikeNum: number;
  favoritesNum: number;
  resId?: number;
  shareUrl?: string | null;
}
interface Page<T = Row> {
  total: number;
  list: T[];
}

describe('api/resources: likes, favourites, comments, downloads, shares, the library lists', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;
  let sub = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    await relogin();
    column = (await ok<{ fid: number }>('addFolder', { fName: '生物', sType: 0 }, token.admin)).fid;
    sub = (
      await ok<{ fid: number }>(
        'addFolder',
        { fName: '细胞', fSuperId: column, sType: 0 },
        token.admin,
      )
    ).fid;
  });
  afterAll(() => t?.close());

  async function relogin() {
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
  }
  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  async function ok<T>(path: string, fields: Fields, who: string) {
    return expectOk<T>(await call(path, fields, who));
  }
  let seq = 0;
  /** A file of `who`'s uploaded and registered in `folder` (the library unless told). */
  const add = async (
    who: TestStaff,
    name: string,
    fields: Fields = {},
    content = `内容 ${(seq += 1)}`,
  ) => {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.id },
      Buffer.from(content, 'utf8'),
    );
    const tokenOf = who === admin ? token.admin : who === teacher ? token.teacher : token.other;
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        { fId: sub, resourcesType: '1', resourcesPath: `/api/files/${file.id}`, ...fields },
        tokenOf,
      )
    ).resourcesId;
  };

  it('likes once; collects and uncollects; lists 我的收藏', async () => {
    const id = await add(teacher, '显微镜.txt');
    expect(await ok('giveLike', { resourcesId: id, givelikeType: 1 }, token.other)).toEqual({
      givelikeNum: 1,
    });
    expectRefusal(await call('giveLike', { resourcesId: id }, token.other), 409, '已经点过赞了');
    expect(await ok('giveLike', { resourcesId: id }, token.teacher)).toEqual({ givelikeNum: 2 });
    const detail = await ok<{ isGivelike: number; givelikeNum: number }>(
      'getResourcesDetail',
      { resourcesId: id },
      token.other,
    );
    expect(detail).toMatchObject({ isGivelike: 1, givelikeNum: 2 });

    expect((await call('addFavorites', { resourcesId: id }, token.other)).json()).toMatchObject({
      msg: '收藏成功',
    });
    expectRefusal(
      await call('addFavorites', { resourcesId: id }, token.other),
      409,
      '已经收藏过了',
    );
    const mine = await ok<Page>('getMyFavorites', { pageNum: 1 }, token.other);
    expect(mine.list.map((row) => [row.resourcesName, row.favoritesNum])).toEqual([
      ['显微镜.txt', 1],
    ]);
    expect((await call('delFavorites', { resourcesId: id }, token.other)).json()).toMatchObject({
      msg: '取消成功',
    });
    expect((await ok<Page>('getMyFavorites', {}, token.other)).total).toBe(0);
    expectRefusal(
      await call('delFavorites', { resourcesId: id }, token.other),
      409,
      '尚未收藏该文件',
    );
    // A private file of another cannot be liked or collected.
    const secret = await add(teacher, '私有.txt', { resourcesIsOpen: '1' });
    expectRefusal(
      await call('addFavorites', { resourcesId: secret }, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
  });

  it('takes comments where the file allows them; each deletes only their own', async () => {
    const closed = await add(teacher, '不可评论.txt');
    expectRefusal(
      await call('addComment', { resourcesId: closed, content: '好' }, token.other),
      403,
      '该文件暂时无法评论',
    );
    const open = await add(teacher, '可评论.txt', { resourcesIsComment: '0' });
    const first = await ok<{ resId: number }>(
      'addComment',
      { resourcesId: open, content: ' 很有用 ' },
      token.other,
    );
    await ok('addComment', { resourcesId: open, content: '谢谢' }, token.teacher);
    expectRefusal(
      await call('addComment', { resourcesId: open, content: '  ' }, token.other),
      400,
      '请输入评论内容',
    );
    expectRefusal(
      await call('addComment', { resourcesId: open, content: '长'.repeat(301) }, token.other),
      400,
      '评论不能超过300个字',
    );
    const list = await ok<Page<{ content: string; userName: string; mine: boolean }>>(
      'getComments',
      { resourcesId: open },
      token.other,
    );
    expect(list.list.map((c) => [c.content, c.userName, c.mine])).toEqual([
      ['谢谢', '林老师', false],
      ['很有用', '王老师', true],
    ]);
    expectRefusal(
      await call('delComment', { resId: first.resId }, token.teacher),
      403,
      '只能删除自己的评论',
    );
    await ok('delComment', { resId: first.resId }, token.other);
    expect((await ok<Page>('getComments', { resourcesId: open }, token.other)).total).toBe(1);
  });

  it('counts a download once a day per person, keeps the history, serves the file by its name', async () => {
    const id = await add(teacher, '课堂笔记.txt', {}, '第一行\n第二行\n');
    const url = await ok<string>('download', { resourcesId: id }, token.other);
    expect(url).toBe(`/api/resources/file/${id}?download=1`);
    await ok('download', { resourcesId: id }, token.other);
    await ok('download', { resourcesId: id }, token.teacher);
    const count = async () =>
      (await ok<{ downloadNum: number }>('getResourcesDetail', { resourcesId: id }, token.teacher))
        .downloadNum;
    expect(await count()).toBe(2);

    const file = await t.app.inject({ url, headers: { authorization: `Bearer ${token.other}` } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('第一行\n第二行\n');
    expect(file.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E8%AF%BE%E5%A0%82%E7%AC%94%E8%AE%B0.txt",
    );
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    const part = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${token.other}`, range: 'bytes=0-8' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('第一行');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    // Renamed without its extension, it still downloads as a .txt.
    await ok(
      'editResource',
      {
        resourcesId: id,
        resourcesName: '笔记',
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '课堂笔记',
      },
      token.teacher,
    );
    const renamed = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${token.other}` },
    });
    expect(renamed.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E7%AC%94%E8%AE%B0.txt",
    );
    const secret = await add(teacher, '密.txt', { resourcesIsOpen: '1' });
    expectRefusal(
      await t.app.inject({
        url: `/api/resources/file/${secret}`,
        headers: { authorization: `Bearer ${token.other}` },
      }),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );
    expectRefusal(
      await call('download', { resourcesId: secret }, token.other),
      403,
      '该文件为私有文件，只有上传者可以查看',
    );

    let history = await ok<Page>('getMyDownloads', {}, token.other);
    expect(history.list.map((row) => row.resourcesName)).toEqual(['笔记']);
    expectRefusal(
      await call('delDownloadRecord', { resId: String(history.list[0]!.resId) }, token.teacher),
      403,
      '只能操作自己的下载记录',
    );
    await ok('delDownloadRecord', { resId: String(history.list[0]!.resId) }, token.other);
    expect((await ok<Page>('getMyDownloads', {}, token.other)).total).toBe(0);
    expect(await count()).toBe(2);

    // The next day counts again.
    t.clock.advanceMinutes(24 * 60);
    await relogin();
    await ok('download', { resourcesId: id }, token.other);
    expect(await count()).toBe(3);
    history = await ok<Page>('getMyDownloads', {}, token.other);
    expect(history.total).toBe(1);
  });

  it('shares a new link each time, each counted; lists 我的分享', async () => {
    const id = await add(other, '实验报告.txt');
    const first = await ok<{ url: string; shareCode: string }>(
      'share',
      { resourcesId: id },
      token.teacher,
    );
    expect(first.url).toBe(`/judgePage?resourcesId=${id}&shareCode=${first.shareCode}`);
    const second = await ok<{ url: string }>('share', { resourcesId: id }, token.teacher);
    expect(second.url).not.toBe(first.url);
    await ok('share', { resourcesId: id }, token.admin);
    const shared = await ok<Page>('getMyShares', {}, token.teacher);
    expect(shared.list).toEqual([
      expect.objectContaining({ resourcesId: id, shareNum: 3, shareUrl: second.url }),
      expect.objectContaining({ resourcesId: id, shareNum: 3, shareUrl: first.url }),
    ]);
  });

  it('lists newest, most shared and most downloaded files, counts them, and searches', async () => {
    const a = await add(teacher, '甲.txt');
    const b = await add(other, '乙.txt');
    await add(teacher, '丙私有.txt', { resourcesIsOpen: '1' });
    await t.db
      .updateTable('driveResource')
      .set({ downloadNum: 50, shareNum: 1 })
      .where('id', '=', a)
      .execute();
    await t.db
      .updateTable('driveResource')
      .set({ downloadNum: 10, shareNum: 40 })
      .where('id', '=', b)
      .execute();

    const newest = await ok<Page>('getNewUpload', { pageSize: 6 }, token.other);
    expect(newest.list[0]!.resourcesName).toBe('乙.txt');
    expect(newest.list.some((row) => row.resourcesName === '丙私有.txt')).toBe(false);
    expect(
      (await ok<Page>('getNewUpload', { pageSize: 6 }, token.teacher)).list[0]!.resourcesName,
    ).toBe('丙私有.txt');
    expect((await ok<Page>('getHotShare', { pageSize: 6 }, token.other)).list[0]!.resourcesId).toBe(
      b,
    );
    expect((await ok<Page>('getHotDown', { pageSize: 6 }, token.other)).list[0]!.resourcesId).toBe(
      a,
    );
    // 输入关键字或老师名称搜索.
    const byTeacher = await ok<Page>(
      'getNewUpload',
      { KeywordName: '王老师', pageSize: 50 },
      token.teacher,
    );
    expect(byTeacher.list.every((row) => row.resourcesName !== '甲.txt')).toBe(true);
    expect(byTeacher.total).toBeGreaterThan(0);

    // The library's counts are kept between changes, and a change shows at once.
    const before = await ok<number>('getResourcesNum', {}, token.other);
    const fresh = await add(teacher, '新上传.txt');
    expect(await ok<number>('getResourcesNum', {}, token.other)).toBe(before + 1);
    const tree = await ok<Array<{ fname: string; fnum: number }>>(
      'getFolderTree',
      { sType: 0 },
      token.other,
    );
    await ok('delResource', { resourcesId: fresh }, token.admin);
    expect(await ok<number>('getResourcesNum', {}, token.other)).toBe(before);
    const after = await ok<Array<{ fname: string; fnum: number }>>(
      'getFolderTree',
      { sType: 0 },
      token.other,
    );
    expect(after.find((n) => n.fname === '生物')!.fnum).toBe(
      tree.find((n) => n.fname === '生物')!.fnum - 1,
    );
    const total = await ok<number>('getResourcesNum', {}, token.other);
    const own = await ok<number>('getResourcesNum', {}, token.teacher);
    expect(own - total).toBe(3);

    const found = await ok<Page>(
      'searchResources',
      { zylxType: 1, KeywordName: '乙', fId: column },
      token.teacher,
    );
    expect(found.list.map((row) => row.resourcesId)).toEqual([b]);
    expect(
      (await ok<Page>('searchResources', { type: 2, KeywordName: '乙' }, token.teacher)).total,
    ).toBe(0);
    await t.services.files
      .save(
        { fileName: '我的.txt', mimeType: 'text/plain', createdBy: teacher.id },
        Buffer.from('x'),
      )
      .then((file) =>
        ok(
          'addResource',
          { sType: 1, resourcesType: '1', resourcesPath: `/api/files/${file.id}` },
          token.teacher,
        ),
      );
    expect(
      (
        await ok<Page>('searchResources', { zylxType: 2, KeywordName: '我的' }, token.teacher)
      ).list.map((row) => row.resourcesName),
    ).toEqual(['我的.txt']);
    expect(
      (await ok<Page>('searchResources', { zylxType: 2, KeywordName: '我的' }, token.other)).total,
    ).toBe(0);
  });

  it("lists one's own files in the library (/myPublicwp), with the folder each is in", async () => {
    const mine = [
      await add(teacher, '我的公共教案.txt'),
      await add(teacher, '我的公共私有.txt', { resourcesIsOpen: '1' }),
    ];
    await add(other, '别人的公共文件.txt');
    await t.services.files
      .save(
        { fileName: '盘里.txt', mimeType: 'text/plain', createdBy: teacher.id },
        Buffer.from('y'),
      )
      .then((file) =>
        ok(
          'addResource',
          { sType: 1, resourcesType: '1', resourcesPath: `/api/files/${file.id}` },
          token.teacher,
        ),
      );
    // The original pages send every optional field, blank when not given.
    const blank = { fId: '', KeywordName: '', resourcesType: '', resourcesFileType: '' };
    const page = await ok<Page<Row & { fname: string | null; userName: string }>>(
      'getMyPublicResources',
      { ...blank, userId: teacher.id, pageNum: 1, pageSize: 50 },
      token.teacher,
    );
    const ids = page.list.map((row) => row.resourcesId);
    expect(ids).toEqual(expect.arrayContaining(mine));
    expect(page.list.every((row) => row.userName === '林老师')).toBe(true);
    expect(page.list.some((row) => row.resourcesName === '盘里.txt')).toBe(false);
    expect(page.list.find((row) => row.resourcesId === mine[0])!.fname).toBe('生物 / 细胞');
    expect(page.total).toBe(page.list.length);

    const narrowed = await ok<Page>(
      'getMyPublicResources',
      { KeywordName: '我的公共私有', fId: column },
      token.teacher,
    );
    expect(narrowed.list.map((row) => row.resourcesId)).toEqual([mine[1]]);
    // Another person's list holds none of them; nobody may ask for another's.
    const theirs = await ok<Page>('getMyPublicResources', { pageSize: 50 }, token.other);
    expect(theirs.list.some((row) => mine.includes(row.resourcesId!))).toBe(false);
    expect(theirs.list.map((row) => row.resourcesName)).toContain('别人的公共文件.txt');
    expectRefusal(
      await call('getMyPublicResources', { userId: teacher.id }, token.other),
      403,
      '只能以自己的身份操作',
    );
  });

  it('downloads a folder as one zip with Chinese names intact, only what the person may see', async () => {
    const zipped = await add(teacher, '打包说明.txt', {}, '打包下载的内容');
    await add(teacher, '打包私有.txt', { resourcesIsOpen: '1' });
    const get = (who?: string) =>
      t.app.inject({
        url: `/api/resources/folderZip/${column}`,
        headers: who ? { authorization: `Bearer ${who}` } : {},
      });
    expect((await get()).statusCode).toBe(401);
    const response = await get(token.other);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E7%94%9F%E7%89%A9.zip",
    );
    const entries = zipEntries(response.rawPayload);
    const names = entries.map((entry) => entry.name);
    expect(names).toContain('细胞/');
    expect(names).toContain('细胞/打包说明.txt');
    expect(names).not.toContain('细胞/打包私有.txt');
    expect(entries.every((entry) => entry.utf8)).toBe(true);
    expect(entries.find((entry) => entry.name === '细胞/打包说明.txt')!.data.toString('utf8')).toBe(
      '打包下载的内容',
    );
    expect(zipped).toBeGreaterThan(0);
    const own = zipEntries((await get(token.teacher)).rawPayload).map((entry) => entry.name);
    expect(own).toContain('细胞/打包私有.txt');
  });
});

/** The entries of a zip read from its central directory: name, UTF-8 flag, inflated bytes. */
function zipEntries(zip: Buffer) {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Array<{ name: string; utf8: boolean; data: Buffer }> = [];
  for (let i = 0; i < count; i += 1) {
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({
      name,
      utf8: (flags & 0x0800) !== 0,
      data: method === 8 ? inflateRawSync(raw) : raw,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
