import { LIBRARY, PRIVATE } from '@school/common/api';
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError, forbidden } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { AuthStaff } from '../../../platform/auth/session.js';

/** Who acts on the drive: the logged-in person. */
export type Viewer = Pick<AuthStaff, 'id' | 'isAdmin' | 'staffType'>;

/** The shared library (ownerId null) or one person's disk. */
export interface Space {
  ownerId: number | null;
}

export const NOT_YOUR_DISK = '只能操作自己的网盘';
export const DRIVE_ADMIN_ONLY = '只有网盘管理员可以进行此操作';

export const spaceOf = (sType: number | undefined, viewer: Viewer): Space =>
  (sType ?? LIBRARY) === LIBRARY ? { ownerId: null } : { ownerId: viewer.id };

export const sTypeOf = (space: Space) => (space.ownerId === null ? 0 : 1);

/** Whether the viewer may see inside a space: the library is everyone's, a disk its owner's. */
export function assertCanSee(space: Space, viewer: Viewer): void {
  if (space.ownerId !== null && space.ownerId !== viewer.id) throw forbidden(NOT_YOUR_DISK);
}

/**
 * Whether the viewer may change a space's folders and others' files: the
 * library's drive administrators (isAdmin "1"), a disk's owner.
 */
export function assertCanManage(space: Space, viewer: Viewer): void {
  if (space.ownerId === null) {
    if (!isDriveAdmin(viewer)) throw forbidden(DRIVE_ADMIN_ONLY);
  } else if (space.ownerId !== viewer.id) {
    throw forbidden(NOT_YOUR_DISK);
  }
}

/**
 * Pins a folder or file of a space the viewer manages to the top of its list, or unpins it;
 * 409 with `unchanged` when it already was so (someone else did it first).
 */
export async function setPinned(
  db: Kysely<Database>,
  viewer: Viewer,
  table: 'driveFolder' | 'driveResource',
  row: { id: number; ownerId: number | null },
  on: boolean,
  unchanged: string,
): Promise<void> {
  assertCanManage({ ownerId: row.ownerId }, viewer);
  const result = await db
    .updateTable(table)
    .set({ isTop: on ? 1 : 0 })
    .where('id', '=', row.id)
    .where('isTop', '=', on ? 0 : 1)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError(409, unchanged);
}

/** A resource column; `unindexed` (SQLite) keeps its indexes out of the plan: `+owner_id`. */
export function resourceColumn(
  column: 'ownerId' | 'uploaderId' | 'folderId',
  unindexed: boolean,
): RawBuilder<number | null> {
  const ref = sql.ref<number | null>(`driveResource.${column}`);
  return unindexed ? sql<number | null>`+${ref}` : sql<number | null>`${ref}`;
}

/**
 * The resources of the viewer's reach: in the library those open to staff,
 * their own private ones, and every one for a drive administrator; on a disk
 * its owner's. `unindexed`: the caller drives the query from other ids (a
 * keyword's matches), so SQLite must not walk the owner or uploader index
 * (the library's 100,000 files) and probe the matches instead.
 */
export function visibleTo(viewer: Viewer, unindexed = false) {
  const owner = resourceColumn('ownerId', unindexed);
  const uploader = resourceColumn('uploaderId', unindexed);
  return (eb: ExpressionBuilder<Database, 'driveResource'>) =>
    isDriveAdmin(viewer)
      ? eb.or([eb(owner, 'is', null), eb(owner, '=', viewer.id)])
      : eb.or([
          eb.and([
            eb(owner, 'is', null),
            eb.or([eb('driveResource.isOpen', '!=', PRIVATE), eb(uploader, '=', viewer.id)]),
          ]),
          eb(owner, '=', viewer.id),
        ]);
}
