import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINK_URL_MESSAGE,
  SOCIETY_CATEGORIES,
  ShowcaseService,
  type BannerInput,
} from '../service.js';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createFile } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, postForm, postJson } from '../../../test-kit/http.js';

const SOCIETIES = '/api/news/getSocietyList';
const HOME_BANNERS = '/api/moveImg/getMoveImg';
const COVER = '/api/coverPic/getCoverPic';
const COVER_MESSAGE = '封面类型须为 0、1、5、9 或 14';

interface Banner {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}

/** A fresh app per group: the lists answer everything there is, so groups must not share data. */
function setup() {
  const ctx = {} as { t: TestApp; showcase: ShowcaseService };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.showcase = ctx.t.services.showcase;
  });
  afterAll(() => ctx.t?.close());
  return ctx;
}

/** The three ways a page may call a no-payload path. */
const noPayloadCalls = (
  ctx: { t: TestApp },
  url: string,
): Array<Promise<LightMyRequestResponse>> => [
  postForm(ctx.t.app, url),
  ctx.t.app.inject({ method: 'POST', url }),
  postJson(ctx.t.app, url, {}),
];

describe('api/news/getSocietyList', () => {
  const ctx = setup();

  it('answers the enabled societies by category, then sort, with logo and picture addresses', async () => {
    const { t, showcase } = ctx;
    const logo = await createFile(t.services, 'logo.png', 'image/png');
    const pic = await createFile(t.services, 'big.jpg', 'image/jpeg');
    const robots = await showcase.createSociety({
      name: '机器人社',
      category: 2,
      logoFileId: logo,
      picFileId: pic,
      sort: 2,
    });
    const astronomy = await showcase.createSociety({ name: '天文社', category: 2, sort: 1 });
    const debate = await showcase.createSociety({ name: '模联社', category: 1, sort: 9 });
    const football = await showcase.createSociety({ name: '足球社', category: 5 });
    await showcase.createSociety({ name: '已停办的社团', category: 1, enabled: false });

    const expected = [
      [debate, '模联社', 1, '海外文化', '', ''],
      [astronomy, '天文社', 2, '理工科技', '', ''],
      [robots, '机器人社', 2, '理工科技', `/api/files/${logo}`, `/api/files/${pic}`],
      [football, '足球社', 5, '体育运动', '', ''],
    ].map(([id, name, type, typeName, log, picture]) => ({
      associationId: id,
      associationName: name,
      associationType: type,
      associationTypeName: typeName,
      associationLog: log,
      associationPic: picture,
    }));
    for (const call of noPayloadCalls(ctx, SOCIETIES))
      expect(expectOk(await call)).toEqual(expected);
  });

  it('names the six category tabs', () => {
    expect(SOCIETY_CATEGORIES).toEqual({
      1: '海外文化',
      2: '理工科技',
      3: '人文社科',
      4: '社会文化',
      5: '体育运动',
      6: '文化艺术',
    });
  });

  it.each([
    ['category 0', { name: '某社', category: 0 }, '社团类别须为 1 到 6'],
    ['category 7', { name: '某社', category: 7 }, '社团类别须为 1 到 6'],
    ['an empty name', { name: ' ', category: 1 }, '请输入社团名称'],
    [
      'a missing logo',
      { name: '某社', category: 1, logoFileId: 999_999 },
      '图片不存在，请重新上传',
    ],
  ])('createSociety refuses %s', async (_case, input, message) => {
    await expect(ctx.showcase.createSociety(input)).rejects.toMatchObject({
      statusCode: 400,
      message,
    });
  });
});

describe('api/moveImg/getMoveImg', () => {
  const ctx = setup();

  it('answers the enabled home banners by sort, without the section covers', async () => {
    const { t, showcase } = ctx;
    const [a, b, c, d] = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map((name) => createFile(t.services, name)),
    );
    const banner = (input: Partial<BannerInput>) =>
      showcase.createBanner({ place: 'home', typeId: 0, imageFileId: a, title: '', ...input });
    await banner({ imageFileId: b, title: '开学典礼', linkUrl: '/newsDetail?newId=3', sort: 2 });
    await banner({ imageFileId: a, title: '校运会', linkUrl: 'https://example.edu.cn/a', sort: 1 });
    await banner({ imageFileId: c, title: '停用的图', sort: 0, enabled: false });
    await banner({ imageFileId: d, title: '无链接', sort: 3 });
    await banner({ place: 'cover', typeId: 5, imageFileId: c, title: '媒体封面', sort: 0 });

    const expected: Banner[] = [
      { coverUrl: `/api/files/${a}`, coverTitle: '校运会', newsUrl: 'https://example.edu.cn/a' },
      { coverUrl: `/api/files/${b}`, coverTitle: '开学典礼', newsUrl: '/newsDetail?newId=3' },
      { coverUrl: `/api/files/${d}`, coverTitle: '无链接', newsUrl: null },
    ];
    for (const call of noPayloadCalls(ctx, HOME_BANNERS)) {
      expect(expectOk(await call)).toEqual(expected);
    }
  });
});

