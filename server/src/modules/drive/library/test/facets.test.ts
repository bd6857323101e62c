import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-kit/app.js';
import { createStaff, type TestStaff } from '../../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../../test-kit/http.js';

type Fields = Record<string, string | number>;
interface Facet {
  id: number;
  kind: string;
  name: string;
  parentId: number | null;
  sort: number;
  enabled: boolean;
  useNum?: number;
}
interface Row {
  resourcesId: number;
  resourcesName: string;
  stageId?: number | null;
  gradeId?: number | null;
  subjectId?: number | null;
  editionId?: number | null;
  chapter?: string | null;
}
interface Page {
  total: number;
  list: Row[];
}
interface Counts {
  stage: Array<{ id: number; num: number }>;
  grade: Array<{ id: number; num: number }>;
  subject: Array<{ id: number; num: number }>;
  edition: Array<{ id: number; num: number }>;
}

/** The form an upload dialog posts, optional fields empty as the pages send them. */
const BLANK_FACETS = { stageId: '', gradeId: '', subjectId: '', editionId: '', chapter: '' };

describe('api/resources: teaching facets of the library', () => {
  let t: TestApp;
  let admin: TestStaff;
  let teacher: TestStaff;
  let other: TestStaff;
  const token = { admin: '', teacher: '', other: '' };
  let unit = 0;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createStaff(t.db, { name: '网盘管理员', isAdmin: '1' });
    teacher = await createStaff(t.db, { name: '林老师' });
    other = await createStaff(t.db, { name: '王老师' });
    token.admin = await login(t.app, admin);
    token.teacher = await login(t.app, teacher);
    token.other = await login(t.app, other);
    const column = expectOk<{ fid: number }>(
      await call('addFolder', { sType: 0, fName: '数学' }, token.admin),
    ).fid;
    unit = expectOk<{ fid: number }>(
      await call('addFolder', { sType: 0, fName: '第一单元', fSuperId: column }, token.admin),
    ).fid;
    for (const facet of await facets(token.teacher)) id[facet.name] = facet.id;
  });
  afterAll(() => t?.close());

  const call = (path: string, fields: Fields, who: string) =>
    postForm(t.app, `/api/resources/${path}`, fields, { token: who });
  const ok = async <T>(path: string, fields: Fields, who: string) =>
    expectOk<T>(await call(path, fields, who));
  const facets = (who: string) => ok<Facet[]>('getFacets', {}, who);
  const upload = async (owner: TestStaff) => {
    const file = await t.services.files.save(
      { fileName: 'a.pdf', mimeType: 'application/pdf', createdBy: owner.id },
      Buffer.from('%PDF-1.4 facets'),
    );
    return `/api/files/${file.id}`;
  };
  const registering = async (fields: Fields, who = teacher, whoToken = token.teacher) =>
    call(
      'addResource',
      {
        fId: unit,
        resourcesType: '1',
        resourcesFileType: '',
        resourcesIsOpen: '',
        resourcesIsComment: '',
        resourcesDesc: '',
        resourcesName: '',
        resourcesFname: '',
        resourcesPath: await upload(who),
        ...BLANK_FACETS,
        ...fields,
      },
      whoToken,
    );
  const register = async (fields: Fields) =>
    expectOk<{ resourcesId: number }>(await registering(fields)).resourcesId;
  const detail = (resourcesId: number, who = token.teacher) =>
    ok<Row>('getResourcesDetail', { resourcesId }, who);
  const edit = (resourcesId: number, fields: Fields, who = token.teacher) =>
    call(
      'editResource',
      {
        resourcesId,
        resourcesType: '1',
        resourcesFileType: '3',
        resourcesIsOpen: '2',
        resourcesIsComment: '1',
        resourcesDesc: '说明',
        resourcesIsProtected: '',
        ...fields,
      },
      who,
    );
  const counts = (fields: Fields, who = token.teacher) =>
    ok<Counts>('getFacetCounts', { KeywordName: '', fId: '', ...BLANK_FACETS, ...fields }, who);
  const numOf = (list: Array<{ id: number; num: number }>, facetId: number) =>
    list.find((entry) => entry.id === facetId)?.num ?? 0;

  it('has the default dictionary of a secondary school in every database', async () => {
    const all = await facets(token.teacher);
    const names = (kind: string) => all.filter((f) => f.kind === kind).map((f) => f.name);
    expect(names('stage')).toEqual(['初中', '高中']);
    expect(names('grade')).toEqual(['七年级', '八年级', '九年级', '高一', '高二', '高三']);
    expect(names('subject')).toEqual(expect.arrayContaining(['语文', '数学', '道德与法治']));
    expect(names('edition')).toEqual(expect.arrayContaining(['人教版', '统编版', '湘教版']));
    expect(all.find((f) => f.name === '高一')!.parentId).toBe(id['高中']);
    expect(all.every((f) => f.useNum === undefined)).toBe(true);
    // Drive administrators see how many files use each value.
    const forAdmin = await facets(token.admin);
    expect(forAdmin.every((f) => f.useNum === 0)).toBe(true);
  });

  it('sets facets on upload and edit, and keeps old calls working', async () => {
    // The spec's add form without facet fields at all, and with empty ones.
    const plain = await ok<{ resourcesId: number }>(
      'addResource',
      {
        fId: unit,
        resourcesType: '1',
        resourcesPath: await upload(teacher),
      },
      token.teacher,
    );
    expect(await detail(plain.resourcesId)).toMatchObject({ subjectId: null, chapter: null });
    const blank = await register({});
    expect(await detail(blank)).toMatchObject({ stageId: null, gradeId: null, subjectId: null });

    // A grade without its stage: the stage follows the grade.
    const tagged = await register({
      gradeId: id['高一']!,
      subjectId: id['数学']!,
      editionId: id['人教版']!,
      chapter: ' 第一章 集合 ',
    });
    expect(await detail(tagged)).toMatchObject({
      stageId: id['高中'],
      gradeId: id['高一'],
      subjectId: id['数学'],
      editionId: id['人教版'],
      chapter: '第一章 集合',
    });
    // An edit without withFacets (the spec's form) leaves them alone.
    expectOk(await edit(tagged, { ...BLANK_FACETS }));
    expect(await detail(tagged)).toMatchObject({ subjectId: id['数学'], chapter: '第一章 集合' });
    // The facet form sends them in full: blank clears, ids set.
    expectOk(
      await edit(tagged, {
        withFacets: '1',
        ...BLANK_FACETS,
        stageId: id['高中']!,
        gradeId: id['高二']!,
        subjectId: id['数学']!,
      }),
    );
    expect(await detail(tagged)).toMatchObject({
      gradeId: id['高二'],
      editionId: null,
      chapter: null,
    });
    // A field alone changes only itself; 0 clears it.
    expectOk(await edit(tagged, { editionId: id['北师大版']! }));
    expectOk(await edit(tagged, { gradeId: 0 }));
    expect(await detail(tagged)).toMatchObject({
      stageId: id['高中'],
      gradeId: null,
      editionId: id['北师大版'],
    });
  });

  it('refuses unknown, disabled and mismatched values, and others editing, with 4xx', async () => {
    const mine = await register({ subjectId: id['语文']! });
    expectRefusal(
      await edit(mine, { subjectId: 999999 }),
      400,
      '所选学科不存在或已删除，请重新选择',
    );
    expectRefusal(
      await edit(mine, { subjectId: id['人教版']! }),
      400,
      '所选学科不存在或已删除，请重新选择',
    );
    expectRefusal(
      await edit(mine, { stageId: id['初中']!, gradeId: id['高一']! }),
      400,
      '年级“高一”不属于所选学段，请重新选择',
    );
    expectRefusal(await edit(mine, { subjectId: 'abc' }), 400, '学科不正确');
    expectRefusal(
      await edit(mine, { subjectId: id['数学']! }, token.other),
      403,
      '只能编辑自己上传的文件',
    );
    // Facets belong to the library: not on one's own disk.
    expectRefusal(
      await call(
        'addResource',
        {
          sType: 1,
          resourcesType: '1',
          resourcesPath: await upload(teacher),
          subjectId: id['数学']!,
        },
        token.teacher,
      ),
      400,
      '只有资源库的文件可以设置学段、年级、学科、教材版本和章节',
    );
    // A disabled value: kept where it is, refused as a new choice.
    expectOk(await call('editFacet', { id: id['语文']!, enabled: '0', name: '' }, token.admin));
    expectOk(await edit(mine, { subjectId: id['语文']!, chapter: '第二单元' }));
    expectRefusal(
      await registering({ subjectId: id['语文']! }),
      400,
      '学科“语文”已停用，请重新选择',
    );
    expectOk(await call('editFacet', { id: id['语文']!, enabled: '1' }, token.admin));
  });

  it('lets only drive administrators keep the dictionary', async () => {
    for (const [path, fields] of [
      ['addFacet', { kind: 'subject', name: '书法' }],
      ['editFacet', { id: id['数学']!, name: '算术' }],
      ['moveFacet', { id: id['数学']!, direction: 'up' }],
      ['delFacet', { id: id['数学']! }],
    ] as const) {
      expectRefusal(await call(path, fields, token.teacher), 403, '只有网盘管理员可以进行此操作');
    }
    const added = await ok<{ id: number }>(
      'addFacet',
      { kind: 'subject', name: '书法', parentId: '' },
      token.admin,
    );
    expectRefusal(
      await call('addFacet', { kind: 'subject', name: '书法' }, token.admin),
      409,
      '学科“书法”已存在',
    );
    expectRefusal(
      await call('addFacet', { kind: 'grade', name: '初一' }, token.admin),
      400,
      '请选择年级所属的学段',
    );
    expectRefusal(
      await call('addFacet', { kind: 'color', name: '红' }, token.admin),
      400,
      '请选择分面：stage、grade、subject 或 edition',
    );
    expectRefusal(
      await call('addFacet', { kind: 'subject', name: '   ' }, token.admin),
      400,
      '请填写名称，不超过20个字',
    );
    const grade = await ok<{ id: number }>(
      'addFacet',
      { kind: 'grade', name: '预备年级', parentId: id['初中']! },
      token.admin,
    );
    expectOk(await call('editFacet', { id: added.id, name: '书法与篆刻' }, token.admin));
    expectOk(await call('moveFacet', { id: added.id, direction: 'up' }, token.admin));
    const subjects = (await facets(token.teacher)).filter((f) => f.kind === 'subject');
    expect(subjects.at(-2)!.name).toBe('书法与篆刻');
    expectRefusal(
      await call('moveFacet', { id: subjects[0]!.id, direction: 'up' }, token.admin),
      400,
      '已经是第一个了',
    );
    // Deleting: refused while files use it, or while a stage has grades.
    expectRefusal(
      await call('delFacet', { id: id['数学']! }, token.admin),
      409,
      expect.stringContaining('学科“数学”已被') as unknown as string,
    );
    expectRefusal(
      await call('delFacet', { id: id['初中']! }, token.admin),
      409,
      '学段“初中”下还有年级，请先删除或移走这些年级',
    );
    expectOk(await call('delFacet', { id: added.id }, token.admin));
    expectOk(await call('delFacet', { id: grade.id }, token.admin));
    expectRefusal(
      await call('delFacet', { id: added.id }, token.admin),
      404,
      '该分面值不存在或已删除',
    );
    // Every change is in the operation log.
    const logged = await t.db
      .selectFrom('operLog')
      .select('operType')
      .where('infoTable', '=', 'T_DRIVE_FACET')
      .execute();
    expect(logged.map((row) => row.operType)).toEqual(
      expect.arrayContaining(['新增学科：书法', '删除学科“书法与篆刻”']),
    );
  });

  it('filters lists and searches by facets, with counts that respect private files', async () => {
    const before = await counts({});
    const physics = id['物理']!;
    const a = await register({
      gradeId: id['七年级']!,
      subjectId: physics,
      editionId: id['人教版']!,
      chapter: '光现象',
      resourcesName: '光的反射',
    });
    await register({
      gradeId: id['八年级']!,
      subjectId: physics,
      chapter: '光现象',
      resourcesName: '平面镜成像',
    });
    // Private: its uploader and drive administrators count it, other teachers do not.
    await register({
      gradeId: id['七年级']!,
      subjectId: physics,
      resourcesIsOpen: '1',
      resourcesName: '私有的光',
    });

    const mine = await counts({ subjectId: physics });
    expect(numOf(mine.subject, physics)).toBe(numOf(before.subject, physics) + 3);
    expect(numOf(mine.grade, id['七年级']!)).toBe(2);
    expect(numOf(mine.stage, id['初中']!)).toBe(3);
    expect(numOf(mine.subject, physics)).toBe(3);
    const others = await counts({ subjectId: physics }, token.other);
    expect(numOf(others.grade, id['七年级']!)).toBe(1);
    expect(numOf(others.subject, physics)).toBe(2);
    const admins = await counts({ subjectId: physics, gradeId: id['七年级']! }, token.admin);
    expect(numOf(admins.grade, id['七年级']!)).toBe(2);
    // A facet's own counts leave its filter out: the other grades stay countable.
    expect(numOf(admins.grade, id['八年级']!)).toBe(1);
    // Words and facets together.
    const worded = await counts({ subjectId: physics, KeywordName: '平面镜' }, token.other);
    expect(numOf(worded.subject, physics)).toBe(1);

    const search = await ok<Page>(
      'searchResources',
      {
        type: 1,
        KeywordName: '光',
        pageNum: 1,
        pageSize: 10,
        ...BLANK_FACETS,
        subjectId: physics,
        gradeId: id['七年级']!,
      },
      token.other,
    );
    expect(search.list.map((row) => row.resourcesName)).toEqual(['光的反射']);
    expect(search.list[0]).toMatchObject({ subjectId: physics, chapter: '光现象', resourcesId: a });
    const newest = await ok<Page>(
      'getNewUpload',
      { pageNum: 1, pageSize: 10, chapter: '光现象' },
      token.other,
    );
    expect(newest.total).toBe(2);
    // A folder page filtered by a facet shows the files only.
    const folderPage = await ok<Page>(
      'getFolderFiles',
      { fId: unit, subjectId: physics, pageNum: 1, pageSize: 10 },
      token.other,
    );
    expect(folderPage.total).toBe(2);
    // Chapter suggestions from what is already given there.
    expect(
      await ok<string[]>('getChapters', { subjectId: physics, keyword: '' }, token.other),
    ).toEqual(['光现象']);
    expect(
      await ok<string[]>('getChapters', { subjectId: physics, keyword: '电' }, token.other),
    ).toEqual([]);
  });

  it('reads kept lists again after a facet or dictionary change', async () => {
    const chem = id['化学']!;
    const fields = { type: 1, pageNum: 1, pageSize: 10, subjectId: chem };
    expect((await ok<Page>('searchResources', fields, token.other)).total).toBe(0);
    const r = await register({ subjectId: chem });
    expect((await ok<Page>('searchResources', fields, token.other)).total).toBe(1);
    expectOk(await edit(r, { subjectId: 0 }));
    expect((await ok<Page>('searchResources', fields, token.other)).total).toBe(0);
    const version = async () =>
      (await t.db
        .selectFrom('driveListVersion' as never)
        .selectAll()
        .execute()) as unknown;
    const at = JSON.stringify(await version());
    expectOk(await call('editFacet', { id: chem, name: '化学（新）' }, token.admin));
    expect(JSON.stringify(await version())).not.toBe(at);
    expectOk(await call('editFacet', { id: chem, name: '化学' }, token.admin));
  });
});
