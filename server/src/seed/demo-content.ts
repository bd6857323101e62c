import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import type { Actor, NewsFileInput } from '../modules/news/service.js';
import { FMSM_TYPES } from '../modules/intro/service.js';
import { MAGAZINE_SERIES as SERIES_ROWS, seedMagazineSeries } from '../modules/magazine/service.js';
import { DEFAULT_VIDEO_TYPES, seedVideoTypes } from '../modules/video/service.js';
import { makeImage, type ImageKind } from './demo-images.js';
import { makeMagazinePdf } from './demo-pdf.js';
import {
  HISTORY_TABS,
  SCHOLARSHIP_HTML,
  SCHOOL_AIMS_HTML,
  SCHOOL_EMBLEM_HTML,
  SCHOOL_PROFILE_HTML,
  SCHOOL_SONG_HTML,
} from './demo-school-intro.js';
import {
  MAGAZINE_SERIES,
  academicianTitle,
  exchangeTitle,
  honourTitle,
  issueDate,
  leaderCareTitle,
  magazineIssueLatin,
  magazineTitle,
  newsDescription,
  newsHtml,
  newsTitle,
  personName,
  societyName,
  sourceName,
  videoFileName,
  type DemoTopic,
  type Random,
} from './demo-text.js';
import { seededRandom } from './random.js';

const SAMPLE_VIDEO = fileURLToPath(new URL('../../assets/demo/sample.mp4', import.meta.url));

/** Columns with their topic and how many items; enough for three pages of each list. */
const NEWS_COLUMNS: Array<{ typeId: number; topic: DemoTopic; count: number; newsType?: number }> =
  [
    { typeId: 2, topic: 'campus', count: 26 },
    { typeId: 3, topic: 'education', count: 22 },
    { typeId: 6, topic: 'alumni', count: 17 },
    { typeId: 7, topic: 'teacher', count: 17 },
    { typeId: 8, topic: 'student', count: 17 },
    { typeId: 15, topic: 'demonstration', count: 20 },
    { typeId: 16, topic: 'affairs', count: 20 },
    { typeId: 17, topic: 'notice', count: 20, newsType: 2 },
    { typeId: 21, topic: 'course', count: 22 },
    { typeId: 19, topic: 'regulation', count: 10, newsType: 2 },
    { typeId: 20, topic: 'openclass', count: 10 },
    { typeId: 22, topic: 'party', count: 10 },
  ];

const DAY = 86_400_000;

/** Columns of the intranet (regulations, open classes, party affairs): half their items are staff-only. */
const INTRANET_COLUMNS = [19, 20, 22];

interface Pools {
  cover: number[];
  photo: number[];
  banner: number[];
  portrait: number[];
  logo: number[];
  poster: number[];
}

