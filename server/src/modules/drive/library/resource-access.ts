import { PRIVATE } from '@school/common/api';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { DriveResourceTable } from '../../../db/tables/drive.js';
import { forbidden, orNotFound } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { FileGuard } from '../../../platform/files/guards.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { FILE_COLUMNS, type FileRowData } from './file-rows.js';
import { downloadableBy } from './leak-protection.js';
import { searchText } from './resource-files.js';
import { DRIVE_UPLOAD } from '../disk/quota.js';
import { NOT_YOUR_DISK, visibleTo, type Space, type Viewer } from '../disk/space.js';

/** Who may see, edit and manage a drive file, and read its stored file. */

export const RESOURCE_GONE = '文件不存在或已删除';
export const PRIVATE_FILE = '该文件为私有文件，只有上传者可以查看';
/** The file-use record of a drive resource's stored file (objId the resource). */
export const DRIVE_USE = 'T_DRIVE';

/**
 * Records a drive resource over its stored file: the row (with its own id when one comes
 * back from the 回收站), its file use and its search text. Answers the row's id.
 */
export async function insertResource(
  trx: Kysely<Database>,
  texts: TextIndex,
  values: Insertable<DriveResourceTable>,
): Promise<number> {
  const { id } = await trx
    .insertInto('driveResource')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('fileUse')
    .values({ fileId: values.fileId, infoTable: DRIVE_USE, objId: id })
    .execute();
  await texts.put('drive', id, searchText(values.name, values.description ?? ''), trx);
  return id;
}

/** A list row's columns, and whose disk the resource is on. */
export const RESOURCE_COLUMNS = [
  ...FILE_COLUMNS,
  'driveResource.ownerId',
  'driveResource.leakProtected',
] as const;

export type ResourceRow = FileRowData & { ownerId: number | null; leakProtected: number };

/** A resource the viewer may see: 404 when gone, 403 for a private file or another's disk. */
export async function readResource(
  db: Kysely<Database>,
  id: number,
  viewer: Viewer,
): Promise<ResourceRow> {
  const row = await orNotFound(
    db
      .selectFrom('driveResource')
      .innerJoin('staff', 'staff.id', 'driveResource.uploaderId')
      .select(RESOURCE_COLUMNS)
      .where('driveResource.id', '=', id),
    RESOURCE_GONE,
  );
  if (row.ownerId !== null) {
    if (row.ownerId !== viewer.id) throw forbidden(NOT_YOUR_DISK);
  } else if (row.isOpen === PRIVATE && row.uploaderId !== viewer.id && !isDriveAdmin(viewer)) {
    throw forbidden(PRIVATE_FILE);
  }
  return row as ResourceRow;
}

/** Drive administrators manage the library, owners their disk. */
export const mayManage = (space: Space, viewer: Viewer): boolean =>
  space.ownerId === null ? isDriveAdmin(viewer) : space.ownerId === viewer.id;

/** The uploader edits their own file; drive administrators any of the library. */
export function mayEdit(row: ResourceRow, viewer: Viewer): boolean {
  if (row.ownerId !== null) return row.ownerId === viewer.id;
  return row.uploaderId === viewer.id || isDriveAdmin(viewer);
}

/**
 * Who may read a drive file by its address (/api/files/<id>): a person who
 * may see at least one resource over it (and, for a 防泄密 one, may download
 * it), or who uploaded it and has not registered it yet.
 */
export function driveFileGuard(): FileGuard {
  return {
    tables: [DRIVE_USE, DRIVE_UPLOAD],
    refusal: PRIVATE_FILE,
    allows: async (reader, uses, fileId, db) => {
      if (uses.some((row) => row.infoTable === DRIVE_UPLOAD && row.objId === reader.id)) {
        return true;
      }
      if (fileId === null) return false;
      const seen = await db
        .selectFrom('driveResource')
        .select('driveResource.id')
        .where('driveResource.fileId', '=', fileId)
        .where(visibleTo(reader))
        // A 防泄密 resource lets only its uploader and drive administrators have the bytes.
        .where(downloadableBy(reader))
        .executeTakeFirst();
      return Boolean(seen);
    },
  };
}
