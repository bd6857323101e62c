import type { Kysely, SelectQueryBuilder } from 'kysely';
import { countRows, onPage, type Paging } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileAccess } from './access.js';
import { fileUrl } from './service.js';

/** A picture field of a save: its stored file id and the name the messages give it. */
export interface PictureField {
  fileId: number | null | undefined;
  /** 图片, 社团标志, 照片 ... */
  label: string;
  required: boolean;
}

/**
 * The pictures a save refers to must be stored files that are pictures: the
 * public pages put them in <img>, where a PDF or a video would show broken.
 * A missing file would also fail the foreign key as a 500; it is the
 * author's mistake, a 400.
 */
export async function assertPictures(
  db: Kysely<Database>,
  fields: PictureField[],
  writer: PictureWriter,
) {
  for (const field of fields) {
    if (field.required && !field.fileId) throw badRequest(`请上传${field.label}`);
  }
  const ids = [...new Set(fields.map((f) => f.fileId).filter((id): id is number => !!id))];
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('storedFile')
    .select(['id', 'mimeType'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.mimeType]));
  for (const field of fields) {
    if (!field.fileId) continue;
    const mimeType = byId.get(field.fileId);
    if (mimeType === undefined) throw badRequest(`${field.label}不存在，请重新上传`);
    if (!mimeType.startsWith('image/')) throw badRequest(`${field.label}须为图片文件`);
  }
  await mayShow(writer, ids, db);
}

/**
 * Who sets a picture: a staff member is checked by the one read rule (a
 * picture they may not read cannot be put on a page by its id), except for the
 * pictures the row already shows; 'system' is the seed.
 */
export type PictureWriter =
  { access: FileAccess; staff: AuthStaff; known?: Array<number | null | undefined> } | 'system';

export async function mayShow(
  writer: PictureWriter,
  ids: Array<number | null | undefined>,
  db: Kysely<Database>,
): Promise<void> {
  if (writer === 'system') return;
  const known = new Set(writer.known ?? []);
  const added = ids.filter((id): id is number => typeof id === 'number' && !known.has(id));
  await writer.access.assertMayUse(writer.staff, added, db);
}

export interface PictureView {
  url: string;
  /** The small copy for tables; the picture itself when it has none. */
  thumbUrl: string;
}

/** Addresses of pictures for a list: one query for the whole page of rows. */
export async function pictureViews(
  db: Kysely<Database>,
  ids: Array<number | null | undefined>,
): Promise<(id: number | null | undefined) => PictureView> {
  const wanted = [...new Set(ids.filter((id): id is number => !!id))];
  const rows = wanted.length
    ? await db
        .selectFrom('storedFile')
        .select(['id', 'thumbFileId'])
        .where('id', 'in', wanted)
        .execute()
    : [];
  const thumbs = new Map(rows.map((row) => [row.id, row.thumbFileId]));
  return (id) => ({
    url: fileUrl(id),
    thumbUrl: fileUrl(id ? (thumbs.get(id) ?? id) : null),
  });
}

/**
 * One page of a list whose rows show pictures: `total` counted on `base` (the
 * query before its selection), the page's rows as `rows` selects and orders
 * them, and the addresses of the pictures `picturesOf` names, read in one query.
 */
export async function pageWithPictures<TB extends keyof Database, O, Row>(
  db: Kysely<Database>,
  base: SelectQueryBuilder<Database, TB, O>,
  paging: Paging,
  rows: (query: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, Row>,
  picturesOf: (row: Row) => Array<number | null | undefined>,
) {
  const total = await countRows(base);
  const found = await rows(base).$call(onPage(paging)).execute();
  const picture = await pictureViews(db, found.flatMap(picturesOf));
  return { total, rows: found, picture };
}
