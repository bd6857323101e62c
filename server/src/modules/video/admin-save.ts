import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import type { Database } from '../../db/schema.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { canManage } from '../../http/roles.js';
import type { SearchIndex } from '../../platform/search/search-index.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { NOT_OWN_MESSAGE } from '../../platform/publishing/workflow.js';
import { saveContent, type ContentKind, type SaveOptions } from '../../platform/publishing/save.js';
import {
  bylineOf,
  keptText,
  newReviewedColumns,
  readItem,
  savedBy,
} from '../../platform/publishing/save-fields.js';
import { checkItemFiles, vouchedFiles, type KnownFiles } from '../../platform/files/item-files.js';
import {
  NOT_IMAGE_MESSAGE,
  NOT_VIDEO_MESSAGE,
  TF_VIDEO,
  draftOf,
  loadVideo,
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
  /** The version the edit form was read at; a save of a video changed since answers 409. */
  version?: number;
}

export interface VideoDeps {
  db: Kysely<Database>;
  search: SearchIndex;
  now: Clock;
  /** Stored files: recording the files a video uses checks its writer may read them. */
  files: FileService;
}

/** Videos on the content path: reviewed in their own row, deleted by a flag. */
export const VIDEO_CONTENT: ContentKind = {
  table: 'video',
  infoTable: TF_VIDEO,
  softDeleted: true,
  review: { table: 'video' },
};

/** How videos word a file of the wrong type. */
const VIDEO_FILE_WORDS = {
  notPicture: NOT_IMAGE_MESSAGE,
  wrongType: (fileName: string) => `${NOT_VIDEO_MESSAGE}：${fileName} 不是视频`,
};

/** A catalogue as the item-file check takes and answers it: every file in the video's place. */
const asItemFiles = <F extends { fileId: number; fileName?: string }>(files: F[]) =>
  files.map((file) => ({ ...file, role: 'video' as const }));

/**
 * The one save of videos (the platform, the site importer, the demo seed, the
 * test factories): permission, category and files checked first (the cover a
 * picture, the catalogue videos: the one item-file check), then the content
 * path (platform/publishing/save.ts): the guarded write with its catalogue,
 * file uses, search entry, log row and version in one transaction; the body
 * is cleaned once, here. A teacher's change goes back to draft and off the
 * shelf; an administrator's keeps the state.
 */
export async function writeVideo(
  deps: VideoDeps,
  input: CmsVideoSaveInput,
  staff: AuthStaff,
  ip: string | null,
  options: SaveOptions<VideoDraft>,
): Promise<number> {
  const { search, files: storedFiles } = deps;
  const db = options.db ?? deps.db;
  const onBehalf = Boolean(options.onBehalf);
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
  const coverFileId =
    input.coverFileId === undefined ? (before?.coverFileId ?? null) : input.coverFileId;
  const fileInputs = asItemFiles(input.files ?? before?.files ?? []);
  const known: KnownFiles[] = [before, options.trusted]
    .filter((d): d is VideoDraft => Boolean(d))
    .map((d) => ({ coverFileId: d.coverFileId, files: asItemFiles(d.files) }));
  if (onBehalf) known.push(vouchedFiles(coverFileId, fileInputs));
  const checked = await checkItemFiles(
    db,
    storedFiles.access,
    fileInputs,
    coverFileId,
    staff,
    known,
    VIDEO_FILE_WORDS,
  );
  const draft: VideoDraft = {
    typeId: input.typeId,
    title,
    content: sanitizeRichText(input.content ?? before?.content ?? ''),
    coverFileId,
    source: keptText(input.source, before?.source),
    releaseUser: bylineOf(input.releaseUser, before?.releaseUser, staff, onBehalf),
    enableType: input.enableType ?? before?.enableType ?? 1,
    files: checked.map((file) => ({ fileId: file.fileId!, fileName: file.fileName })),
  };
  const now = options.at ?? deps.now();
  const at = iso(now);

  return saveContent(db, VIDEO_CONTENT, {
    current: current && readItem(current, before!, current.updatedAt),
    version: input.version,
    draft,
    ...savedBy(staff, ip, now, options),
    uses: bodyAndCover(draft.content, draft.coverFileId),
    files: storedFiles,
    insert: async (trx, { files, ...fields }) => {
      const { id } = await trx
        .insertInto('video')
        .values({ ...fields, newsId: null, ...newReviewedColumns(staff, at) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertFiles(trx, id, files, new Map(), at);
      return id;
    },
    // An administrator's save leaves the review state and the shelf as they are in the row;
    // a teacher's went back to draft in the claim.
    update: async (trx, videoId, { files, ...fields }) => {
      await trx
        .updateTable('video')
        .set({ ...fields, updatedAt: at })
        .where('id', '=', videoId)
        .execute();
      const kept = await trx
        .selectFrom('videoFile')
        .select(['fileId', 'createdAt'])
        .where('videoId', '=', videoId)
        .execute();
      await trx.deleteFrom('videoFile').where('videoId', '=', videoId).execute();
      await insertFiles(trx, videoId, files, new Map(kept.map((f) => [f.fileId, f.createdAt])), at);
    },
    reindex: (trx, videoId) => reindexVideo(trx, search, videoId),
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
