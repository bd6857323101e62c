import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FMSM_GROUPS, FMSM_TYPES, WWFZ_TYPES } from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import {
  createFile,
  createIntroPage,
  createPerson,
  createStaff,
} from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm, postJson } from '../../../test-kit/http.js';

const PAGES = '/api/wwfz/getWwfzDetails';
const PEOPLE = '/api/fmsm/getFmsmDetails';

interface Page<T> {
  total: number;
  list: T[];
}
interface PageItem {
  wwfzId: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle: string | null;
  wwfzDesc: string;
  wwfzCont: string;
  wwfzPic: string;
  createDate: string;
}
interface PersonItem {
  fmsmId: number;
  fmsmType: number;
  fmsmTitle: string;
  fmsmDesc: string;
  fmsmCont: string;
  fmsmPic: string;
  post: string | null;
  plateType: string | null;
  brith: string | null;
}

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, await createStaff(t.db));
});
afterAll(() => t?.close());

/** A day after the test clock's start plus `days`, for ordering by date. */
const day = (days: number) => new Date(Date.UTC(2026, 0, 1 + days, 2));

/** A page in plain names, made through the one save (wwfzId: a page of fixed id, filled). */
interface PageInput {
  wwfzId?: number;
  wwfzType: number;
  title?: string;
  enTitle?: string;
  description?: string;
  content?: string;
  picFileId?: number;
  enableType?: number;
  sort?: number;
  createdAt?: Date;
}
const page = ({ title, enTitle, description, content, ...rest }: PageInput) =>
  createIntroPage(t.services, {
    ...rest,
    ...(title === undefined ? {} : { wwfzTitle: title }),
    enWwfzTitle: enTitle,
    wwfzDesc: description,
    wwfzCont: content,
  });

/** A person in plain names, made through the one save. */
interface PersonInput {
  fmsmType: number;
  subjectId?: number;
  title?: string;
  description?: string;
  content?: string;
  picFileId?: number;
  post?: string;
  plateType?: string;
  brith?: string;
  enableType?: number;
  sort?: number;
  createdAt?: Date;
}
const person = ({ title, description, content, ...rest }: PersonInput) =>
  createPerson(t.services, {
    ...rest,
    ...(title === undefined ? {} : { fmsmTitle: title }),
    fmsmDesc: description,
    fmsmCont: content,
  });

const pagesOf = async (fields: Record<string, string | number | undefined>, auth = {}) =>
  expectOk<Page<PageItem>>(await postForm(t.app, PAGES, fields, auth));
const peopleOf = async (fields: Record<string, string | number | undefined>, auth = {}) =>
  expectOk<Page<PersonItem>>(await postForm(t.app, PEOPLE, fields, auth));

