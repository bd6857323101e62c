import { pageOf } from '../../db/paging.js';
import { videoReview, type VideoReview } from './review.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Paging } from '../../http/paging.js';
import {
  VIDEO_LIST_COLUMNS as LIST_COLUMNS,
  videoListItem as toListItem,
  videoListQuery,
} from '../../platform/publishing/rows.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, type Clock } from '../../time.js';
import type { VideoDetail, VideoItem as VideoListItem } from '@school/common/api';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  NEWS_GONE_MESSAGE,
  assertReadable,
  isReleased,
} from '../../platform/publishing/visibility.js';

export { VIDEO_SEARCH_TYPE_ID } from './store.js';

/**
 * The categories of the video centre. The page shows the first 8 as titles
 * and the rest under 'more'; ids (1 onwards, in this order) are fixed because
 * links carry them: a new category goes at the end.
 */
export const DEFAULT_VIDEO_TYPES: Array<{ id: number; name: string; parentId: number }> = [
  '校园活动',
  '教学风采',
  '德育之窗',
  '体育赛事',
  '艺术展演',
  '科技创新',
  '名师讲堂',
  '主题班会',
  '社团风采',
  '毕业典礼',
].map((name, index) => ({ id: index + 1, name, parentId: 0 }));

/** Adds the default categories that are missing; running it again changes nothing. */
export async function seedVideoTypes(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('videoType')
    .values(DEFAULT_VIDEO_TYPES.map((type, sort) => ({ ...type, sort })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
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
 * Videos are created and changed only by the one save (admin-save.ts).
 */
export class VideoService {
  /** The review steps and the one deletion path of videos (not screened for sensitive words). */
  readonly review: VideoReview;

  constructor(
    private readonly db: Kysely<Database>,
    search: SearchIndex,
    now: Clock,
  ) {
    this.review = videoReview(db, search, now);
  }

  /** Listed videos (on the shelf, approved, not deleted), pinned first, newest first. */
  async list(
    filter: VideoListFilter,
    staff: AuthStaff | null,
    paging: Paging,
  ): Promise<{ total: number; list: VideoListItem[] }> {
    const includeStaffOnly = Boolean(staff) && filter.enableType === 2;
    const base = videoListQuery(this.db)
      .$if(!includeStaffOnly, (qb) => qb.where('video.enableType', '=', 1))
      .$if(filter.typeId !== undefined, (qb) => qb.where('video.typeId', '=', filter.typeId!))
      .$if(filter.newsId !== undefined, (qb) => qb.where('video.newsId', '=', filter.newsId!));
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select(LIST_COLUMNS)
          .orderBy('video.ifTop', 'desc')
          .orderBy('video.createdAt', 'desc')
          .orderBy('video.id', 'desc'),
      toListItem,
    );
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
      published: isReleased(state),
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
    await this.review.remove(videoId, staff, ip, { gone: NEWS_GONE_MESSAGE });
  }
}