/**
 * The demo school's content, made through the same services the content
 * platform uses: news of every column with pictures, videos and attachments,
 * special topics with sub-news, galleries, videos, magazines with real PDFs,
 * the school introduction, people, societies, banners and covers. Some items
 * are pinned, some for staff only, some off the shelf or waiting for review,
 * so the visibility rules show. Deterministic: the same on every new database.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  services: Services,
  config: { dataDir: string },
  now: Date = new Date(),
): Promise<void> {
  const random = seededRandom(20260901);
  const staff = await db.selectFrom('staff').select(['id', 'name', 'code']).orderBy('id').execute();
  const admin = staff.find((s) => s.code === 'admin') ?? staff[0]!;
  const teacher = staff.find((s) => s.code === 'teacher') ?? admin;
  const authors = [admin, teacher, ...staff.filter((s) => /^t10[0-2]\d$/.test(s.code))];
  const actor = (who = random.pick(authors)): Actor => ({ staff: who, ip: '10.10.0.8' });
  const daysAgo = (days: number) =>
    new Date(now.getTime() - days * DAY - random.int(0, 600) * 60_000);

  await seedVideoTypes(db);
  await seedMagazineSeries(db);
  const pools = await imagePools(services);
  const attachments = await attachmentFiles(services, config.dataDir);
  // A picture only staff-only items show, so it is read by staff only.
  const internal = await makeImage('photo', 260);
  const internalPicture = (await services.uploads.image('校内资料照片.jpg', null, internal.data))
    .fileId;
  const sample = await services.files.save(
    { fileName: 'sample.mp4', mimeType: 'video/mp4' },
    fs.createReadStream(SAMPLE_VIDEO),
  );

  // News of the columns.
  for (const column of NEWS_COLUMNS) {
    for (let i = 0; i < column.count; i++) {
      const title = newsTitle(random, column.topic);
      const withPictures = i % 4 === 1;
      const withVideos = i % 8 === 6;
      const files: NewsFileInput[] = [];
      if (withVideos) {
        files.push(
          {
            role: 'video',
            fileId: sample.id,
            fileName: 'sample.mp4',
            caption: `${title.slice(0, 12)}（视频）`,
          },
          {
            role: 'video',
            fileId: sample.id,
            fileName: 'sample.mp4',
            caption: `${title.slice(0, 12)}（花絮）`,
          },
        );
      }
      if (withPictures) {
        for (let p = 0; p < 3; p++) {
          files.push({
            role: 'image',
            fileId: random.pick(pools.photo),
            fileName: `photo-${p + 1}.jpg`,
            caption: `${title.slice(0, 12)}（${p + 1}）`,
          });
        }
      }
      if (i % 5 === 2) files.push(...attachments.public);
      if (i === 3) files.push(attachments.legacy);
      const intranet = INTRANET_COLUMNS.includes(column.typeId);
      const staffOnly = i === 5 || (intranet && i % 2 === 1);
      await services.news.create(
        {
          typeId: column.typeId,
          title,
          description: newsDescription(random, column.topic),
          content:
            newsHtml(random, column.topic, title) +
            (staffOnly
              ? `<p><img src="/api/files/${internalPicture}" alt="校内资料照片"></p>`
              : ''),
          newsType: column.newsType ?? 1,
          contentKind: withPictures ? 2 : withVideos ? 3 : 1,
          ifTop: i < 2 && !intranet ? 1 : 0,
          schChange: column.typeId === 2 || column.typeId === 21 ? [null, 1, 2][i % 3] : null,
          enableType: staffOnly ? 2 : 1,
          ifShelves: i === 7 ? 0 : 1,
          checkStatus: i === 8 ? 0 : 1,
          source: i % 6 === 4 ? null : sourceName(random),
          releaseUser: i % 7 === 6 ? null : undefined,
          coverFileId: random.pick(pools.cover),
          shelvesDate: daysAgo(i * 9 + random.int(0, 6)),
          files: staffOnly
            ? files.filter((f) => f.role !== 'attachment').concat(attachments.staff)
            : files,
        },
        actor(),
      );
    }
  }

  // Special topics (type 4) with their sub-news; the first ones have more than a page.
  for (let i = 0; i < 20; i++) {
    const title = newsTitle(random, 'special');
    const topicId = await services.news.create(
      {
        typeId: 4,
        title,
        description: newsDescription(random, 'special'),
        content: newsHtml(random, 'special', title),
        contentKind: 2,
        ifTop: i === 0 ? 1 : 0,
        coverFileId: random.pick(pools.poster),
        source: sourceName(random),
        shelvesDate: daysAgo(i * 14),
        files: [0, 1, 2].map((p) => ({
          role: 'image' as const,
          fileId: random.pick(pools.poster),
          fileName: `poster-${p + 1}.jpg`,
          caption: `${title.slice(0, 14)}`,
        })),
      },
      actor(),
    );
    const subs = i < 3 ? 13 : random.int(3, 8);
    for (let s = 0; s < subs; s++) {
      const subTitle = newsTitle(random, 'special');
      await services.news.createSubject(
        {
          newsId: topicId,
          title: subTitle,
          content: newsHtml(random, 'special', subTitle),
          contentKind: s % 3 === 0 ? 2 : 1,
          source: s % 4 === 3 ? null : sourceName(random),
          sort: s,
          date: daysAgo(i * 14 + s),
          files:
            s % 3 === 0
              ? [0, 1].map((p) => ({
                  role: 'image' as const,
                  fileId: random.pick(pools.photo),
                  fileName: `photo-${p + 1}.jpg`,
                  caption: subTitle.slice(0, 14),
                }))
              : [],
        },
        actor(),
      );
    }
  }

  // Galleries: picture sets of 11 似水流年 and 12 最美校园.
  for (const [typeId, topic] of [
    [11, 'gallery-past'],
    [12, 'gallery-campus'],
  ] as const) {
    for (let i = 0; i < 20; i++) {
      const title = newsTitle(random, topic);
      const pictures = random.int(3, 6);
      await services.news.create(
        {
          typeId,
          title,
          description: newsDescription(random, topic),
          content: newsHtml(random, topic, title),
          newsType: 3,
          contentKind: 2,
          ifTop: i === 0 ? 1 : 0,
          coverFileId: random.pick(pools.photo),
          shelvesDate: daysAgo(i * 11),
          files: Array.from({ length: pictures }, (_, p) => ({
            role: 'image' as const,
            fileId: random.pick(pools.photo),
            fileName: `photo-${p + 1}.jpg`,
            caption: `${title.slice(0, 16)} ${p + 1}/${pictures}`,
          })),
        },
        actor(),
      );
    }
  }

  // Videos: one stored sample, many catalogue entries.
  for (let i = 0; i < 24; i++) {
    const category = DEFAULT_VIDEO_TYPES[i % DEFAULT_VIDEO_TYPES.length]!;
    const title = newsTitle(random, 'video');
    const count = i === 0 ? 30 : random.int(1, 4);
    await services.video.create(
      {
        typeId: category.id,
        title,
        content: newsHtml(random, 'video', title),
        coverFileId: random.pick(pools.cover),
        source: i % 5 === 4 ? null : sourceName(random),
        enableType: i === 6 ? 2 : 1,
        ifShelves: i === 7 ? 0 : 1,
        ifTop: i === 0 ? 1 : 0,
        createdAt: daysAgo(i * 8),
        files: Array.from({ length: count }, (_, f) => ({
          fileId: sample.id,
          fileName: videoFileName(random, f + 1),
        })),
      },
      actor(),
    );
  }

  await seedMagazines(services, pools, random);
  await seedIntroduction(services, pools, random, now);

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

async function imagePools(services: Services): Promise<Pools> {
  const make = async (kind: ImageKind, count: number, offset: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const image = await makeImage(kind, offset + i);
      ids.push((await services.uploads.image(image.fileName, null, image.data)).fileId);
    }
    return ids;
  };
  return {
    cover: await make('cover', 24, 100),
    photo: await make('photo', 24, 200),
    banner: await make('banner', 5, 300),
    portrait: await make('portrait', 16, 400),
    logo: await make('logo', 12, 500),
    poster: await make('poster', 12, 600),
  };
}

/** Attachments: public ones, one of the old site by path, and ones of staff-only items. */
async function attachmentFiles(services: Services, dataDir: string) {
  const calendar = await makeMagazinePdf({
    seriesName: '校历',
    seriesLatin: 'Qinghe School Calendar',
    issue: '2026-2027',
    pages: 2,
    seed: 77,
  });
  const pdf = await services.files.save(
    { fileName: '2026-2027学年校历.pdf', mimeType: 'application/pdf' },
    calendar,
  );
  const timetable = await services.files.save(
    { fileName: '作息时间表.csv', mimeType: 'text/csv' },
    Buffer.from(
      '\uFEFF节次,开始,结束\n早读,07:30,07:50\n第一节,08:00,08:40\n第二节,08:50,09:30\n',
      'utf8',
    ),
  );
  const staffList = await services.files.save(
    { fileName: '教职工值班安排.csv', mimeType: 'text/csv' },
    Buffer.from('\uFEFF日期,值班领导,值班教师\n周一,王校长,林老师\n', 'utf8'),
  );
  // A file of the old site, opened by its path (oldfile 1).
  const legacyDir = path.join(dataDir, 'upload', 'legacy', '2019');
  fs.mkdirSync(legacyDir, { recursive: true });
  fs.writeFileSync(path.join(legacyDir, 'open-day.txt'), '校园开放日安排（旧网站存档）\n', 'utf8');
  return {
    public: [
      { role: 'attachment' as const, fileId: pdf.id, fileName: pdf.fileName },
      { role: 'attachment' as const, fileId: timetable.id, fileName: timetable.fileName },
    ],
    legacy: {
      role: 'attachment' as const,
      legacyPath: '\\upload\\legacy\\2019\\open-day.txt',
      fileName: '校园开放日安排（旧网站存档）.txt',
    },
    staff: [{ role: 'attachment' as const, fileId: staffList.id, fileName: staffList.fileName }],
  };
}