describe('the code tables', () => {
  it('name every wwfzType and fmsmType of the spec', () => {
    expect(Object.keys(WWFZ_TYPES).map(Number)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10, 11]);
    expect(
      Object.keys(FMSM_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([1, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]);
    expect(
      Object.values(FMSM_GROUPS)
        .flat()
        .sort((a, b) => a - b),
    ).toEqual(Object.keys(FMSM_TYPES).map(Number));
    expect(WWFZ_TYPES[5]).toBe('学校荣誉');
    expect(FMSM_TYPES[1]).toBe('历任校长');
  });
});

describe('api/wwfz/getWwfzDetails', () => {
  it('answers the pages of one type with the spec field names', async () => {
    const pic = await createFile(t.services, 'profile.png', 'image/png');
    const id = await page({
      wwfzType: 1,
      title: ' 学校简介 ',
      enTitle: 'About Us',
      description: '百年名校',
      content: '<p>学校创建于1952年。</p>',
      picFileId: pic,
    });
    await page({ wwfzType: 7, title: '办学宗旨' });
    expect(await pagesOf({ wwfzType: 1 })).toEqual({
      total: 1,
      list: [
        {
          wwfzId: id,
          wwfzType: 1,
          wwfzTitle: '学校简介',
          enWwfzTitle: 'About Us',
          wwfzDesc: '百年名校',
          wwfzCont: '<p>学校创建于1952年。</p>',
          wwfzPic: `/api/files/${pic}`,
          createDate: '2026-03-02 16:00:00',
        },
      ],
    });
  });

  it('answers an empty picture address and a null English title when there are none', async () => {
    await page({ wwfzType: 6, title: '校徽' });
    const [item] = (await pagesOf({ wwfzType: 6 })).list;
    expect(item).toMatchObject({ wwfzPic: '', enWwfzTitle: null, wwfzDesc: '', wwfzCont: '' });
  });

  it('lists every page of a tabbed type, and wwfzId narrows to one of them', async () => {
    const other = await page({ wwfzType: 3, title: '现任领导' });

    const all = await pagesOf({ wwfzType: 2 });
    expect(all.total).toBe(3);
    expect(all.list.map((p) => p.wwfzId)).toEqual([2, 3, 44]);

    const one = await pagesOf({ wwfzType: 2, wwfzId: 3 });
    expect(one).toMatchObject({ total: 1, list: [{ wwfzId: 3, wwfzTitle: '历史沿革（二）' }] });

    // A page of another type is not found through this type.
    expect(await pagesOf({ wwfzType: 2, wwfzId: other })).toEqual({ total: 0, list: [] });
  });

  it('finds the pages the original client asks for by fixed id: history 2, 3, 44; emblem and song 8, 9', async () => {
    await page({ wwfzId: 44, wwfzType: 2, title: '校名沿革', content: '<p>1952年定名</p>' });
    await page({ wwfzId: 9, wwfzType: 6, title: '校歌', enTitle: 'School Song' });
    for (const [wwfzType, wwfzId] of [
      [2, 2],
      [2, 3],
      [2, 44],
      [6, 8],
      [6, 9],
    ]) {
      const found = await pagesOf({ wwfzType, wwfzId });
      expect(found.list.map((p) => [p.wwfzType, p.wwfzId])).toEqual([[wwfzType, wwfzId]]);
    }
    // The client posts the ids as form strings beside an empty optional field.
    const res = await postForm(t.app, PAGES, { wwfzType: '2', wwfzId: '44', enableType: '' });
    expect(expectOk<Page<PageItem>>(res).list).toMatchObject([
      { wwfzId: 44, wwfzTitle: '校名沿革', wwfzCont: '<p>1952年定名</p>' },
    ]);
    const emblemAndSong = (await pagesOf({ wwfzType: 6 })).list.filter((p) => p.wwfzId < 10);
    expect(emblemAndSong.map((p) => [p.wwfzId, p.wwfzTitle])).toEqual([
      [8, '校徽'],
      [9, '校歌'],
    ]);
    // A fixed id is filled only as the page of its own sub-section.
    await expect(page({ wwfzId: 8, wwfzType: 2, title: '错栏目' })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('不能删除或移到其他栏目'),
    });
  });

  it('pages 6 at a time by default and honours pageNum and pageSize', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await page({ wwfzType: 5, createdAt: day(i) }));
    const newestFirst = [...ids].reverse();

    const first = await pagesOf({ wwfzType: 5 });
    expect(first.total).toBe(8);
    expect(first.list.map((p) => p.wwfzId)).toEqual(newestFirst.slice(0, 6));

    const second = await pagesOf({ wwfzType: 5, pageNum: 2 });
    expect(second.list.map((p) => p.wwfzId)).toEqual(newestFirst.slice(6));

    const small = await pagesOf({ wwfzType: 5, pageNum: 2, pageSize: 3 });
    expect(small).toEqual({ total: 8, list: expect.any(Array) });
    expect(small.list.map((p) => p.wwfzId)).toEqual(newestFirst.slice(3, 6));

    expect((await pagesOf({ wwfzType: 5, pageNum: 3, pageSize: 6 })).list).toEqual([]);
  });

  it('orders by sort number first, then newest first', async () => {
    const oldLow = await page({ wwfzType: 8, sort: 1, createdAt: day(1) });
    const newLow = await page({ wwfzType: 8, sort: 1, createdAt: day(5) });
    const newest = await page({ wwfzType: 8, sort: 2, createdAt: day(9) });
    const first = await page({ wwfzType: 8, sort: 0, createdAt: day(0) });
    const list = (await pagesOf({ wwfzType: 8 })).list.map((p) => p.wwfzId);
    expect(list).toEqual([first, newLow, oldLow, newest]);
  });

  it('shows a staff-only page only to a logged-in caller who asks for enableType 2', async () => {
    const open = await page({ wwfzType: 10, title: '国际交流（公开）', createdAt: day(1) });
    const staffOnly = await page({
      wwfzType: 10,
      title: '国际交流（校内）',
      enableType: 2,
      createdAt: day(2),
    });
    const ids = (result: Page<PageItem>) => result.list.map((p) => p.wwfzId);

    expect(ids(await pagesOf({ wwfzType: 10 }))).toEqual([open]);
    expect(ids(await pagesOf({ wwfzType: 10, enableType: 2 }))).toEqual([open]);
    expect(ids(await pagesOf({ wwfzType: 10, wwfzId: staffOnly, enableType: 2 }))).toEqual([]);
    expect(ids(await pagesOf({ wwfzType: 10, enableType: 1 }, { token }))).toEqual([open]);

    const staffView = await pagesOf({ wwfzType: 10, enableType: 2 }, { token });
    expect(staffView.total).toBe(2);
    expect(ids(staffView)).toEqual([staffOnly, open]);

    // A bad token counts as anonymous on a public list.
    const stranger = await pagesOf({ wwfzType: 10, enableType: 2 }, { token: 'x'.repeat(43) });
    expect(ids(stranger)).toEqual([open]);
  });

  it('takes a JSON body as well as a form', async () => {
    const id = await page({ wwfzType: 9, title: '院士寄语' });
    const result = expectOk<Page<PageItem>>(
      await postJson(t.app, PAGES, { wwfzType: 9, pageNum: 1, pageSize: 6, enableType: 1 }),
    );
    expect(result.list.map((p) => p.wwfzId)).toEqual([id]);
  });

  it.each([
    ['no wwfzType', {}, '请选择学校介绍栏目'],
    ['an empty wwfzType', { wwfzType: '' }, '请选择学校介绍栏目'],
    ['an unknown wwfzType', { wwfzType: 4 }, '请选择学校介绍栏目'],
    ['a wwfzType that is not a number', { wwfzType: 'abc' }, '请选择学校介绍栏目'],
    ['wwfzId 0', { wwfzType: 2, wwfzId: 0 }, '页面编号不正确'],
    ['pageSize 0', { wwfzType: 1, pageSize: 0 }, '每页条数须为1到50'],
    ['pageSize 1000', { wwfzType: 1, pageSize: 1000 }, '每页条数须为1到50'],
    ['pageNum 0', { wwfzType: 1, pageNum: 0 }, '页码不正确'],
    ['enableType 3', { wwfzType: 1, enableType: 3 }, 'enableType 须为 1 或 2'],
  ])('refuses %s with a 400 and a Chinese message', async (_case, fields, msg) => {
    expectRefusal(await postForm(t.app, PAGES, fields), 400, msg);
  });
});

