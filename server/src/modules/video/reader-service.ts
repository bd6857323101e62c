import type { NewsVideoItem } from '@school/common/api';
import type { Kysely } from 'kysely';
import { countRows } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { assertCanManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { EngagementService } from '../../platform/engagement/service.js';
import { staffVisitor } from '../../platform/engagement/visitor.js';
import { fileUrl } from '../../platform/files/service.js';
import { videoListQuery } from '../../platform/publishing/rows.js';
import { assertReadable, isListed } from '../../platform/publishing/visibility.js';
import { displayTime, type Clock } from '../../time.js';
import type { VideoService } from './service.js';

/** What api/news/getVideoList lists: one news item's videos, or (no news item) the video centre's. */
export interface NewsVideoFilter {
  newsId?: number;
  /** 2: also staff-only videos (logged-in callers only). */
  enableType: number;
}

/**
 * What viewers do around a video beyond watching it: categories, footprints,
 * the play count, likes. Each checks that the caller may watch the video first.
 */
export class VideoReaderService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly video: VideoService,
    private readonly engagement: EngagementService,
    private readonly now: Clock,
  ) {}

  /**
   * api/news/getVideoList. With a news item (which the caller must be able to
   * read): a video set's own videos (its files of role video, in their order),
   * then the video-centre videos published with the item; without one, the
   * video centre. One page of those, each in the spec's video fields.
   */
  async newsVideos(
    filter: NewsVideoFilter,
    staff: AuthStaff | null,
    paging: Paging,
  ): Promise<{ total: number; list: NewsVideoItem[] }> {
    const own = filter.newsId === undefined ? [] : await this.setVideos(filter.newsId, staff);
    const offset = offsetOf(paging);
    const list = own.slice(offset, offset + paging.pageSize);
    const centre = this.centreVideos(filter, staff);
    const centreTotal = await countRows(centre);
    const wanted = paging.pageSize - list.length;
    if (wanted > 0 && centreTotal > 0) {
      const rows = await centre
        .select([
          'video.id',
          'video.typeId',
          'videoType.name as typeName',
          'video.title',
          'video.coverFileId',
          'video.source',
          'video.releaseUser',
          'video.createStaff',
          'video.flowerCount',
          'video.createdAt',
        ])
        .orderBy('video.ifTop', 'desc')
        .orderBy('video.createdAt', 'desc')
        .orderBy('video.id', 'desc')
        .limit(wanted)
        .offset(Math.max(0, offset - own.length))
        .execute();
      const first = await this.firstFiles(rows.map((row) => row.id));
      for (const row of rows) {
        const file = first.get(row.id);
        list.push({
          videoId: row.id,
          fileId: file?.fileId ?? null,
          typeId: row.typeId,
          typeName: row.typeName,
          videoTitle: row.title,
          filePath: fileUrl(file?.fileId),
          fileName: file?.fileName ?? '',
          imgUrl: fileUrl(row.coverFileId),
          source: row.source,
          releaseUser: row.releaseUser,
          createStaff: row.createStaff,
          flowerCount: row.flowerCount,
          createDate: displayTime(row.createdAt),
        });
      }
    }
    return { total: own.length + centreTotal, list };
  }

  /** The videos a video set holds itself (all of them: a set holds a few). */
  private async setVideos(newsId: number, staff: AuthStaff | null): Promise<NewsVideoItem[]> {
    const item = await this.db
      .selectFrom('news')
      .innerJoin('newsType', 'newsType.id', 'news.typeId')
      .select([
        'news.id',
        'news.typeId',
        'newsType.name as typeName',
        'news.enableType',
        'news.deleted',
        'news.ifShelves',
        'news.checkStatus',
        'news.createStaff',
        'news.shelvesDate',
        'news.coverFileId',
        'news.source',
        'news.releaseUser',
        'news.flowerCount',
      ])
      .where('news.id', '=', newsId)
      .executeTakeFirst();
    assertReadable(item, staff, this.now());
    const files = await this.db
      .selectFrom('newsFile')
      .select(['fileId', 'legacyPath', 'fileName', 'caption'])
      .where('newsId', '=', newsId)
      .where('subjectId', 'is', null)
      .where('role', '=', 'video')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return files.map((file) => ({
      videoId: null,
      fileId: file.fileId,
      typeId: item.typeId,
      typeName: item.typeName,
      videoTitle: file.caption?.trim() || file.fileName,
      filePath: file.legacyPath ?? fileUrl(file.fileId),
      fileName: file.fileName,
      // A set's video has no row of its own: it is shown with its news item's fields.
      imgUrl: fileUrl(item.coverFileId),
      source: item.source,
      releaseUser: item.releaseUser,
      createStaff: item.createStaff,
      flowerCount: item.flowerCount,
      createDate: displayTime(item.shelvesDate),
    }));
  }

  /** Listed videos of the video centre (of one news item when given), as VideoService.list reads them. */
  private centreVideos(filter: NewsVideoFilter, staff: AuthStaff | null) {
    const includeStaffOnly = Boolean(staff) && filter.enableType === 2;
    return videoListQuery(this.db)
      .$if(!includeStaffOnly, (qb) => qb.where('video.enableType', '=', 1))
      .$if(filter.newsId !== undefined, (qb) => qb.where('video.newsId', '=', filter.newsId!));
  }

  /** Each video's first file (its catalogue's order), which the player starts with. */
  private async firstFiles(videoIds: number[]) {
    const first = new Map<number, { fileId: number; fileName: string }>();
    if (videoIds.length === 0) return first;
    const rows = await this.db
      .selectFrom('videoFile')
      .select(['videoId', 'fileId', 'fileName'])
      .where('videoId', 'in', videoIds)
      .orderBy('sort', 'desc')
      .orderBy('id', 'desc')
      .execute();
    // Last write wins: ordered backwards, the first file of each video is set last.
    for (const row of rows) first.set(row.videoId, row);
    return first;
  }

  /** The categories below `parentId` (0: the top ones). */
  categories(parentId: number) {
    return this.db
      .selectFrom('videoType')
      .select(['id as typeId', 'name as typeName', 'parentId'])
      .where('parentId', '=', parentId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** A footprint of a logged-in viewer's first play. */
  async addFootprint(videoId: number, staff: AuthStaff, ip: string | null) {
    const row = await this.video.readable(videoId, staff);
    await this.engagement.addFootprint('TF_VIDEO', row.id, staff, ip);
  }

  /**
   * The spec's play count of a logged-in viewer: counted once a day per
   * viewer, under the same key as the public call (`view`).
   */
  async countView(videoId: number, staff: AuthStaff) {
    return this.view(videoId, staff, staffVisitor(staff.id));
  }

  /**
   * A first play by anyone (api/video/view, beyond the spec): counted once per
   * visitor and day on a video the caller may watch that is on the portal (a
   * preview counts nothing); `visitor` null (a crawler) counts nothing.
   */
  async view(videoId: number, staff: AuthStaff | null, visitor: string | null) {
    const row = await this.video.readable(videoId, staff);
    return this.engagement.countVisit('TF_VIDEO', row.id, isListed(row) ? visitor : null);
  }

  /** Who watched: a content administrator or the video's creator. */
  async footprints(videoId: number, staff: AuthStaff, paging: Paging) {
    const row = await this.video.readable(videoId, staff);
    assertCanManage(staff, row.createStaff);
    return this.engagement.footprints('TF_VIDEO', videoId, paging);
  }

  async likeState(videoId: number, staff: AuthStaff) {
    const row = await this.video.readable(videoId, staff);
    return {
      liked: await this.engagement.hasLiked('TF_VIDEO', row.id, staff.id),
      flowerCount: await this.engagement.flowerCount('TF_VIDEO', row.id),
    };
  }

  async like(videoId: number, staff: AuthStaff) {
    const row = await this.video.readable(videoId, staff);
    return { flowerCount: await this.engagement.like('TF_VIDEO', row.id, staff) };
  }
}
