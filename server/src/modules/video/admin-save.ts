import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import type { Database, ReviewState } from '../../db/schema.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { canManage, isContentAdmin } from '../../http/roles.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { CONCURRENT_MESSAGE, NOT_OWN_MESSAGE } from '../../platform/publishing/workflow.js';
import { addContentRevision, hasContentRevisions } from '../../platform/publishing/revisions.js';
import {
  TF_VIDEO,
  checkVideoFiles,
  draftOf,
  loadVideo,
  logVideo,
  reindexVideo,
  type VideoDraft,
} from './store.js';
import { bodyAndCover } from '../../platform/files/uses.js';
import type { FileService } from '../../platform/files/service.js';

/** A save: no videoId creates; fields left out keep their value (or the default, when creating). */
export interface CmsVideoSaveInput {
  videoId?: number;
  typeId: number;
  title: string;
  content?: string;
  coverFileId?: number | null;
  source?: string | null;
  releaseUser?: string | null;
  enableType?: number;
  files?: Array<{ fileId: number; fileName?: string }>;
}

export interface VideoDeps {
  db: Kysely<Database>;
  search: SearchIndex;
  now: Clock;
  /** Stored files: recording the files a video uses checks its writer may read them. */
  files: FileService;
}

/**
 * Creates or changes a video (a save or a restore): permission, category and
 * files checked first, then one transaction with the row, its catalogue, its
 * search entry, the operation log and a new revision (the first change on the
 * platform keeps the video as it was before as well). A teacher's change
 * goes back to draft and off the shelf; an administrator's keeps the state.
 * A concurrent change since the video was read answers 409.
 */
export async function writeVideo(
  deps: VideoDeps,
  input: CmsVideoSaveInput,
  staff: AuthStaff,
  ip: string | null,
  options: { operType: string; trusted?: VideoDraft },
): Promise<number> {
  const { db, search, now, files: storedFiles } = deps;
  const current = input.videoId ? await loadVideo(db, input.videoId) : undefined;
  if (current && !canManage(staff, current.createStaff)) throw forbidden(NOT_OWN_MESSAGE);
  const type = await db
    .selectFrom('videoType')
    .select('id')
    .where('id', '=', input.typeId)
    .executeTakeFirst();
  if (!type) throw badRequest('视频分类不存在，请重新选择');
  const before = current ? await draftOf(db, current) : undefined;

  const title = input.title.trim();
  if (!title) throw badRequest('请输入视频标题');
  const text = (value: string | null | undefined, previous: string | null | undefined) =>
    (value === undefined ? previous : value)?.trim() || null;
  const coverFileId =
    input.coverFileId === undefined ? (before?.coverFileId ?? null) : input.coverFileId;
  const known = [before, options.trusted].filter((d): d is VideoDraft => Boolean(d));
  const draft: VideoDraft = {
    typeId: input.typeId,
    title,
    content: sanitizeRichText(input.content ?? before?.content ?? ''),
    coverFileId,
    source: text(input.source, before?.source),
    releaseUser: text(input.releaseUser, before?.releaseUser) ?? staff.name,
    enableType: input.enableType ?? before?.enableType ?? 1,
    files: await checkVideoFiles(
      db,
      storedFiles.access,
      input.files ?? before?.files ?? [],
      coverFileId,
      staff,
      known,
    ),
  };

  // A teacher's change goes back to the review and off the shelf; an administrator's keeps its state.
  const reviewState: ReviewState = isContentAdmin(staff)
    ? (current?.reviewState ?? 'approved')
    : 'draft';
  const approved = reviewState === 'approved';
  const at = iso(now());

  return inTransaction(db, async (trx) => {
    let videoId: number;
    if (!current) {
      const { files, ...fields } = draft;
      videoId = (
        await trx
          .insertInto('video')
          .values({
            ...fields,
            newsId: null,
            createStaff: staff.id,
            ifShelves: 0,
            checkStatus: approved ? 1 : 0,
            reviewState,
            reviewNote: null,
            deleted: 0,
            ifTop: 0,
            viewCount: 0,
            flowerCount: 0,
            createdAt: at,
            updatedAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await insertFiles(trx, videoId, files, new Map(), at);
    } else {
      videoId = current.id;
      if (!(await hasContentRevisions(trx, TF_VIDEO, videoId))) {
        // The video as it was before its first change on the platform, so it can come back.
        await addContentRevision(trx, TF_VIDEO, videoId, before, {
          staffId: current.createStaff,
          staffName: current.releaseUser ?? '',
          at: current.updatedAt,
        });
      }
      const { files, ...fields } = draft;
      const result = await trx
        .updateTable('video')
        .set({
          ...fields,
          reviewState,
          checkStatus: approved ? 1 : 0,
          ifShelves: approved ? current.ifShelves : 0,
          updatedAt: at,
        })
        .where('id', '=', videoId)
        .where('deleted', '=', 0)
        .where('reviewState', '=', current.reviewState)
        .where('ifShelves', '=', current.ifShelves)
        .where('updatedAt', '=', current.updatedAt)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError(409, CONCURRENT_MESSAGE);
      const kept = await trx
        .selectFrom('videoFile')
        .select(['fileId', 'createdAt'])
        .where('videoId', '=', videoId)
        .execute();
      await trx.deleteFrom('videoFile').where('videoId', '=', videoId).execute();
      await insertFiles(trx, videoId, files, new Map(kept.map((f) => [f.fileId, f.createdAt])), at);
    }
    await storedFiles.recordUses(
      trx,
      staff,
      'TF_VIDEO',
      videoId,
      bodyAndCover(draft.content, draft.coverFileId),
    );
    await reindexVideo(trx, search, videoId);
    await logVideo(trx, staff, ip, videoId, options.operType, now());
    await addContentRevision(trx, TF_VIDEO, videoId, draft, {
      staffId: staff.id,
      staffName: staff.name,
      at,
    });
    return videoId;
  });
}

/** The catalogue in its order; a file that stays keeps the date it was first added. */
async function insertFiles(
  trx: Kysely<Database>,
  videoId: number,
  files: VideoDraft['files'],
  addedAt: Map<number, string>,
  now: string,
) {
  if (files.length === 0) return;
  await trx
    .insertInto('videoFile')
    .values(
      files.map((file, sort) => ({
        videoId,
        fileId: file.fileId,
        fileName: file.fileName,
        sort,
        createdAt: addedAt.get(file.fileId) ?? now,
      })),
    )
    .execute();
}