describe('the one save of pages, as the seed and the importer call it', () => {
  it('cleans the HTML before it is stored', async () => {
    const id = await page({
      wwfzType: 11,
      title: '奖学金',
      content:
        '<p onclick="alert(1)">文华奖学金</p><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">申请</a><img src="x" onerror="alert(4)">',
    });
    const [item] = (await pagesOf({ wwfzType: 11 })).list;
    expect(item.wwfzId).toBe(id);
    expect(item.wwfzCont).toContain('<p>文华奖学金</p>');
    for (const bad of ['<script', 'alert(2)', 'onclick', 'onerror', 'javascript:']) {
      expect(item.wwfzCont).not.toContain(bad);
    }
    const stored = await t.db
      .selectFrom('introPage')
      .select('content')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(item.wwfzCont);
  });

  it.each([
    ['an unknown type', { wwfzType: 4, title: '荣誉' }, '请选择学校介绍栏目'],
    ['an empty title', { wwfzType: 1, title: '   ' }, '请输入标题'],
    [
      'a title over 200 characters',
      { wwfzType: 1, title: '长'.repeat(201) },
      '标题不能超过200个字',
    ],
    [
      'enableType 3',
      { wwfzType: 1, title: '简介', enableType: 3 },
      'enableType 须为 1（所有人可见）或 2（仅教职工可见）',
    ],
    [
      'a missing picture',
      { wwfzType: 1, title: '简介', picFileId: 999_999 },
      '图片不存在，请重新上传',
    ],
  ])('refuses %s', async (_case, input: PageInput, message) => {
    await expect(page(input)).rejects.toMatchObject({ statusCode: 400, message });
  });
});

