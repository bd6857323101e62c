import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Paging } from '../../http/paging.js';
import { assertCanManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { EngagementService } from '../../platform/engagement/service.js';
import type { VideoService } from './service.js';

/**
 * What viewers do around a video beyond watching it: categories, footprints,
 * the play count, likes. Each checks that the caller may watch the video first.
 */
export class VideoReaderService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly video: VideoService,
    private readonly engagement: EngagementService,
  ) {}

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

  /** Play count + 1; answers the new count. */
  async countView(videoId: number, staff: AuthStaff) {
    const row = await this.video.readable(videoId, staff);
    return { viewCount: await this.engagement.countView('TF_VIDEO', row.id) };
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
