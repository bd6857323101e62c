import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Items whose files are recorded in `file_use`: the pictures of their bodies,
 * their covers, a magazine's PDF. (Attachments and picture and video sets
 * have their own tables, news_file and video_file.) A file used only by
 * items the public cannot read is read by staff only; see FileService. A leave
 * request's attachment (T_LEAVE) is never public.
 */
/**
 * T_STAFF: a staff member's photo; T_LEAVE: a leave request's attachment (read by staff only);
 * T_MAIL: a mail's attachment or body picture (read by its sender and recipients only: the mail
 * area's file guard); T_MAIL_UPLOAD: a mail upload (objId its uploader), theirs until sent;
 * T_DRIVE_UPLOAD: a teaching-drive upload (objId each person who uploaded or 秒传'd those bytes),
 * so it is never public (who of the staff reads it is the drive's file guard's to say).
 */
export type FileOwnerTable =
  | 'T_NEWS'
  | 'T_SUBJECT_NEWS'
  | 'TF_VIDEO'
  | 'T_MAGAZINE'
  | 'T_STAFF'
  | 'T_LEAVE'
  | 'T_MAIL'
  | 'T_MAIL_UPLOAD'
  | 'T_DRIVE_UPLOAD';

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

/**
 * Sets the files an item uses to `fileIds` (body pictures, cover, PDF).
 * Addresses of files that do not exist are ignored. `db` is the caller's
 * transaction, so the record changes with the item.
 */
export async function setFileUses(
  db: Kysely<Database>,
  infoTable: FileOwnerTable,
  objId: number,
  fileIds: ReadonlyArray<number | null | undefined>,
): Promise<void> {
  await db
    .deleteFrom('fileUse')
    .where('infoTable', '=', infoTable)
    .where('objId', '=', objId)
    .execute();
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
