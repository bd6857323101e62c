import type { NewsColumn, NewsDetail, NewsFile, SubjectNewsDetail } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CmsSaveInput } from '../../modules/news/admin-service.js';
import type { NewsFileInput } from '../../modules/news/service.js';
import type { SubjectSaveInput } from '../../modules/news/subject-admin-service.js';
import { placeInReview } from '../../platform/publishing/review-place.js';
import { actingAdmin, importItem, type AreaRun, type ImportContext } from './context.js';
import { parseTime, readAll } from './paging.js';

/** What the old site's answers say of an item beyond what a save takes: kept as they were. */
interface Kept {
  viewCount: number;
  flowerCount: number;
  createdAt: string | undefined;
}

const keptOf = (item: { viewCount?: number; flowerCount?: number; createDate?: string }): Kept => ({
  viewCount: Math.max(0, Math.trunc(Number(item.viewCount) || 0)),
  flowerCount: Math.max(0, Math.trunc(Number(item.flowerCount) || 0)),
  createdAt: parseTime(item.createDate)?.toISOString(),
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const maybe = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** An item's files (attachments, then its picture or video set) brought here. */
async function filesOf(
  ctx: ImportContext,
  detail: { fileList?: NewsFile[]; imgOrViewList?: NewsFile[]; newcontenttype?: number },
  area: string,
): Promise<NewsFileInput[]> {
  const files: NewsFileInput[] = [];
  const sets = [
    ...(detail.imgOrViewList ?? []).map((file) => ({
      file,
      role: detail.newcontenttype === 3 ? ('video' as const) : ('image' as const),
    })),
    ...(detail.fileList ?? []).map((file) => ({ file, role: 'attachment' as const })),
  ];
  for (const { file, role } of sets) {
    const fileId = await ctx.files.fileFor(file.filePath, role, area);
    if (fileId === null) continue;
    files.push({
      role,
      fileId,
      fileName: text(file.fileName) || '附件',
      caption: maybe(file.caption),
    });
  }
  return files;
}

/** Views, likes and the time it was written, as the old site had them. */
async function keep(trx: Kysely<Database>, table: 'news' | 'subjectNews', id: number, kept: Kept) {
  await trx
    .updateTable(table)
    .set({
      viewCount: kept.viewCount,
      flowerCount: kept.flowerCount,
      ...(kept.createdAt ? { createdAt: kept.createdAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A news item read from the old site as the one save of news takes it, and whether it is pinned. */
async function newsInputOf(
  ctx: ImportContext,
  detail: NewsDetail,
  enableType: number,
  area: string,
): Promise<CmsSaveInput & { ifTop: number }> {
  return {
    typeId: detail.typeId,
    title: text(detail.newsTitle),
    description: text(detail.newsDesc),
    content: await ctx.files.rewriteHtml(text(detail.newsContent), area),
    newsType: [1, 2, 3].includes(detail.newsType) ? detail.newsType : 1,
    contentKind: [1, 2, 3].includes(detail.newcontenttype) ? detail.newcontenttype : 1,
    ifTop: detail.ifTop === 1 ? 1 : 0,
    schChange: detail.schChange === 1 || detail.schChange === 2 ? detail.schChange : null,
    enableType,
    source: maybe(detail.source),
    releaseUser: maybe(detail.releaseUser),
    coverFileId: await ctx.files.fileFor(detail.imgUrl, 'image', area),
    linkUrl: /^https?:\/\//i.test(text(detail.newsUrl)) ? text(detail.newsUrl) : null,
    shelvesDate: parseTime(detail.shelvesDate),
    files: await filesOf(ctx, detail, area),
  };
}

/**
 * Saves an item along the one save of news, as the site's first system
 * administrator, in the run's transaction: a new item is approved and put on
 * the shelf through the review's steps (the old site's API shows only what it
 * published); the pin follows the old site's.
 */
async function saveNews(
  ctx: ImportContext,
  { ifTop, ...input }: CmsSaveInput & { ifTop: number },
  trx: Kysely<Database>,
): Promise<number> {
  const admin = await actingAdmin(trx);
  const newId = await ctx.services.cmsNews.save(input, admin, null, { onBehalf: true, db: trx });
  const review = ctx.services.news.reviewIn(trx);
  const people = { author: admin, reviewer: admin, ip: null };
  if (input.newId === undefined) await placeInReview(review, newId, { ifTop }, people);
  else if ((await review.current(newId)).ifTop !== ifTop) {
    await review.pin(newId, ifTop ? 1 : 0, admin, null);
  }
  return newId;
}

/**
 * Every column's news (api/news/getNewsTypeList, getNewsList, getNewsDetails) into the
 * column of the same typeId here, with the special topics' sub-news. Logged in, the
 * staff-only items too (those the staff's list has and the public's not).
 */
export async function importNews(ctx: ImportContext, areas: AreaRun) {
  const { client, db } = ctx;
  const columns = await client.call<NewsColumn[]>('news/getNewsTypeList');
  const here = new Set(
    (await db.selectFrom('newsType').select('id').execute()).map((row) => row.id),
  );
  for (const column of Array.isArray(columns) ? columns : []) {
    const area = `栏目·${text(column.typeName) || column.typeId}`;
    if (areas.skip(area)) continue;
    const listPath = 'news/getNewsList';
    if (!here.has(column.typeId)) {
      ctx.report.fail(
        area,
        `${client.origin}/api/${listPath}?typeId=${column.typeId}`,
        '本站没有这个栏目，未导入',
        false,
      );
      await areas.finish(area);
      continue;
    }
    const list = (enableType: 1 | 2) =>
      readAll<{ newId: number; typeId: number }>(
        client,
        listPath,
        { typeId: column.typeId, enableType },
        (row) => row.newId,
        ctx.report,
        area,
        ctx.maxPages,
      );
    const rows = (await list(1)).filter((row) => row.typeId === column.typeId);
    const publicIds = new Set(rows.map((row) => row.newId));
    if (client.loggedIn) {
      for (const row of await list(2)) {
        if (row.typeId === column.typeId && !publicIds.has(row.newId)) rows.push(row);
      }
    }
    ctx.progress.start(area, rows.length);
    for (const row of rows) {
      const enableType = publicIds.has(row.newId) ? 1 : 2;
      const newId = await importItem(ctx, {
        area,
        kind: 'news',
        oldId: row.newId,
        address: `${client.origin}/newsDetail?newId=${row.newId}`,
        read: async () => ({
          detail: await client.call<NewsDetail>('news/getNewsDetails', { newId: row.newId }),
          enableType,
        }),
        prepare: async ({ detail }) => ({
          input: await newsInputOf(ctx, detail, enableType, area),
          kept: keptOf(detail),
        }),
        create: async ({ input, kept }, trx) => {
          const id = await saveNews(ctx, input, trx);
          await keep(trx, 'news', id, kept);
          return id;
        },
        update: async ({ input, kept }, id, trx) => {
          await saveNews(ctx, { ...input, newId: id }, trx);
          await keep(trx, 'news', id, kept);
        },
      });
      if (column.typeId === 4 && newId !== undefined) {
        await importSubjects(ctx, row.newId, newId);
      }
    }
    ctx.progress.stop();
    await areas.finish(area);
  }
}

const SUBJECT_AREA = '专题子新闻';

/** A special topic's sub-news (getSubjectNewsList, getSubjectNews) under its new topic. */
async function importSubjects(ctx: ImportContext, oldTopic: number, newTopic: number) {
  const { client, services } = ctx;
  // A sub-news is dated by its own date (statusDate), the time of its save.
  const save = async (
    { date, ...input }: SubjectSaveInput & { date: Date | undefined },
    trx: Kysely<Database>,
  ) => {
    const admin = await actingAdmin(trx);
    const system = { onBehalf: true, at: date, db: trx };
    return (await services.cmsSubject.save(input, admin, null, system)).subjectNewId;
  };
  const rows = await readAll<{ subjectNewId: number }>(
    client,
    'news/getSubjectNewsList',
    { newId: oldTopic },
    (row) => row.subjectNewId,
    ctx.report,
    SUBJECT_AREA,
    ctx.maxPages,
  );
  for (const [sort, row] of rows.entries()) {
    await importItem(ctx, {
      area: SUBJECT_AREA,
      kind: 'subject',
      oldId: row.subjectNewId,
      address: `${client.origin}/newspecialZxwDetail?newId=${oldTopic}&subjectNewId=${row.subjectNewId}`,
      read: () =>
        client.call<SubjectNewsDetail>('news/getSubjectNews', { subjectNewId: row.subjectNewId }),
      prepare: async (detail) => ({
        title: text(detail.newsTitle),
        content: await ctx.files.rewriteHtml(text(detail.newsContent), SUBJECT_AREA),
        contentKind: [1, 2, 3].includes(detail.newcontenttype) ? detail.newcontenttype : 1,
        source: maybe(detail.source),
        releaseUser: maybe(detail.releaseUser),
        date: parseTime(detail.statusDate),
        files: await filesOf(ctx, detail, SUBJECT_AREA),
        kept: keptOf(detail),
      }),
      create: async ({ kept, ...input }, trx) => {
        const id = await save({ ...input, newId: newTopic, sort }, trx);
        await keep(trx, 'subjectNews', id, kept);
        return id;
      },
      update: async ({ kept, ...input }, id, trx) => {
        await save({ ...input, newId: newTopic, subjectNewId: id, sort }, trx);
        await keep(trx, 'subjectNews', id, kept);
      },
    });
  }
}