async function seedMagazines(services: Services, pools: Pools, random: Random) {
  const issueDay = (issue: number) => {
    const { year, number } = issueDate(issue);
    return new Date(Date.UTC(year, (number - 1) * 3, 1, 2));
  };
  for (const series of SERIES_ROWS) {
    const index = series.id as 1 | 2 | 3;
    const latin = MAGAZINE_SERIES[index - 1]!;
    // Eight real PDFs per series, shared by its 32 issues to keep the first start quick.
    const pdfs: number[] = [];
    for (let p = 0; p < 8; p++) {
      const issue = 32 - p;
      const data = await makeMagazinePdf({
        seriesName: latin.name,
        seriesLatin: latin.latin,
        issue: magazineIssueLatin(issue),
        pages: 0,
        seed: index * 100 + p,
      });
      pdfs.push(
        (
          await services.files.save(
            { fileName: `${latin.name}-${issue}.pdf`, mimeType: 'application/pdf' },
            data,
          )
        ).id,
      );
    }
    for (let issue = 1; issue <= 32; issue++) {
      await services.magazine.create(
        {
          seriesId: series.id,
          title: magazineTitle(index, issue),
          coverFileId: random.pick(pools.poster),
          pdfFileId: pdfs[(32 - issue) % pdfs.length]!,
          enabled: issue === 5 ? 0 : 1,
          // Published on the first day of its quarter.
          createdAt: issueDay(issue),
        },
        null,
      );
    }
  }
}

