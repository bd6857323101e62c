import type { Kysely } from 'kysely';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import { visibleTo, type Space, type Viewer } from '../disk/space.js';

/**
 * The names of a folder as the upload dialog asks about them (checkNames,
 * 保留两者, 替换). Only the files the viewer can see count: a colleague's
 * private file of the same name must not change the answer, or the answer
 * would tell that it exists. Names are not unique in a folder (no database
 * constraint), so the hidden file keeps its name beside the new one.
 */
export interface FolderPlace {
  space: Space;
  folderId: number | null;
}

/** The live files of one folder (or a disk's top, or the library's) the viewer can see. */
function seenInFolder(db: Kysely<Database>, viewer: Viewer, { space, folderId }: FolderPlace) {
  return db
    .selectFrom('driveResource')
    .where(visibleTo(viewer))
    .where(matches('ownerId', space.ownerId))
    .where(matches('folderId', folderId));
}

/** The names among `wanted` the viewer sees in the folder. */
export async function takenNames(
  db: Kysely<Database>,
  viewer: Viewer,
  place: FolderPlace,
  wanted: string[],
): Promise<string[]> {
  if (wanted.length === 0) return [];
  const rows = await seenInFolder(db, viewer, place)
    .select('name')
    .where('name', 'in', wanted)
    .execute();
  const taken = new Set(rows.map((row) => row.name));
  return wanted.filter((name) => taken.has(name));
}

/** The newest file of that name the viewer sees in the folder, and the names there (for a free one). */
export async function sameName(
  db: Kysely<Database>,
  viewer: Viewer,
  place: FolderPlace,
  name: string,
) {
  const rows = await seenInFolder(db, viewer, place)
    .select(['id', 'name', 'ownerId', 'uploaderId'])
    .orderBy('id', 'desc')
    .execute();
  return {
    found: rows.find((row) => row.name === name),
    names: rows.map((row) => row.name),
  };
}
