import type {
  BannerItem,
  VideoCategory,
  VideoDetail,
  VideoFileItem,
  VideoItem,
} from '@school/common/api';
import { COVER_TYPE_IDS, MAGAZINE_SERIES_IDS } from '@school/common/api';
import { placeInReview } from '../../platform/publishing/review-place.js';
import { iso } from '../../time.js';
import {
  actingAdmin,
  importArea,
  importItem,
  keepOldDate,
  type AreaRun,
  type ImportContext,
} from './context.js';
import { parseTime, readAll } from './paging.js';

/** A magazine as api/magazine/selMagazineList answers it. */
interface MagazineItem {
  magazineId: number;
  magazineTitle: string;
  typeId: number;
  imgUrl: string;
  filePath: string;
  createDate: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const maybe = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const count = (value: unknown) => Math.max(0, Math.trunc(Number(value) || 0));

/** The video centre: every video (api/video/getVideoList, getVideoDetails, getVideoFiles). */
async function importVideos(ctx: ImportContext, areas: AreaRun) {
  const area = '视频中心';
  if (areas.skip(area)) return;
  const { client, services, db } = ctx;
  // The old site's categories, under their ids (as the defaults are made: the ids are the
  // spec's typeId); a category this site has already keeps its name.
  const categories = await client.call<VideoCategory[]>('video/getVideoTypeList', { parentId: 0 });
  const valid = (Array.isArray(categories) ? categories : []).filter(
    (c) => Number.isInteger(c.typeId) && c.typeId > 0 && text(c.typeName).trim(),
  );
  if (!ctx.dryRun && valid.length) {
    await db
      .insertInto('videoType')
      .values(
        valid.map((c, sort) => ({
          id: c.typeId,
          name: text(c.typeName).trim().slice(0, 64),
          parentId: 0,
          sort,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  const here = new Set((await db.selectFrom('videoType').select('id').execute()).map((r) => r.id));
  if (ctx.dryRun) for (const c of valid) here.add(c.typeId);
  const list = (enableType: 1 | 2) =>
    readAll<VideoItem>(
      client,
      'video/getVideoList',
      { ifShelves: 'A', checkStatus: 'A', enableType },
      (row) => row.videoId,
      ctx.report,
      area,
      ctx.maxPages,
    );
  const rows = await list(1);
  const publicIds = new Set(rows.map((row) => row.videoId));
  if (client.loggedIn) {
    for (const row of await list(2)) if (!publicIds.has(row.videoId)) rows.push(row);
  }
  ctx.progress.start(area, rows.length);
  for (const row of rows) {
    await importItem(ctx, {
      area,
      kind: 'video',
      oldId: row.videoId,
      address: `${client.origin}/videoDetail?videoId=${row.videoId}`,
      atomic: false,
      read: async () => ({
        detail: await client.call<VideoDetail>('video/getVideoDetails', { videoId: row.videoId }),
        files: await readAll<VideoFileItem>(
          client,
          'video/getVideoFiles',
          { videoId: row.videoId },
          (file) => file.fileId,
          ctx.report,
          area,
          ctx.maxPages,
        ),
        enableType: publicIds.has(row.videoId) ? 1 : 2,
      }),
      prepare: async ({ detail, files, enableType }) => {
        if (!here.has(detail.typeId)) throw new Error(`本站没有视频分类 ${detail.typeId}`);
        const stored = [];
        for (const file of files) {
          const fileId = await ctx.files.fileFor(file.filePath, 'video', area);
          if (fileId !== null) stored.push({ fileId, fileName: text(file.fileName) || undefined });
        }
        return {
          input: {
            typeId: detail.typeId,
            title: text(detail.videoTitle),
            content: await ctx.files.rewriteHtml(text(detail.videoContent), area),
            coverFileId: await ctx.files.fileFor(detail.imgUrl, 'image', area),
            source: maybe(detail.source),
            releaseUser: maybe(detail.releaseUser),
            enableType,
            files: stored,
          },
          ifTop: detail.ifTop === 1 ? 1 : 0,
          createdAt: parseTime(detail.createDate),
          counts: { viewCount: count(detail.viewCount), flowerCount: count(detail.flowerCount) },
        };
      },
      // Along the one save of videos as the site's first system administrator, made at the
      // old site's date; a new video approved and shelved through the review's steps, the pin
      // following the old site's. Views and likes are the old site's counts.
      create: async ({ input, ifTop, createdAt, counts }, db) => {
        const admin = await actingAdmin(db);
        const id = await services.cmsVideo.save(input, admin, null, {
          onBehalf: true,
          at: createdAt,
        });
        const people = { author: admin, reviewer: admin, ip: null };
        await placeInReview(services.video.review, id, { ifTop }, people);
        await db.updateTable('video').set(counts).where('id', '=', id).execute();
        return id;
      },
      update: async ({ input, ifTop, createdAt, counts }, id, db) => {
        const admin = await actingAdmin(db);
        await services.cmsVideo.save({ ...input, videoId: id }, admin, null, { onBehalf: true });
        if ((await services.video.review.current(id)).ifTop !== ifTop) {
          await services.video.review.pin(id, ifTop ? 1 : 0, admin, null);
        }
        const dated = createdAt ? { createdAt: iso(createdAt) } : {};
        await db
          .updateTable('video')
          .set({ ...counts, ...dated })
          .where('id', '=', id)
          .execute();
      },
    });
  }
  ctx.progress.stop();
  await areas.finish(area);
}

/** The school magazines of the three series (api/magazine/selMagazineList) with their PDFs. */
async function importMagazines(ctx: ImportContext, areas: AreaRun) {
  const area = '校刊';
  const { client, services } = ctx;
  const rows = async () => {
    const issues: MagazineItem[] = [];
    for (const typeId of MAGAZINE_SERIES_IDS) {
      issues.push(
        ...(await readAll<MagazineItem>(
          client,
          'magazine/selMagazineList',
          { typeId },
          (row) => row.magazineId,
          ctx.report,
          area,
          ctx.maxPages,
        )),
      );
    }
    return issues;
  };
  await importArea(ctx, areas, area, rows, (row) =>
    importItem(ctx, {
      area,
      kind: 'magazine',
      oldId: row.magazineId,
      address: `${client.origin}/schWenjiDetail?magazineId=${row.magazineId}`,
      atomic: false,
      read: async () => ({ ...row, seriesId: row.typeId }),
      prepare: async (item) => ({
        seriesId: item.seriesId,
        title: text(item.magazineTitle),
        coverFileId: await ctx.files.fileFor(item.imgUrl, 'image', area),
        pdfFileId: await ctx.files.fileFor(item.filePath, 'pdf', area),
        createdAt: parseTime(item.createDate),
      }),
      // Along the one save of issues as the site's first system administrator, at the old
      // site's date (kept on a later run too: a save does not date an issue again).
      create: async ({ createdAt, ...input }, db) =>
        services.cmsMagazine.save(input, await actingAdmin(db), null, {
          onBehalf: true,
          at: createdAt,
        }),
      update: async ({ createdAt, ...input }, id, db) => {
        await services.cmsMagazine.save({ ...input, magazineId: id }, await actingAdmin(db), null, {
          onBehalf: true,
        });
        await keepOldDate(db, 'magazine', id, createdAt);
      },
    }),
  );
}

/**
 * The home carousel (api/moveImg/getMoveImg) and the sections' cover banners
 * (api/coverPic/getCoverPic). Banners have no id in the answers: each is known by its place
 * and position.
 */
async function importBanners(ctx: ImportContext, areas: AreaRun) {
  const area = '轮播与封面图';
  const { client, services } = ctx;
  const rows = async () => {
    const banners: Array<{
      key: string;
      place: 'home' | 'cover';
      typeId: number;
      sort: number;
      row: BannerItem;
    }> = [];
    const home = await client.call<BannerItem[]>('moveImg/getMoveImg');
    for (const [sort, row] of (Array.isArray(home) ? home : []).entries()) {
      banners.push({ key: `home:${sort}`, place: 'home', typeId: 0, sort, row });
    }
    for (const typeId of COVER_TYPE_IDS) {
      const covers = await client.call<BannerItem[]>('coverPic/getCoverPic', { typeId });
      for (const [sort, row] of (Array.isArray(covers) ? covers : []).entries()) {
        banners.push({ key: `cover:${typeId}:${sort}`, place: 'cover', typeId, sort, row });
      }
    }
    return banners;
  };
  await importArea(ctx, areas, area, rows, (banner) =>
    importItem(ctx, {
      area,
      kind: 'banner',
      oldId: banner.key,
      address: `${client.origin}${text(banner.row.coverUrl) || '/'}`,
      atomic: false,
      read: async () => banner.row,
      prepare: async (row) => {
        const imageFileId = await ctx.files.fileFor(row.coverUrl, 'image', area);
        if (imageFileId === null) throw new Error('图片未能导入');
        const link = text(row.newsUrl).trim();
        // A link to the old site is a page of this site now; another site's stays.
        const local = client.resolve(link);
        return {
          place: banner.place,
          typeId: banner.typeId,
          sort: banner.sort,
          imageFileId,
          title: text(row.coverTitle),
          linkUrl: local ? local.pathname + local.search : /^https?:\/\//i.test(link) ? link : null,
        };
      },
      create: (input) => services.showcase.createBanner(input),
      update: async ({ imageFileId, title, linkUrl }, id, on) => {
        await on
          .updateTable('banner')
          .set({ imageFileId, title, linkUrl })
          .where('id', '=', id)
          .execute();
      },
    }),
  );
}

/** Videos, magazines, banners. */
export async function importShowcase(ctx: ImportContext, areas: AreaRun) {
  await importVideos(ctx, areas);
  await importMagazines(ctx, areas);
  await importBanners(ctx, areas);
}
