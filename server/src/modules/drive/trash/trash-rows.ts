import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { FileGuard } from '../../../platform/files/guards.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { insertResource } from '../library/resource-access.js';
import { DRIVE_VERSION_USE } from './versions.js';

/** The file-use record that holds the stored files of a 回收站 entry (objId the entry). */
export const DRIVE_TRASH_USE = 'T_DRIVE_TRASH';
export const TRASH_GONE = '回收站中没有该项目，可能已还原或已彻底删除';
export const NOT_YOUR_TRASH = '只能还原或删除自己删除的项目（教学网盘的由网盘管理员处理）';
export const IN_TRASH = '该文件已移入回收站';

/** The rows a deletion took out of the live tables, put back as they were on restore. */
export interface TrashPayload {
  /** The folder deleted (a folder entry), the top of `folders`. */
  rootFolderId: number | null;
  folders: Array<Selectable<Database['driveFolder']>>;
  resources: Array<Selectable<Database['driveResource']>>;
  versions: Array<Selectable<Database['driveVersion']>>;
  likes: Array<Selectable<Database['driveLike']>>;
  favorites: Array<Selectable<Database['driveFavorite']>>;
  comments: Array<Selectable<Database['driveComment']>>;
  downloads: Array<Selectable<Database['driveDownload']>>;
}

/**
 * The rows a deletion takes out of the live tables: the folders and files, and
 * the versions, likes, favourites, comments and downloads over the files.
 */
export async function takeRows(
  trx: Kysely<Database>,
  rows: { folderIds: number[]; resourceIds: number[]; rootFolderId: number | null },
): Promise<TrashPayload> {
  const byResource = <T extends keyof Database>(table: T) =>
    rows.resourceIds.length
      ? (trx
          .selectFrom(table as 'driveLike')
          .selectAll()
          .where('resourceId', 'in', rows.resourceIds)
          .execute() as Promise<never[]>)
      : Promise.resolve([] as never[]);
  return {
    rootFolderId: rows.rootFolderId,
    folders: rows.folderIds.length
      ? await trx.selectFrom('driveFolder').selectAll().where('id', 'in', rows.folderIds).execute()
      : [],
    resources: rows.resourceIds.length
      ? await trx
          .selectFrom('driveResource')
          .selectAll()
          .where('id', 'in', rows.resourceIds)
          .execute()
      : [],
    versions: await byResource('driveVersion'),
    likes: await byResource('driveLike'),
    favorites: await byResource('driveFavorite'),
    comments: await byResource('driveComment'),
    downloads: await byResource('driveDownload'),
  };
}

/**
 * Puts an entry's files back with their ids (the caller has put the folders
 * back and chosen the file's place): their file uses, search text, versions,
 * and what people did with them, for people still on the staff.
 */
export async function putRowsBack(
  trx: Kysely<Database>,
  payload: TrashPayload,
  texts: TextIndex,
): Promise<void> {
  for (const resource of payload.resources) {
    await insertResource(trx, texts, { ...resource, size: Number(resource.size) });
  }
  for (const version of payload.versions) {
    await trx
      .insertInto('driveVersion')
      .values({ ...version, size: Number(version.size) })
      .execute();
    await trx
      .insertInto('fileUse')
      .values({ fileId: version.fileId, infoTable: DRIVE_VERSION_USE, objId: version.id })
      .execute();
  }
  // What people did with the files comes back too, but only for people still here.
  const people = new Set(
    [...payload.likes, ...payload.favorites, ...payload.comments, ...payload.downloads].map(
      (row) => row.staffId,
    ),
  );
  const present = people.size
    ? new Set(
        (
          await trx
            .selectFrom('staff')
            .select('id')
            .where('id', 'in', [...people])
            .execute()
        ).map((row) => row.id),
      )
    : new Set<number>();
  const kept = <T extends { staffId: number }>(rows: T[]) =>
    rows.filter((row) => present.has(row.staffId));
  if (kept(payload.likes).length) {
    await trx.insertInto('driveLike').values(kept(payload.likes)).execute();
  }
  if (kept(payload.favorites).length) {
    await trx.insertInto('driveFavorite').values(kept(payload.favorites)).execute();
  }
  if (kept(payload.comments).length) {
    await trx.insertInto('driveComment').values(kept(payload.comments)).execute();
  }
  if (kept(payload.downloads).length) {
    await trx.insertInto('driveDownload').values(kept(payload.downloads)).execute();
  }
}

/** "名称", else "名称(1)", "名称(2)" ... before the extension, within `max` characters. */
export function freeName(name: string, taken: readonly string[], max: number): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; ; n++) {
    const suffix = `(${n})${extension}`;
    const candidate = [...stem].slice(0, Math.max(1, max - [...suffix].length)).join('') + suffix;
    if (!used.has(candidate)) return candidate;
  }
}

/** The stored files of bin entries: read by nobody through the file address. */
export function driveTrashGuard(): FileGuard {
  return {
    tables: [DRIVE_TRASH_USE],
    refusal: IN_TRASH,
    allows: async () => false,
  };
}