describe('api/fmsm/getFmsmDetails', () => {
  it('answers a principal with the table columns in their fmsm fields', async () => {
    const portrait = await createFile(t.services, 'principal.jpg', 'image/jpeg');
    const id = await person({
      fmsmType: 1,
      title: '林望舒',
      post: '校长',
      plateType: '青禾市第一中学',
      description: '北京师范大学本科',
      brith: '1952—1960',
      picFileId: portrait,
    });
    expect(await peopleOf({ fmsmType: 1 })).toEqual({
      total: 1,
      list: [
        {
          fmsmId: id,
          fmsmType: 1,
          fmsmTitle: '林望舒',
          fmsmDesc: '北京师范大学本科',
          fmsmCont: '',
          fmsmPic: `/api/files/${portrait}`,
          post: '校长',
          plateType: '青禾市第一中学',
          brith: '1952—1960',
        },
      ],
    });
  });

  it('keeps the tabs apart by fmsmType, and subjectId narrows a tab', async () => {
    const special = await person({ fmsmType: 3, title: '特级教师甲' });
    const seniorMath = await person({ fmsmType: 14, title: '正高级教师乙', subjectId: 2 });
    const seniorChinese = await person({ fmsmType: 14, title: '正高级教师丙', subjectId: 1 });

    expect((await peopleOf({ fmsmType: 3 })).list.map((p) => p.fmsmId)).toEqual([special]);
    const senior = await peopleOf({ fmsmType: 14 });
    expect(senior.total).toBe(2);
    expect(senior.list.map((p) => p.fmsmId).sort()).toEqual([seniorMath, seniorChinese].sort());
    expect((await peopleOf({ fmsmType: 14, subjectId: 2 })).list.map((p) => p.fmsmId)).toEqual([
      seniorMath,
    ]);
    expect(await peopleOf({ fmsmType: 3, subjectId: 2 })).toEqual({ total: 0, list: [] });
  });

  it('pages 6 at a time by default, ordered by sort number then newest', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await person({ fmsmType: 11, createdAt: day(i) }));
    const pinned = await person({ fmsmType: 11, sort: -1, createdAt: day(-5) });
    const expected = [pinned, ...[...ids].reverse()];

    const first = await peopleOf({ fmsmType: 11 });
    expect(first.total).toBe(8);
    expect(first.list.map((p) => p.fmsmId)).toEqual(expected.slice(0, 6));
    const second = await peopleOf({ fmsmType: 11, pageNum: 2 });
    expect(second.list.map((p) => p.fmsmId)).toEqual(expected.slice(6));
    const big = await peopleOf({ fmsmType: 11, pageSize: 50 });
    expect(big.list.map((p) => p.fmsmId)).toEqual(expected);
  });

  it('shows a staff-only person only to a logged-in caller who asks for enableType 2', async () => {
    const open = await person({ fmsmType: 6, createdAt: day(1) });
    const staffOnly = await person({ fmsmType: 6, enableType: 2, createdAt: day(2) });
    const ids = (result: Page<PersonItem>) => result.list.map((p) => p.fmsmId);
    expect(ids(await peopleOf({ fmsmType: 6, enableType: 2 }))).toEqual([open]);
    expect(ids(await peopleOf({ fmsmType: 6 }, { token }))).toEqual([open]);
    expect(ids(await peopleOf({ fmsmType: 6, enableType: 2 }, { token }))).toEqual([
      staffOnly,
      open,
    ]);
  });

  it('cleans the HTML of a person before it is stored', async () => {
    await person({
      fmsmType: 7,
      content: '<p onclick="steal()">校友风采</p><script>steal()</script>',
    });
    const [item] = (await peopleOf({ fmsmType: 7 })).list;
    expect(item.fmsmCont).toBe('<p>校友风采</p>');
  });

  it.each([
    ['no fmsmType', {}, '请选择人物栏目'],
    ['an unknown fmsmType', { fmsmType: 2 }, '请选择人物栏目'],
    ['subjectId 0', { fmsmType: 3, subjectId: 0 }, '学科编号不正确'],
    ['pageSize 0', { fmsmType: 3, pageSize: 0 }, '每页条数须为1到50'],
    ['pageSize 1000', { fmsmType: 3, pageSize: 1000 }, '每页条数须为1到50'],
  ])('refuses %s with a 400 and a Chinese message', async (_case, fields, msg) => {
    expectRefusal(await postForm(t.app, PEOPLE, fields), 400, msg);
  });

  it.each([
    ['an unknown type', { fmsmType: 2, title: '某人' }, '请选择人物栏目'],
    ['an empty name', { fmsmType: 1, title: '' }, '请输入姓名'],
    ['a long post', { fmsmType: 1, title: '某人', post: '长'.repeat(101) }, '职务不能超过100个字'],
  ])('the one save of people refuses %s', async (_case, input: PersonInput, message) => {
    await expect(person(input)).rejects.toMatchObject({ statusCode: 400, message });
  });
});
