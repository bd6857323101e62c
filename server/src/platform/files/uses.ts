import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The kinds of item that use stored files, as `file_use.info_table` records
 * them (news_file and video_file hold attachments and sets as T_NEWS,
 * T_SUBJECT_NEWS and TF_VIDEO uses). Each has one guard (FileAccess):
 *
 * T_NEWS, T_SUBJECT_NEWS, TF_VIDEO: body pictures, covers, attachments, sets;
 * T_MAGAZINE: cover and PDF; T_BANNER: a banner or cover picture;
 * T_SOCIETY: a society's logo and picture; T_WWFZ, T_FMSM: the pictures of an
 * introduction page or person; T_WORKBENCH: a workbench icon; T_PARAMETER: a
 * system parameter's picture (the footer's QR code); T_STAFF: a staff photo;
 * T_LEAVE: a leave request's attachment; T_MAIL: a mail's attachment or body
 * picture; T_MAIL_UPLOAD: a mail upload (objId its uploader), theirs until
 * sent; T_MAIL_LARGE: a mail's 超大附件, a link to a drive file (objId the
 * link, named by the mail area's own table, FileUses.named); T_DRIVE: a drive resource's file; T_DRIVE_UPLOAD: a drive upload
 * (objId its uploader), theirs until registered; T_DRIVE_TRASH: the files of a
 * deletion in the drive's 回收站 (objId the trash row), read by nobody;
 * T_DRIVE_VERSION: an earlier content of a drive file (objId the version).
 */
export const FILE_OWNER_TABLES = [
  'T_NEWS',
  'T_SUBJECT_NEWS',
  'TF_VIDEO',
  'T_MAGAZINE',
  'T_BANNER',
  'T_SOCIETY',
  'T_WWFZ',
  'T_FMSM',
  'T_WORKBENCH',
  'T_PARAMETER',
  'T_STAFF',
  'T_LEAVE',
  'T_MAIL',
  'T_MAIL_UPLOAD',
  'T_MAIL_LARGE',
  'T_DRIVE',
  'T_DRIVE_UPLOAD',
  'T_DRIVE_TRASH',
  'T_DRIVE_VERSION',
  'T_DAV',
] as const;

export type FileOwnerTable = (typeof FILE_OWNER_TABLES)[number];

/** Stored files a rich-text body shows or links: /api/files/<id> and the download address. */
export function filesInHtml(html: string): number[] {
  const ids = new Set<number>();
  for (const match of html.matchAll(
    /\/api\/(?:files\/|news\/uploadnewfile\.do\?FILE_ID=)(\d{1,9})/g,
  )) {
    ids.add(Number(match[1]));
  }
  return [...ids];
}

/** The files an item uses now. */
export async function usedFiles(
  db: Kysely<Database>,
  infoTable: FileOwnerTable,
  objId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('fileUse')
    .select('fileId')
    .where('infoTable', '=', infoTable)
    .where('objId', '=', objId)
    .execute();
  return rows.map((row) => row.fileId);
}

/**
 * The stored file each of `objIds` (items of one kind) uses now, by item; an item that uses
 * none (gone) is missing from the map. For an area that links to another's item (a mail's
 * 超大附件 to a drive file) without reading that area's tables.
 */
export async function itemFiles(
  db: Kysely<Database>,
  infoTable: FileOwnerTable,
  objIds: readonly number[],
): Promise<Map<number, number>> {
  if (objIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('fileUse')
    .select(['objId', 'fileId'])
    .where('infoTable', '=', infoTable)
    .where('objId', 'in', [...new Set(objIds)])
    .execute();
  return new Map(rows.map((row) => [row.objId, row.fileId]));
}

/** Drops an item's file uses (or those of several items of one table); the files stay until nothing uses them. */
export async function dropFileUses(
  db: Kysely<Database>,
  infoTable: FileOwnerTable,
  objIds: number | readonly number[],
): Promise<void> {
  const ids = typeof objIds === 'number' ? [objIds] : objIds;
  if (ids.length === 0) return;
  await db
    .deleteFrom('fileUse')
    .where('infoTable', '=', infoTable)
    .where('objId', 'in', ids)
    .execute();
}

/**
 * Sets the files an item uses to `fileIds` (body pictures, cover, PDF).
 * Addresses of files that do not exist are ignored. `db` is the caller's
 * transaction, so the record changes with the item. Saves go through
 * FileService.recordUses, which first checks the writer may read each new
 * file; this is its last step.
 */
export async function setFileUses(
  db: Kysely<Database>,
  infoTable: FileOwnerTable,
  objId: number,
  fileIds: ReadonlyArray<number | null | undefined>,
): Promise<void> {
  await dropFileUses(db, infoTable, objId);
  const wanted = [...new Set(fileIds.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const existing = await db
    .selectFrom('storedFile')
    .select('id')
    .where('id', 'in', wanted)
    .execute();
  if (existing.length === 0) return;
  await db
    .insertInto('fileUse')
    .values(existing.map(({ id }) => ({ fileId: id, infoTable, objId })))
    .execute();
}

/** The files a body and its cover use, for setFileUses. */
export const bodyAndCover = (content: string, coverFileId?: number | null) => [
  coverFileId,
  ...filesInHtml(content),
];