describe('api/coverPic/getCoverPic', () => {
  const ctx = setup();

  it('answers the enabled covers of one section by sort', async () => {
    const { t, showcase } = ctx;
    const [media, media2, campus, off] = await Promise.all(
      ['m.jpg', 'm2.jpg', 'c.jpg', 'off.jpg'].map((name) => createFile(t.services, name)),
    );
    const cover = (typeId: number, imageFileId: number, sort: number, enabled = true) =>
      showcase.createBanner({
        place: 'cover',
        typeId,
        imageFileId,
        title: `封面${typeId}`,
        linkUrl: `/media?newsNum=${typeId}`,
        sort,
        enabled,
      });
    await cover(5, media2, 2);
    await cover(5, media, 1);
    await cover(5, off, 0, false);
    await cover(14, campus, 0);

    expect(expectOk(await postForm(t.app, COVER, { typeId: 5 }))).toEqual([
      { coverUrl: `/api/files/${media}`, coverTitle: '封面5', newsUrl: '/media?newsNum=5' },
      { coverUrl: `/api/files/${media2}`, coverTitle: '封面5', newsUrl: '/media?newsNum=5' },
    ]);
    expect(expectOk(await postJson(t.app, COVER, { typeId: 14 }))).toEqual([
      { coverUrl: `/api/files/${campus}`, coverTitle: '封面14', newsUrl: '/media?newsNum=14' },
    ]);
    expect(expectOk(await postForm(t.app, COVER, { typeId: 0 }))).toEqual([]);
    expect(expectOk(await postForm(t.app, COVER, { typeId: 9 }))).toEqual([]);
  });

  it.each([
    ['typeId 7', { typeId: 7 }],
    ['typeId -1', { typeId: -1 }],
    ['a typeId that is not a number', { typeId: 'abc' }],
    ['an empty typeId', { typeId: '' }],
    ['no typeId', {}],
  ])('refuses %s with a 400 and a Chinese message', async (_case, fields) => {
    expectRefusal(await postForm(ctx.t.app, COVER, fields), 400, COVER_MESSAGE);
  });

  it('refuses a call without any body', async () => {
    expectRefusal(await ctx.t.app.inject({ method: 'POST', url: COVER }), 400, COVER_MESSAGE);
  });

  it('createBanner refuses a cover of an unknown section and a missing picture', async () => {
    const image = await createFile(ctx.t.services);
    await expect(
      ctx.showcase.createBanner({ place: 'cover', typeId: 7, imageFileId: image, title: '' }),
    ).rejects.toMatchObject({ statusCode: 400, message: COVER_MESSAGE });
    await expect(
      ctx.showcase.createBanner({ place: 'home', typeId: 0, imageFileId: 999_999, title: '' }),
    ).rejects.toMatchObject({ statusCode: 400, message: '图片不存在，请重新上传' });
    await expect(ctx.showcase.cover(7)).rejects.toMatchObject({ message: COVER_MESSAGE });
  });
});

describe('banner links', () => {
  const ctx = setup();

  const create = async (linkUrl: string | null) => {
    const imageFileId = await createFile(ctx.t.services);
    return ctx.showcase.createBanner({ place: 'home', typeId: 0, imageFileId, title: '', linkUrl });
  };
  const stored = async (id: number) =>
    (
      await ctx.t.db
        .selectFrom('banner')
        .select('linkUrl')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).linkUrl;

  it.each([
    ['javascript:alert(1)'],
    [' JavaScript:alert(document.cookie)'],
    ['java\tscript:alert(1)'],
    ['vbscript:msgbox(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://example.edu.cn/file'],
    ['mailto:office@example.edu.cn'],
    ['example.edu.cn/page'],
    ['http://'],
    ['/news\u0000'],
  ])('refuses the link %j and stores nothing', async (linkUrl) => {
    const before = await ctx.t.db
      .selectFrom('banner')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(create(linkUrl)).rejects.toMatchObject({
      statusCode: 400,
      message: LINK_URL_MESSAGE,
    });
    const after = await ctx.t.db
      .selectFrom('banner')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps web links and site paths, trimmed', async () => {
    expect(await stored(await create('https://example.edu.cn/zs?x=1'))).toBe(
      'https://example.edu.cn/zs?x=1',
    );
    expect(await stored(await create('HTTP://example.edu.cn'))).toBe('HTTP://example.edu.cn');
    expect(await stored(await create('  /newsDetail?newId=7&typeId=2 '))).toBe(
      '/newsDetail?newId=7&typeId=2',
    );
  });

  it('stores no link for an empty or missing address', async () => {
    expect(await stored(await create(''))).toBeNull();
    expect(await stored(await create('   '))).toBeNull();
    expect(await stored(await create(null))).toBeNull();
  });

  it('refuses a link over 500 characters', async () => {
    await expect(create(`/${'a'.repeat(500)}`)).rejects.toMatchObject({
      statusCode: 400,
      message: '链接地址不能超过500个字符',
    });
  });
});
