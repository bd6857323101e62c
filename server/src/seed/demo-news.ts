import type { NewsFileInput } from '../modules/news/service.js';
import type { DemoContext } from './demo-context.js';
import { DAY } from './demo-context.js';
import {
  admissionsNotice,
  distinctTitle,
  newsDescription,
  newsHtml,
  newsTitle,
  sourceName,
  type DemoTopic,
} from './demo-text.js';

/**
 * Columns with their topic and how many items; enough for three pages of each list (the
 * intranet's lists show 15 a page).
 */
const NEWS_COLUMNS: Array<{ typeId: number; topic: DemoTopic; count: number; newsType?: number }> =
  [
    { typeId: 2, topic: 'campus', count: 26 },
    { typeId: 3, topic: 'education', count: 22 },
    { typeId: 6, topic: 'alumni', count: 17 },
    { typeId: 7, topic: 'teacher', count: 17 },
    { typeId: 8, topic: 'student', count: 17 },
    { typeId: 15, topic: 'demonstration', count: 20 },
    { typeId: 16, topic: 'affairs', count: 46 },
    { typeId: 17, topic: 'notice', count: 48, newsType: 2 },
    { typeId: 21, topic: 'course', count: 22 },
    { typeId: 19, topic: 'regulation', count: 40, newsType: 2 },
    { typeId: 20, topic: 'openclass', count: 36 },
    { typeId: 22, topic: 'party', count: 36 },
  ];

/** Columns of the intranet (regulations, open classes, party affairs): half their items are staff-only. */
const INTRANET_COLUMNS = [19, 20, 22];

/**
 * News of every column, with pictures, videos and attachments. Some are
 * pinned, some for staff only, some off the shelf or waiting for review.
 */
export async function seedColumnNews(ctx: DemoContext): Promise<void> {
  const { services, random, actor, daysAgo } = ctx;
  const { pools, attachments, internalPicture, sampleVideo } = ctx.files;
  for (const column of NEWS_COLUMNS) {
    const titles = new Set<string>();
    for (let i = 0; i < column.count; i++) {
      // The date first: the title's year, term, season and holiday are the date's.
      const shelvesDate = daysAgo(i * 9 + random.int(0, 6));
      const title = distinctTitle(titles, () => newsTitle(random, column.topic, shelvesDate));
      const withPictures = i % 4 === 1;
      const withVideos = i % 8 === 6;
      const files: NewsFileInput[] = [];
      if (withVideos) {
        files.push(
          {
            role: 'video',
            fileId: sampleVideo,
            fileName: 'sample.mp4',
            caption: `${title.slice(0, 12)}（视频）`,
          },
          {
            role: 'video',
            fileId: sampleVideo,
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
          description: newsDescription(random, column.topic, shelvesDate),
          content:
            newsHtml(random, column.topic, title, shelvesDate) +
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
          shelvesDate,
          files: staffOnly
            ? files.filter((f) => f.role !== 'attachment').concat(attachments.staff)
            : files,
        },
        actor(),
      );
    }
  }
}

/** When the admissions notices came out: in April of each of the last five years, before `now`. */
export function admissionsDates(now: Date): Date[] {
  const dates: Date[] = [];
  for (let year = now.getUTCFullYear() - 4; year <= now.getUTCFullYear(); year++) {
    const date = new Date(Date.UTC(year, 3, 8 + (year % 5), 1, 30));
    if (date.getTime() <= now.getTime() - DAY) dates.push(date);
  }
  return dates;
}

/**
 * The admissions notices (招生简章) of the 部门公告 column: one for each of
 * the last five springs, published in April before the 中考; this year's only
 * once April has come.
 */
export async function seedAdmissions(ctx: DemoContext): Promise<void> {
  const { services, random, actor, now } = ctx;
  const { pools } = ctx.files;
  for (const shelvesDate of admissionsDates(now)) {
    const year = shelvesDate.getUTCFullYear();
    const notice = admissionsNotice(year, 16 + (year % 3));
    await services.news.create(
      {
        typeId: 17,
        title: notice.title,
        description: notice.description,
        content: notice.html,
        newsType: 2,
        contentKind: 1,
        source: '招生办公室',
        coverFileId: random.pick(pools.cover),
        shelvesDate,
        files: [],
      },
      actor(),
    );
  }
}

/** Special topics (type 4) with their sub-news; the first ones have more than a page. */
export async function seedSpecialTopics(ctx: DemoContext): Promise<void> {
  const { services, random, actor, daysAgo } = ctx;
  const { pools } = ctx.files;
  const titles = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const shelvesDate = daysAgo(i * 14);
    const title = distinctTitle(titles, () => newsTitle(random, 'special', shelvesDate));
    const topicId = await services.news.create(
      {
        typeId: 4,
        title,
        description: newsDescription(random, 'special', shelvesDate),
        content: newsHtml(random, 'special', title, shelvesDate),
        contentKind: 2,
        ifTop: i === 0 ? 1 : 0,
        coverFileId: random.pick(pools.poster),
        source: sourceName(random),
        shelvesDate,
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
      const date = daysAgo(i * 14 + s);
      const subTitle = distinctTitle(titles, () => newsTitle(random, 'special', date));
      await services.news.createSubject(
        {
          newsId: topicId,
          title: subTitle,
          content: newsHtml(random, 'special', subTitle, date),
          contentKind: s % 3 === 0 ? 2 : 1,
          source: s % 4 === 3 ? null : sourceName(random),
          sort: s,
          date,
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
}

/** Galleries: picture sets of 11 似水流年 and 12 最美校园. */
export async function seedGalleries(ctx: DemoContext): Promise<void> {
  const { services, random, actor, daysAgo } = ctx;
  const { pools } = ctx.files;
  for (const [typeId, topic] of [
    [11, 'gallery-past'],
    [12, 'gallery-campus'],
  ] as const) {
    const titles = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const shelvesDate = daysAgo(i * 11);
      const title = distinctTitle(titles, () => newsTitle(random, topic, shelvesDate));
      const pictures = random.int(3, 6);
      await services.news.create(
        {
          typeId,
          title,
          description: newsDescription(random, topic, shelvesDate),
          content: newsHtml(random, topic, title, shelvesDate),
          newsType: 3,
          contentKind: 2,
          ifTop: i === 0 ? 1 : 0,
          // The last two of each gallery wait for the picture review (图片审核).
          ...(i >= 18 ? { checkStatus: 0 } : {}),
          coverFileId: random.pick(pools.photo),
          shelvesDate,
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
}
