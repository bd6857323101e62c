import { countRows, onPage, pageOf } from '../../db/paging.js';
import { videoReview } from './review.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';

import { htmlToText } from '../../platform/search/terms.js';
import {
  VIDEO_LIST_COLUMNS as LIST_COLUMNS,
  videoListItem as toListItem,
} from '../../platform/publishing/rows.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { VideoDetail, VideoItem as VideoListItem } from '@school/common/api';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { NEWS_GONE_MESSAGE, assertReadable } from '../../platform/publishing/visibility.js';
import type { Actor } from '../../platform/auth/session.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { bodyAndCover } from '../../platform/files/uses.js';
import { FileService } from '../../platform/files/service.js';
import { VIDEO_SEARCH_TYPE_ID } from './store.js';

export { VIDEO_SEARCH_TYPE_ID } from './store.js';

/** Length of the plain-text introduction a list item carries (videoDesc). */

/**
 * The categories of the video centre. The page shows the first 8 as titles
 * and the rest under 'more'; ids are fixed because links carry them.
 */
export const DEFAULT_VIDEO_TYPES: Array<{ id: number; name: string; parentId: number }> = [
  { id: 1, name: '校园活动', parentId: 0 },
  { id: 2, name: '教学风采', parentId: 0 },
  { id: 3, name: '德育之窗', parentId: 0 },
  { id: 4, name: '体育赛事', parentId: 0 },
  { id: 5, name: '艺术展演', parentId: 0 },
  { id: 6, name: '科技创新', parentId: 0 },
  { id: 7, name: '名师讲堂', parentId: 0 },
  { id: 8, name: '主题班会', parentId: 0 },
  { id: 9, name: '社团风采', parentId: 0 },
  { id: 10, name: '毕业典礼', parentId: 0 },
];

