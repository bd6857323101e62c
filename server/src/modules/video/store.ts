import type { Kysely, Selectable } from 'kysely';
import { indexReviewedItem, SEARCH_ENTRY_COLUMNS } from '../../platform/publishing/search-entry.js';
import type { Database } from '../../db/schema.js';
import { liveOrNotFound } from '../../http/errors.js';
import { reviewStanding } from '../../platform/publishing/workflow.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { fileUrl } from '../../platform/files/service.js';

/**
 * Search results route typeId 13 (the news column 视频中心) to videoDetail, so
 * every video is indexed under it whatever its own category.
 */
export const VIDEO_SEARCH_TYPE_ID = 13;

/** The operation log's and the revisions' name for videos (portal.md §7). */
export const TF_VIDEO = 'TF_VIDEO';
export const VIDEO_GONE_MESSAGE = '视频不存在或已删除';
export const NOT_VIDEO_MESSAGE = '只能添加视频文件';
export const NOT_IMAGE_MESSAGE = '封面须为图片文件';

/** One entry of a video's catalogue, in the order the player lists them. */
export interface VideoFileEntry {
  fileId: number;
  fileName: string;
}

/** The editable fields of a video: what a save writes and a revision keeps, beside its files. */
const VIDEO_FIELDS = [
  'typeId',
  'title',
  'content',
  'coverFileId',
  'source',
  'releaseUser',
  'enableType',
] as const;

/**
 * The editable fields of a video (the body sanitised HTML, enableType 1
 * public, 2 logged-in staff only) and its catalogue: what a save writes and
 * a revision keeps.
 */
export interface VideoDraft extends Pick<
  Selectable<Database['video']>,
  (typeof VIDEO_FIELDS)[number]
> {
  files: VideoFileEntry[];
}

/** The columns of a video as the platform edits and reviews it: its fields and its state. */
const VIDEO_ROW_COLUMNS = [
  'id',
  ...VIDEO_FIELDS,
  'ifTop',
  'ifShelves',
  'checkStatus',
  'reviewState',
  'reviewNote',
  'createStaff',
  'deleted',
  'createdAt',
  'updatedAt',
  'version',
] as const;

export type VideoRow = Pick<Selectable<Database['video']>, (typeof VIDEO_ROW_COLUMNS)[number]>;

/** A video that is not deleted; 404 otherwise. */
export async function loadVideo(
  db: Kysely<Database>,
  videoId: number,
  goneMessage = VIDEO_GONE_MESSAGE,
): Promise<VideoRow> {
  const row = await liveOrNotFound(
    db.selectFrom('video').select(VIDEO_ROW_COLUMNS).where('id', '=', videoId),
    goneMessage,
  );
  return row;
}

export async function draftOf(db: Kysely<Database>, row: VideoRow): Promise<VideoDraft> {
  const files = await db
    .selectFrom('videoFile')
    .select(['fileId', 'fileName'])
    .where('videoId', '=', row.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return {
    typeId: row.typeId,
    title: row.title,
    content: row.content,
    coverFileId: row.coverFileId,
    source: row.source,
    releaseUser: row.releaseUser,
    enableType: row.enableType,
    files,
  };
}

/** A draft as the edit form and the version comparison show it, in the API's names. */
export function editableView(draft: VideoDraft) {
  return {
    typeId: draft.typeId,
    videoTitle: draft.title,
    videoContent: draft.content,
    coverFileId: draft.coverFileId,
    imgUrl: fileUrl(draft.coverFileId),
    source: draft.source,
    releaseUser: draft.releaseUser,
    enableType: draft.enableType,
    files: draft.files.map((file) => ({ ...file, url: fileUrl(file.fileId) })),
  };
}

/** The small copy of a cover picture when the upload made one, else the cover itself. */
export async function thumbUrlOf(db: Kysely<Database>, coverFileId: number | null) {
  if (!coverFileId) return '';
  const row = await db
    .selectFrom('storedFile')
    .select('thumbFileId')
    .where('id', '=', coverFileId)
    .executeTakeFirst();
  return fileUrl(row?.thumbFileId ?? coverFileId);
}

/**
 * Rewrites the video's search entry from the row as it now stands: found by
 * the public exactly when it is approved, on the shelf and not deleted.
 */
export async function reindexVideo(db: Kysely<Database>, search: SearchIndex, videoId: number) {
  const row = await db
    .selectFrom('video')
    .select([...SEARCH_ENTRY_COLUMNS, 'createdAt'])
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  await indexReviewedItem(db, search, row, {
    infoTable: TF_VIDEO,
    objId: videoId,
    typeId: VIDEO_SEARCH_TYPE_ID,
    docDate: row.createdAt,
  });
}

/** Where a video stands: its review, shelf and pin, and whether the public sees it now. */
export function videoState(
  row: Pick<VideoRow, 'reviewState' | 'reviewNote' | 'ifShelves' | 'ifTop'> & {
    deleted?: number;
  },
) {
  return {
    ...reviewStanding(row),
    live: row.reviewState === 'approved' && row.ifShelves === 1 && row.deleted !== 1,
  };
}
