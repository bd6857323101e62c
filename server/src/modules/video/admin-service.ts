import type { SensitiveWords } from '../../platform/content/sensitive-words.js';
import { pageOf } from '../../db/paging.js';
import { existingFiles } from '../../platform/files/item-files.js';
import type { FileService } from '../../platform/files/service.js';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, ReviewState } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { canManage, isContentAdmin, MANAGE_MESSAGE } from '../../http/roles.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { dayRange } from '../../http/dates.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';

import {
  getContentRevision,
  listContentRevisions,
  revisionInFull,
  revisionToRestore,
} from '../../platform/publishing/revisions.js';
import type { SystemSave } from '../../platform/publishing/save.js';
import { writeVideo, type CmsVideoSaveInput, type VideoDeps } from './admin-save.js';
import { CmsVideoTypeService } from './type-service.js';
import {
  TF_VIDEO,
  draftOf,
  editableView,
  loadVideo,
  thumbUrlOf,
  videoState,
  type VideoDraft,
  type VideoRow,
} from './store.js';
import { videoReview, type VideoReview, type VideoReviewAnswer } from './review.js';
import { ReviewedService } from '../../platform/publishing/reviewed-service.js';

export type { CmsVideoSaveInput } from './admin-save.js';

export interface CmsVideoFilter {
  typeId?: number;
  reviewState?: ReviewState;
  keyword?: string;
  /** Administrators: only their own videos (teachers only ever see theirs). */
  mine?: boolean;
  /** 发布日期 起止 (YYYY-MM-DD, Beijing days): the day the video was published (created). */
  beginDate?: string;
  endDate?: string;
}

/**
 * Authoring of the video centre in the content-management platform: the
 * same workflow as news (draft, submitted, approved or sent back, on and off
 * the shelf), pinning, deletion and revisions. Teachers write and act on
 * their own videos; administrators (isPower 1) review, shelve and pin, and
 * edit any. Every change is one transaction with its operation-log row and
 * the video's search entry, guarded against a concurrent change.
 */