/** Adds the default categories that are missing; running it again changes nothing. */
export async function seedVideoTypes(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('videoType')
    .values(DEFAULT_VIDEO_TYPES.map((type, sort) => ({ ...type, sort })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface VideoFileInput {
  /** A stored file (the video itself). */
  fileId: number;
  /** Shown in the catalogue; the stored file's name when left out. */
  fileName?: string;
}

export interface VideoInput {
  /** A video category (DEFAULT_VIDEO_TYPES). */
  typeId: number;
  title: string;
  /** HTML introduction; cleaned before it is stored. */
  content?: string;
  /** The news item the video belongs to, when it was published with one. */
  newsId?: number | null;
  coverFileId?: number | null;
  source?: string | null;
  releaseUser?: string | null;
  enableType?: number;
  ifShelves?: number;
  checkStatus?: number;
  ifTop?: number;
  createdAt?: Date;
  files?: VideoFileInput[];
}

export interface VideoListFilter {
  typeId?: number;
  newsId?: number;
  /** 2: also staff-only videos (logged-in callers only). */
  enableType?: number;
}

/** A video in a list, and the detail page's video: described once in the contract. */
export type { VideoListItem, VideoDetail };

/**
 * The video centre: videos with their catalogue of files, readable by the
 * same rules as news (listed, and staff-only ones for logged-in staff).
 */
export class VideoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
    private readonly storedFiles: FileService,
  ) {}

  /** Listed videos (on the shelf, approved, not deleted), pinned first, newest first. */
  async list(
    filter: VideoListFilter,
    staff: AuthStaff | null,
    paging: Paging,
  ): Promise<{ total: number; list: VideoListItem[] }> {
    const includeStaffOnly = Boolean(staff) && filter.enableType === 2;
    const base = this.db
      .selectFrom('video')
      .innerJoin('videoType', 'videoType.id', 'video.typeId')
      .where('video.deleted', '=', 0)
      .where('video.ifShelves', '=', 1)
      .where('video.checkStatus', '=', 1)
      .$if(!includeStaffOnly, (qb) => qb.where('video.enableType', '=', 1))
      .$if(filter.typeId !== undefined, (qb) => qb.where('video.typeId', '=', filter.typeId!))
      .$if(filter.newsId !== undefined, (qb) => qb.where('video.newsId', '=', filter.newsId!));
    const n = await countRows(base);
    const rows = await base
      .select(LIST_COLUMNS)
      .orderBy('video.ifTop', 'desc')
      .orderBy('video.createdAt', 'desc')
      .orderBy('video.id', 'desc')
      .$call(onPage(paging))
      .execute();
    return { total: Number(n), list: rows.map(toListItem) };
  }

  private async row(videoId: number) {
    return this.db
      .selectFrom('video')
      .select(['id', 'title', 'enableType', 'deleted', 'ifShelves', 'checkStatus', 'createStaff'])
      .where('id', '=', videoId)
      .executeTakeFirst();
  }

  /** A video the caller may read, for the calls that act on one (views, likes, footprints). */
  async readable(videoId: number, staff: AuthStaff | null) {
    const row = await this.row(videoId);
    assertReadable(row, staff);
    return row!;
  }

  async detail(videoId: number, staff: AuthStaff | null): Promise<VideoDetail> {
    const state = await this.readable(videoId, staff);
    const row = await this.db
      .selectFrom('video')
      .innerJoin('videoType', 'videoType.id', 'video.typeId')
      .select(LIST_COLUMNS)
      .where('video.id', '=', videoId)
      .executeTakeFirstOrThrow();
    const files = this.db.selectFrom('videoFile').where('videoId', '=', videoId);
    const first = await files
      .select('fileId')
      .orderBy('sort')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const { n } = await files
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      ...toListItem(row),
      videoContent: row.content,
      filePath: fileUrl(first?.fileId),
      fileCount: Number(n),
      isShow: false,
      published: state.deleted === 0 && state.ifShelves === 1 && state.checkStatus === 1,
    };
  }

  /** The catalogue of a video's files, in their order. */
  async files(videoId: number, staff: AuthStaff | null, paging: Paging) {
    await this.readable(videoId, staff);
    const base = this.db.selectFrom('videoFile').where('videoId', '=', videoId);
    return pageOf(
      base,
      paging,
      (query) => query.select(['fileId', 'fileName', 'createdAt']).orderBy('sort').orderBy('id'),
      (row) => ({
        fileId: row.fileId,
        fileName: row.fileName,
        filePath: fileUrl(row.fileId),
        createDate: displayTime(row.createdAt),
      }),
    );
  }

  /**
   * 【删除】 of the video page: the workflow's one deletion path (a content
   * administrator or the creator), in the public pages' words.
   */
  async remove(videoId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    await videoReview(this.db, this.search, this.now).remove(videoId, staff, ip, {
      gone: NEWS_GONE_MESSAGE,
    });
  }

  /** Creates a video with its files and search entry; the content platform and the demo seed use it. */
  async create(input: VideoInput, actor: Actor | null): Promise<number> {
    const title = input.title.trim();
    if (!title) throw badRequest('请输入标题');
    const type = await this.db
      .selectFrom('videoType')
      .select('id')
      .where('id', '=', input.typeId)
      .executeTakeFirst();
    if (!type) throw badRequest('视频分类不存在');
    const files = await this.namedFiles(input.files ?? []);
    const content = sanitizeRichText(input.content ?? '');
    const now = this.now();
    const createdAt = iso(input.createdAt ?? now);
    const enableType = input.enableType ?? 1;
    const ifShelves = input.ifShelves ?? 1;
    const checkStatus = input.checkStatus ?? 1;
    const ifTop = input.ifTop ?? 0;
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('video')
        .values({
          typeId: input.typeId,
          newsId: input.newsId ?? null,
          title,
          content,
          coverFileId: input.coverFileId ?? null,
          source: input.source ?? null,
          releaseUser: input.releaseUser ?? actor?.staff.name ?? null,
          createStaff: actor?.staff.id ?? null,
          enableType,
          ifShelves,
          checkStatus,
          deleted: 0,
          ifTop,
          viewCount: 0,
          flowerCount: 0,
          createdAt,
          updatedAt: iso(now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (files.length > 0) {
        await trx
          .insertInto('videoFile')
          .values(
            files.map((file, sort) => ({
              videoId: id,
              fileId: file.fileId,
              fileName: file.fileName,
              sort,
              createdAt,
            })),
          )
          .execute();
      }
      await this.storedFiles.recordUses(
        trx,
        FileService.writerOf(actor),
        'TF_VIDEO',
        id,
        bodyAndCover(content, input.coverFileId),
      );
      const text = htmlToText(content);
      await this.search.upsert(
        {
          infoTable: 'TF_VIDEO',
          objId: id,
          typeId: VIDEO_SEARCH_TYPE_ID,
          title,
          summary: text.slice(0, 200),
          body: text,
          ifTop,
          enableType,
          listed: ifShelves === 1 && checkStatus === 1,
          docDate: createdAt,
        },
        trx,
      );
      if (actor) {
        await writeOperLog(trx, {
          staffId: actor.staff.id,
          staffName: actor.staff.name,
          infoTable: 'TF_VIDEO',
          objId: id,
          operType: '新增',
          ip: actor.ip,
          at: now,
        });
      }
      return id;
    });
  }

  /** The files to attach, each with a name: its own, or the stored file's. */
  private async namedFiles(files: VideoFileInput[]) {
    if (files.length === 0) return [];
    const stored = await this.db
      .selectFrom('storedFile')
      .select(['id', 'fileName'])
      .where(
        'id',
        'in',
        files.map((f) => f.fileId),
      )
      .execute();
    return files.map((file) => {
      const found = stored.find((s) => s.id === file.fileId);
      if (!found) throw badRequest('视频文件不存在');
      return { fileId: file.fileId, fileName: (file.fileName ?? found.fileName).slice(0, 255) };
    });
  }
}
