import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Row {
  stype: number;
  fid: number | null;
  fname: string | null;
  fnum: number | null;
  resourcesId: number | null;
  resourcesName: string;
  userName: string | null;
  isTop: string;
}
interface Page {
  total: number;
  list: Row[];
}

/**
 * Issue 20: the drive's folder pages and searches are kept per worker under the drive's list
 * versions (raised by the database with every write to its files and folders, migration
 * 0034) and the site's content version. An upload, a rename, a move, a deletion, a pin, a
 * change of openness, a folder renamed or added, a write by any code, an uploader's new
 * name must show at once.
 */
describe('drive lists kept between changes', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let column = 0;
  let sub = 0;
  let seq = 0;

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  const folder = async (fName: string, fSuperId: number | '' = '') =>
    (await ok<{ fid: number }>('addFolder', { fName, fSuperId, sType: 0 }, token.admin)).fid;
  const add = async (who: TestStaff, name: string, fId: number, fields: Fields = {}) => {
    const file = await t.services.files.save(
      { fileName: name, mimeType: 'text/plain; charset=utf-8', createdBy: who.id },
      Buffer.from(`内容 ${(seq += 1)}`, 'utf8'),
    );
    const tokenOf = who === admin ? token.admin : who === teacher ? token.teacher : token.other;
    return (
      await ok<{ resourcesId: number }>(
        'addResource',
        { fId, resourcesType: '1', resourcesPath: `/api/files/${file.id}`, ...fields },
        tokenOf,
      )
    ).resourcesId;
  };
  const page = (fId: number, who = token.teacher) =>
    ok<Page>('getFolderFiles', { fId, pageSize: 10 }, who);
  const names = (answer: Page) => answer.list.map((row) => row.resourcesName);
  const search = (keyword: string, who = token.teacher) =>
    ok<Page>('searchResources', { zylxType: 1, KeywordName: keyword }, who);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    column = await folder('化学');
    sub = await folder('实验', column);
  });
  afterAll(() => t?.close());

  it('shows uploads, edits, pins, moves and deletions on a folder page at once', async () => {
    const a = await add(teacher, '滴定实验.txt', sub);
    expect(names(await page(sub))).toEqual(['滴定实验.txt']);
    expect(names(await page(sub))).toEqual(['滴定实验.txt']);

    const b = await add(other, '蒸馏实验.txt', sub);
    expect(names(await page(sub))).toEqual(['蒸馏实验.txt', '滴定实验.txt']);

    // Renamed and made private by its uploader: the others no longer see it.
    await ok(
      'editResource',
      {
        resourcesId: a,
        resourcesName: '酸碱滴定',
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '1',
        resourcesIsComment: '1',
        resourcesDesc: '说明',
      },
      token.teacher,
    );
    expect(names(await page(sub))).toEqual(['蒸馏实验.txt', '酸碱滴定']);
    expect(names(await page(sub, token.other))).toEqual(['蒸馏实验.txt']);
    expect(names(await page(sub, token.admin))).toEqual(['蒸馏实验.txt', '酸碱滴定']);

    // Pinned: first.
    await ok('topResource', { resourcesId: a }, token.admin);
    expect(names(await page(sub))).toEqual(['酸碱滴定', '蒸馏实验.txt']);

    // Moved to another folder: gone here, shown there.
    const other2 = await folder('废液', column);
    expect((await page(other2)).total).toBe(0);
    await ok(
      'moveResource',
      { resourcesId: b, moveType: 0, fIdOld: sub, fIdNew: other2, sType: 0 },
      token.admin,
    );
    expect(names(await page(sub))).toEqual(['酸碱滴定']);
    expect(names(await page(other2))).toEqual(['蒸馏实验.txt']);

    await ok('delResource', { resourcesId: b }, token.admin);
    expect((await page(other2)).total).toBe(0);

    // A write made by any code, beside the drive's services: the database raises the version.
    await t.db
      .updateTable('driveResource')
      .set({ name: '改过的名字' })
      .where('id', '=', a)
      .execute();
    expect(names(await page(sub))).toEqual(['改过的名字']);

    // The uploader's new name (the site's content version).
    await t.db
      .updateTable('staff')
      .set({ name: '林老师（新）' })
      .where('id', '=', teacher.id)
      .execute();
    expect((await page(sub)).list[0]!.userName).toBe('林老师（新）');
  });

  it('shows a folder renamed or added, and its count, on the page above it at once', async () => {
    const shown = async () =>
      (await page(column)).list.filter((row) => row.stype === 0).map((row) => row.fname);
    const top = (await page(column)).list;
    expect(top.filter((row) => row.stype === 0).map((row) => row.fname)).toEqual(['实验', '废液']);
    await ok('renameFolder', { fId: sub, fName: '实验室', fDesc: '' }, token.admin);
    expect(await shown()).toEqual(['实验室', '废液']);
    const third = await folder('器材', column);
    expect(await shown()).toEqual(['实验室', '废液', '器材']);
    await add(teacher, '烧杯.txt', third);
    const count = async () =>
      (await page(column)).list.find((row) => row.fid === third && row.stype === 0)!.fnum;
    expect(await count()).toBe(1);
    // A file written beside the drive's services (another worker's, as far as this one's
    // library counts know): counted at once all the same.
    const file = await t.services.files.save(
      { fileName: '量筒.txt', mimeType: 'text/plain', createdBy: teacher.id },
      Buffer.from('量筒'),
    );
    const at = new Date().toISOString();
    await t.db
      .insertInto('driveResource')
      .values({
        folderId: third,
        ownerId: null,
        uploaderId: teacher.id,
        fileId: file.id,
        name: '量筒.txt',
        fileName: '量筒.txt',
        size: 6,
        resourcesType: '1',
        fileType: '2',
        isOpen: '0',
        isComment: '0',
        statusDate: at,
        createdAt: at,
      })
      .execute();
    expect(await count()).toBe(2);
  });

  it('finds an edit, a new file and a deletion by keyword at once', async () => {
    const first = await add(teacher, '光合作用.txt', sub);
    expect(names(await search('光合'))).toEqual(['光合作用.txt']);
    expect(names(await search('光合'))).toEqual(['光合作用.txt']);
    const second = await add(other, '光合速率.txt', sub);
    expect(names(await search('光合')).sort()).toEqual(['光合作用.txt', '光合速率.txt']);
    await ok(
      'editResource',
      {
        resourcesId: first,
        resourcesName: '呼吸作用',
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '说明',
      },
      token.teacher,
    );
    expect(names(await search('光合'))).toEqual(['光合速率.txt']);
    expect(names(await search('呼吸'))).toEqual(['呼吸作用']);
    await ok('delResource', { resourcesId: second }, token.admin);
    expect((await search('光合')).total).toBe(0);
  });
});
