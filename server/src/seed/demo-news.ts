import type { NewsFileInput } from '../modules/news/service.js';
import { DAY, DEMO_IP, demoNews, type DemoContext } from './demo-context.js';
import { placeInReview } from '../platform/publishing/review-place.js';
import { termOf } from './demo-events-facts.js';
import {
  COLUMN_KINDS,
  distinctEvent,
  eventVideo,
  titleKey,
  type DemoEvent,
  type EventKindId,
} from './demo-events.js';
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

/** What the `p`th picture of an event shows, as a caption under it. */
function pictureCaption(event: DemoEvent, p: number): string {
  return [`${event.word}现场：${event.place}`, `${event.word}中的师生`, `${event.word}剪影`][
    p % 3
  ]!;
}

/** Columns of the intranet (regulations, open classes, party affairs): half their items are staff-only. */
const INTRANET_COLUMNS = [19, 20, 22];

/**
 * News of every column, with pictures, videos and attachments. Some are
 * pinned, some for staff only, some off the shelf or waiting for review.
 */
export async function seedColumnNews(ctx: DemoContext): Promise<void> {
  const { random, actor, daysAgo } = ctx;
  const { pools, attachments, internalPicture, sampleVideo } = ctx.files;
  for (const column of NEWS_COLUMNS) {
    const titles = new Set<string>();
    const bodies = new Set<string>();
    const kinds = COLUMN_KINDS[column.typeId];
    for (let i = 0; i < column.count; i++) {
      const target = daysAgo(i * 9 + random.int(0, 6));
      // Every item is written from its event (a rule: the day it was issued).
      const event = kinds ? distinctEvent(random, kinds, target, titles, bodies) : undefined;
      const shelvesDate = event?.date ?? target;
      const title =
        event?.title ?? distinctTitle(titles, () => newsTitle(random, column.topic, shelvesDate));
      const withPictures = i % 4 === 1;
      const withVideos = i % 8 === 6;
      const files: NewsFileInput[] = [];
      if (withVideos) {
        // One clip of each kind of event, its scene and word, shared by the items of that kind.
        const clip = event ? await eventVideo(ctx.files, event) : sampleVideo;
        for (const part of ['视频', '花絮']) {
          files.push({
            role: 'video',
            fileId: clip,
            fileName: 'sample.mp4',
            caption: event ? `${event.word}${part}` : `活动${part}`,
          });
        }
      }
      if (withPictures) {
        for (let p = 0; p < 3; p++) {
          files.push({
            role: 'image',
            fileId: event
              ? await ctx.files.picture('photo', event.scene, p)
              : random.pick(pools.photo),
            fileName: `photo-${p + 1}.jpg`,
            caption: event ? pictureCaption(event, p) : `活动现场（${p + 1}）`,
          });
        }
      }
      if (i % 5 === 2) files.push(...attachments.public);
      if (i === 3) files.push(attachments.legacy);
      const intranet = INTRANET_COLUMNS.includes(column.typeId);
      const staffOnly = i === 5 || (intranet && i % 2 === 1);
      await demoNews(
        ctx,
        {
          typeId: column.typeId,
          title,
          description: event?.description ?? newsDescription(random, column.topic, shelvesDate),
          content:
            (event?.html ?? newsHtml(random, column.topic, title, shelvesDate)) +
            (staffOnly
              ? `<p><img src="/api/files/${internalPicture}" alt="校内资料照片"></p>`
              : ''),
          newsType: column.newsType ?? 1,
          contentKind: withPictures ? 2 : withVideos ? 3 : 1,
          schChange: column.typeId === 2 || column.typeId === 21 ? [null, 1, 2][i % 3] : null,
          enableType: staffOnly ? 2 : 1,
          source: i % 6 === 4 ? null : sourceName(random),
          coverFileId: event
            ? await ctx.files.picture('cover', event.scene, i % 2)
            : random.pick(pools.cover),
          shelvesDate,
          files: staffOnly
            ? files.filter((f) => f.role !== 'attachment').concat(attachments.staff)
            : files,
        },
        actor(),
        // Pinned, off the shelf, or waiting for review, so the visibility rules show.
        i === 8
          ? { reviewState: 'submitted' }
          : { ifTop: i < 2 && !intranet ? 1 : 0, ifShelves: i === 7 ? 0 : 1 },
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
  const { random, actor, now } = ctx;
  const { pools } = ctx.files;
  for (const shelvesDate of admissionsDates(now)) {
    const year = shelvesDate.getUTCFullYear();
    const notice = admissionsNotice(year, 16 + (year % 3));
    await demoNews(
      ctx,
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

/** What a special topic (专题) gathers: the reports of one kind of work over a term. */
const TOPICS: ReadonlyArray<readonly [EventKindId, string]> = [
  ['volunteer', '志愿服务'],
  ['study', '研学实践'],
  ['research', '教研活动'],
  ['contest', '学科竞赛'],
  ['football', '校园足球'],
  ['openLesson', '公开课'],
];

/**
 * Special topics (type 4) with their sub-news: each gathers the reports of one kind of work in
 * one term (专题｜2025—2026学年第一学期研学实践), its sub-news events of that kind. The first
 * ones have more than a page.
 */
export async function seedSpecialTopics(ctx: DemoContext): Promise<void> {
  const { services, random, actor, daysAgo } = ctx;
  const titles = new Set<string>();
  const bodies = new Set<string>();
  for (let i = 0; i < 20; i++) {
    const [kind, name] = TOPICS[i % TOPICS.length]!;
    const subs = i < 3 ? 13 : random.int(3, 8);
    let first = distinctEvent(random, [kind], daysAgo(i * 14), new Set(), bodies);
    let title = `专题｜${termOf(first.date)}${name}`;
    // One topic per kind and term: an older term when this one has its topic.
    while (titles.has(title)) {
      first = distinctEvent(
        random,
        [kind],
        new Date(first.date.getTime() - 120 * DAY),
        new Set(),
        bodies,
      );
      title = `专题｜${termOf(first.date)}${name}`;
    }
    titles.add(title);
    titles.add(titleKey(first.title));
    // The topic is saved first, its sub-news added by its author, then it is published with them.
    const topic = {
      typeId: 4,
      title,
      description: `本专题汇集${termOf(first.date)}我校${name}的${subs}篇报道。${first.description}`,
      content: `<p>本专题汇集${termOf(first.date)}我校${name}的${subs}篇报道，按时间先后排列，下面是最近的一篇。</p>${first.html}`,
      contentKind: 2,
      coverFileId: await ctx.files.picture('poster', first.scene, 0),
      source: sourceName(random),
      shelvesDate: first.date,
      files: await Promise.all(
        [0, 1, 2].map(async (p) => ({
          role: 'image' as const,
          fileId: await ctx.files.picture('poster', first.scene, p),
          fileName: `poster-${p + 1}.jpg`,
          caption: `${termOf(first.date)}${name}（${p + 1}）`,
        })),
      ),
    };
    const author = actor();
    const topicId = await services.cmsNews.save(topic, author, DEMO_IP, { onBehalf: true });
    // The sub-news: reports of the same kind, from the topic's day back through its term.
    let at = first.date;
    for (let s = 0; s < subs; s++) {
      const event = s === 0 ? first : distinctEvent(random, [kind], at, titles, bodies);
      at = new Date(event.date.getTime() - random.int(3, 9) * DAY);
      const pictures = s % 3 === 0 ? [0, 1] : [];
      const sub = {
        newId: topicId,
        title: event.title,
        content: event.html,
        contentKind: pictures.length ? 2 : 1,
        source: s % 4 === 3 ? null : sourceName(random),
        sort: s,
        files: await Promise.all(
          pictures.map(async (p) => ({
            role: 'image' as const,
            fileId: await ctx.files.picture('photo', event.scene, p),
            fileName: `photo-${p + 1}.jpg`,
            caption: event.title.slice(0, 14),
          })),
        ),
      };
      // The generator's draw for a sub-news' author, kept so that what follows stays the same:
      // sub-news are added by their topic's author, as the platform lets them.
      actor();
      await services.cmsSubject.save(sub, author, DEMO_IP, { onBehalf: true, at: event.date });
    }
    await placeInReview(
      services.news.review,
      topicId,
      { ifTop: i === 0 ? 1 : 0 },
      { author, reviewer: ctx.admin, ip: DEMO_IP },
    );
  }
}

/**
 * Galleries: picture sets of 11 似水流年 (old photographs) and 12 最美校园 (the campus in its
 * season). A gallery's pictures are its one event's scene, seen several ways.
 */
export async function seedGalleries(ctx: DemoContext): Promise<void> {
  const { random, actor, daysAgo } = ctx;
  for (const typeId of [11, 12]) {
    const titles = new Set<string>();
    const bodies = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const event = distinctEvent(random, COLUMN_KINDS[typeId]!, daysAgo(i * 11), titles, bodies);
      const pictures = random.int(3, 6);
      const files = [];
      for (let p = 0; p < pictures; p++) {
        files.push({
          role: 'image' as const,
          fileId: await ctx.files.picture('photo', event.scene, p),
          fileName: `photo-${p + 1}.jpg`,
          caption: `${event.title.slice(0, 16)} ${p + 1}/${pictures}`,
        });
      }
      await demoNews(
        ctx,
        {
          typeId,
          title: event.title,
          description: event.description,
          content: event.html,
          newsType: 3,
          contentKind: 2,
          coverFileId: files[0]!.fileId,
          shelvesDate: event.date,
          files,
        },
        actor(),
        // The last two of each gallery wait for the picture review (图片审核).
        i >= 18 ? { reviewState: 'submitted' } : { ifTop: i === 0 ? 1 : 0 },
      );
    }
  }
}
