import type { DemoContext } from './demo-context.js';
import { societyName } from './demo-text.js';

/** Five societies of each of the six categories, with distinct names. */
export async function seedSocieties(ctx: DemoContext): Promise<void> {
  const { services, random } = ctx;
  const { pools } = ctx.files;
  for (let category = 1 as 1 | 2 | 3 | 4 | 5 | 6; category <= 6; category++) {
    const names = new Set<string>();
    for (let i = 0; i < 5; i++) {
      let name = societyName(random, category);
      for (let tries = 0; names.has(name) && tries < 20; tries++)
        name = societyName(random, category);
      if (names.has(name)) name = `${name}（${i + 1}）`;
      names.add(name);
      await services.showcase.createSociety({
        name,
        category,
        logoFileId: random.pick(pools.logo),
        picFileId: random.pick(pools.poster),
        sort: i,
      });
    }
  }
}

/** The home carousel and the covers of the sections. */
export async function seedBanners(ctx: DemoContext): Promise<void> {
  const { services, random } = ctx;
  const { pools } = ctx.files;
  const homeLinks = [
    '/news?newsNum=2',
    '/campus?campusNum=15',
    '/picture',
    '/video',
    '/meetfuyi?newsNum=1',
  ];
  for (let i = 0; i < pools.banner.length; i++) {
    await services.showcase.createBanner({
      place: 'home',
      typeId: 0,
      imageFileId: pools.banner[i]!,
      title: [
        '青禾春晓 · 新学期新气象',
        '书香校园 · 阅读点亮成长',
        '科技创新 · 逐梦未来',
        '阳光体育 · 健康青春',
        '文化传承 · 厚德博学',
      ][i % 5]!,
      linkUrl: homeLinks[i % homeLinks.length],
      sort: i,
    });
  }
  for (const [typeId, title, link] of [
    [0, '校刊文集', null],
    [1, '新闻中心', '/news?newsNum=2'],
    [5, '校园媒体', null],
    [9, '遇见青禾', '/meetfuyi?newsNum=1'],
    [14, '校园专栏', null],
  ] as const) {
    await services.showcase.createBanner({
      place: 'cover',
      typeId,
      imageFileId: random.pick(pools.banner),
      title,
      linkUrl: link,
    });
  }
}