async function seedIntroduction(services: Services, pools: Pools, random: Random, now: Date) {
  const { intro } = services;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await intro.createPage({
    wwfzType: 1,
    title: '学校简介',
    enTitle: 'About Us',
    content: SCHOOL_PROFILE_HTML,
    picFileId: pools.photo[0],
  });
  for (const [i, tab] of HISTORY_TABS.entries()) {
    await intro.createPage({
      wwfzType: 2,
      title: tab.title,
      enTitle: tab.enTitle,
      content: tab.html,
      sort: i,
    });
  }
  const posts = ['校长', '党委书记', '副校长', '副校长', '副校长', '工会主席'];
  for (const [i, post] of posts.entries()) {
    const name = personName(random);
    await intro.createPage({
      wwfzType: 3,
      title: name,
      description: post,
      content: `<p>${name}，${post}，${random.pick(['中学高级教师', '正高级教师', '特级教师'])}。长期从事学校管理与教学工作，分管${random.pick(['教学与科研', '德育与学生发展', '后勤与安全', '对外交流', '党建与工会'])}工作。</p><p>${random.pick(['主张“以生为本、以德立校”', '致力于课堂教学改革', '重视教师专业成长', '推动学校特色发展'])}，曾获青禾市优秀教育工作者称号。</p>`,
      picFileId: pools.portrait[i % pools.portrait.length],
      sort: i,
    });
  }
  const lists: Array<[number, (r: Random) => string, number]> = [
    [5, honourTitle, 20],
    [8, leaderCareTitle, 14],
    [9, academicianTitle, 14],
    [10, exchangeTitle, 14],
  ];
  for (const [wwfzType, title, count] of lists) {
    for (let i = 0; i < count; i++) {
      const text = title(random);
      await intro.createPage({
        wwfzType,
        title: text,
        description: newsDescription(random, 'campus'),
        content: newsHtml(random, 'campus', text),
        picFileId: random.pick(pools.photo),
        createdAt: at(i * 30),
        enableType: wwfzType === 8 && i === 3 ? 2 : 1,
      });
    }
  }
  await intro.createPage({
    wwfzType: 6,
    title: '校徽',
    enTitle: 'School Emblem',
    content: SCHOOL_EMBLEM_HTML,
    picFileId: pools.logo[0],
    sort: 0,
  });
  await intro.createPage({
    wwfzType: 6,
    title: '校歌',
    enTitle: 'School Song',
    content: SCHOOL_SONG_HTML,
    sort: 1,
  });
  await intro.createPage({
    wwfzType: 7,
    title: '办学宗旨',
    enTitle: 'Our Mission',
    content: SCHOOL_AIMS_HTML,
  });
  await intro.createPage({
    wwfzType: 11,
    title: '奖学金',
    enTitle: 'Scholarships',
    content: SCHOLARSHIP_HTML,
  });

  // Principals since 1952: school name at the time, post, name, education, tenure.
  const schoolNames = [
    '青溪学堂',
    '青禾县第一中学',
    '青禾县第一中学',
    '青禾市第一中学',
    '青禾市第一中学',
    '青禾实验中学',
    '青禾实验中学',
    '青禾实验中学',
    '青禾实验中学',
    '青禾实验中学',
  ];
  let year = 1952;
  for (let i = 0; i < schoolNames.length; i++) {
    const years = random.int(5, 9);
    await services.intro.createPerson({
      fmsmType: 1,
      title: personName(random),
      post: '校长',
      plateType: schoolNames[i]!,
      description: random.pick(['本科', '研究生', '大专', '博士研究生']),
      brith: `${year}年—${i === schoolNames.length - 1 ? '今' : `${year + years}年`}`,
      sort: i,
    });
    year += years;
  }
  const people: Array<[number, number]> = [
    [3, 8],
    [14, 8],
    [15, 10],
    [5, 7],
    [6, 7],
    [7, 7],
    [8, 7],
    [9, 7],
    [16, 7],
    [11, 7],
    [12, 7],
    [13, 7],
  ];
  for (const [fmsmType, count] of people) {
    for (let i = 0; i < count; i++) {
      const name = personName(random);
      const kind = FMSM_TYPES[fmsmType] ?? '';
      await services.intro.createPerson({
        fmsmType,
        title: name,
        post: fmsmType >= 11 ? `${random.int(2018, 2026)}届 ${kind}` : kind,
        description: newsDescription(
          random,
          fmsmType >= 11
            ? 'student'
            : fmsmType >= 5 && fmsmType !== 14 && fmsmType !== 15
              ? 'alumni'
              : 'teacher',
        ).slice(0, 80),
        content: `<p>${name}：${newsDescription(random, 'teacher')}</p>`,
        picFileId: random.pick(pools.portrait),
        sort: i,
      });
    }
  }
}