export class CmsVideoService extends ReviewedService<VideoRow, VideoReviewAnswer> {
  /** The categories (api/cms/videoType/*). */
  readonly types: CmsVideoTypeService;
  private readonly deps: VideoDeps;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly search: SearchIndex,
    private readonly now: Clock,
    files: FileService,
    /** The sensitive-word check of submitting and publishing (none: not screened). */
    words?: SensitiveWords,
  ) {
    super();
    this.types = new CmsVideoTypeService(db, now);
    this.deps = { db, search, now, files };
    this.review = videoReview(db, search, now, words);
  }

  /** The review steps and the one deletion path of videos. */
  protected readonly review: VideoReview;

  async list(filter: CmsVideoFilter, staff: AuthStaff, paging: Paging) {
    const onlyOwn = !isContentAdmin(staff) || Boolean(filter.mine);
    const keyword = filter.keyword?.trim();
    const { from, to } = dayRange(filter.beginDate, filter.endDate);
    const base = this.db
      .selectFrom('video')
      .innerJoin('videoType', 'videoType.id', 'video.typeId')
      .leftJoin('staff', 'staff.id', 'video.createStaff')
      .leftJoin('storedFile as cover', 'cover.id', 'video.coverFileId')
      .where('video.deleted', '=', 0)
      .$if(onlyOwn, (qb) => qb.where('video.createStaff', '=', staff.id))
      .$if(filter.typeId !== undefined, (qb) => qb.where('video.typeId', '=', filter.typeId!))
      .$if(filter.reviewState !== undefined, (qb) =>
        qb.where('video.reviewState', '=', filter.reviewState!),
      )
      .$if(Boolean(keyword), (qb) => qb.where(containsText('video.title', keyword!)))
      .$if(from !== undefined, (qb) => qb.where('video.createdAt', '>=', iso(from!)))
      .$if(to !== undefined, (qb) => qb.where('video.createdAt', '<', iso(to!)));
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select((eb) => [
            'video.id',
            'video.typeId',
            'videoType.name as typeName',
            'video.title',
            'video.coverFileId',
            'cover.thumbFileId',
            'video.reviewState',
            'video.reviewNote',
            'video.ifShelves',
            'video.ifTop',
            'video.enableType',
            'video.releaseUser',
            'video.createStaff',
            'staff.name as createStaffName',
            'video.createdAt',
            'video.updatedAt',
            eb
              .selectFrom('videoFile')
              .select((sub) => sub.fn.countAll<number>().as('c'))
              .whereRef('videoFile.videoId', '=', 'video.id')
              .as('fileCount'),
          ])
          .orderBy('video.updatedAt', 'desc')
          .orderBy('video.id', 'desc'),
      (row) => ({
        videoId: row.id,
        typeId: row.typeId,
        typeName: row.typeName,
        videoTitle: row.title,
        imgUrl: fileUrl(row.coverFileId),
        thumbUrl: fileUrl(row.thumbFileId ?? row.coverFileId),
        enableType: row.enableType,
        releaseUser: row.releaseUser,
        createStaff: row.createStaff,
        createStaffName: row.createStaffName ?? '',
        fileCount: Number(row.fileCount ?? 0),
        ...videoState(row),
        createDate: displayTime(row.createdAt),
        updateDate: displayTime(row.updatedAt),
      }),
    );
  }

  /** A video as its edit form shows it, with where it stands in the review. */
  async get(videoId: number, staff: AuthStaff) {
    const row = await loadVideo(this.db, videoId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return {
      videoId: row.id,
      ...editableView(await draftOf(this.db, row)),
      thumbUrl: await thumbUrlOf(this.db, row.coverFileId),
      ...videoState(row),
      createStaff: row.createStaff,
      createDate: displayTime(row.createdAt),
      updateDate: displayTime(row.updatedAt),
      version: row.version,
    };
  }

  /**
   * Creates (no videoId) or updates a video; answers its videoId. `system`:
   * the seed's, the importer's or a factory's save in the author's name.
   */
  async save(
    input: CmsVideoSaveInput,
    staff: AuthStaff,
    ip: string | null,
    system: SystemSave = {},
  ): Promise<number> {
    const operType = input.videoId ? '修改' : '新增';
    return writeVideo(this.deps, input, staff, ip, { ...system, operType });
  }

  /** The platform's delete: the one deletion path of videos, in the platform's words. */
  async remove(videoId: number, staff: AuthStaff, ip: string | null) {
    await this.review.remove(videoId, staff, ip, { notAllowed: '只能删除自己发布的内容' });
  }

  /** The saved versions of a video, newest first. */
  async revisions(videoId: number, staff: AuthStaff) {
    const row = await loadVideo(this.db, videoId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return listContentRevisions(this.db, TF_VIDEO, videoId);
  }

  /** One saved version in full, in the shape of `get`, for comparing. */
  async revision(revisionId: number, staff: AuthStaff) {
    const revision = await getContentRevision<VideoDraft>(this.db, TF_VIDEO, revisionId);
    const row = await loadVideo(this.db, revision.objId);
    if (!canManage(staff, row.createStaff)) throw forbidden(MANAGE_MESSAGE);
    return revisionInFull(revision, 'videoId', editableView);
  }

  /** Saves an earlier version again, as a new revision (a teacher's restore is a draft again). */
  async restore(videoId: number, revisionId: number, staff: AuthStaff, ip: string | null) {
    const snapshot = await revisionToRestore<VideoDraft>(this.db, TF_VIDEO, videoId, revisionId);
    // Files deleted from storage since then cannot come back; the rest belonged to this video.
    const existing = await existingFiles(this.db, [
      snapshot.coverFileId,
      ...snapshot.files.map((f) => f.fileId),
    ]);
    await writeVideo(
      this.deps,
      {
        ...snapshot,
        videoId,
        coverFileId:
          snapshot.coverFileId && existing.has(snapshot.coverFileId) ? snapshot.coverFileId : null,
        files: snapshot.files.filter((f) => existing.has(f.fileId)),
      },
      staff,
      ip,
      { operType: '恢复版本', trusted: snapshot },
    );
    return { videoId };
  }
}
