import { PRIVATE } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { readResource, type ResourceRow } from '../library/resource-access.js';
import type { Viewer } from '../disk/space.js';

/** Folders deeper than this are not walked: a school's tree is a few levels. */
const DEPTH_MAX = 64;

/**
 * What a folder's link lends of one file now: the drive's one read rule as
 * the link's owner, and never another person's private file — an
 * administrator who shares a folder has not chosen to publish the private
 * files teachers keep in it. Null for a file the link does not lend.
 */
export async function lends(
  db: Kysely<Database>,
  resourceId: number,
  owner: Viewer,
): Promise<ResourceRow | null> {
  let row: ResourceRow;
  try {
    row = await readResource(db, resourceId, owner);
  } catch {
    return null;
  }
  if (row.isOpen === PRIVATE && row.uploaderId !== owner.id) return null;
  return row;
}

/** Whether folder `folderId` is `rootId` or lies below it, walked up from the stored parents. */
export async function isBelow(
  db: Kysely<Database>,
  folderId: number | null,
  rootId: number,
): Promise<boolean> {
  let at = folderId;
  for (let step = 0; at !== null && step < DEPTH_MAX; step += 1) {
    if (at === rootId) return true;
    const row = await db
      .selectFrom('driveFolder')
      .select('parentId')
      .where('id', '=', at)
      .executeTakeFirst();
    at = row?.parentId ?? null;
  }
  return false;
}
