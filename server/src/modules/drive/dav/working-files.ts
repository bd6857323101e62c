import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import type { FileGuard } from '../../../platform/files/guards.js';
import type { FileService } from '../../../platform/files/service.js';
import { dropFileUses } from '../../../platform/files/uses.js';
import { iso, type Clock } from '../../../time.js';
import type { DiskQuota } from '../disk/quota.js';
import { extensionAllowed } from '../library/resource-files.js';
import type { Space, Viewer } from '../disk/space.js';

/** The file-use record of a working file's stored bytes (objId the dav_file row). */
export const DAV_USE = 'T_DAV';

/** What the page never sees of a working file: only its uploader reads it. */
const NOT_YOUR_WORKING_FILE = '无权查看该文件';

export interface WorkingFileRow {
  id: number;
  ownerId: number | null;
  folderId: number | null;
  uploaderId: number;
  name: string;
  fileId: number | null;
  size: number;
  createdAt: string;
  updatedAt: string;
}

/** Where a working file is: a space and a folder of it (null: the disk's top). */
export interface Place {
  space: Space;
  folderId: number | null;
}

/**
 * Whether a name is a client's working file whatever its bytes: Office's ~$ owner files and
 * ~WRL*.tmp, LibreOffice's .~lock.*#, macOS's ._* and .DS_Store, any hidden or temporary name,
 * and every name whose extension is not on the drive's list (intranet.md §5).
 */
export function isWorkingName(name: string): boolean {
  return (
    name.startsWith('~') ||
    name.startsWith('.') ||
    /\.(tmp|temp|bak|crdownload|part)$/i.test(name) ||
    !extensionAllowed(name)
  );
}

const COLUMNS = [
  'id',
  'ownerId',
  'folderId',
  'uploaderId',
  'name',
  'fileId',
  'size',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The files a WebDAV client keeps beside the drive's own (issue 22): what the drive does not
 * take as a file (see isWorkingName) and the empty file a client makes before writing it
 * (Windows Explorer, a LOCK on a new name). Each is its uploader's only, shown over WebDAV and
 * nowhere else, counted in its uploader's quota wherever it is (the library's too); its bytes are stored like every upload's (hashed,
 * kept once), read under the one read rule (the T_DAV guard: its uploader).
 */
export class WorkingFiles {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
    private readonly quota: DiskQuota,
    /** Largest file in bytes (config.driveFileMaxBytes). */
    private readonly maxBytes: number,
  ) {}

  private at(viewer: Viewer, place: Place, db: Kysely<Database> = this.db) {
    return db
      .selectFrom('davFile')
      .select(COLUMNS)
      .where('uploaderId', '=', viewer.id)
      .where(matches('ownerId', place.space.ownerId))
      .where(matches('folderId', place.folderId));
  }

  /** The viewer's working files in a place, by name. */
  async in(viewer: Viewer, place: Place): Promise<WorkingFileRow[]> {
    const rows = await this.at(viewer, place).orderBy('id').execute();
    return rows.map(normal);
  }

  async find(viewer: Viewer, place: Place, name: string): Promise<WorkingFileRow | undefined> {
    const row = await this.at(viewer, place).where('name', '=', name).executeTakeFirst();
    return row && normal(row);
  }

  /**
   * Puts `source`'s bytes under `name` in a place (over `existing`, the working file there):
   * stored and hashed as they arrive, within its uploader's quota (413, told as 507 over WebDAV).
   */
  async write(
    viewer: Viewer,
    place: Place,
    name: string,
    source: Readable,
    existing?: WorkingFileRow,
  ): Promise<WorkingFileRow> {
    const { file } = await this.files.saveDeduplicated(
      {
        fileName: name,
        createdBy: viewer.id,
        maxBytes: this.maxBytes,
        inspect: async () => 'application/octet-stream',
      },
      source,
    );
    const size = Number(file.size);
    let dropped: number | null = null;
    let row: WorkingFileRow;
    try {
      row = await inTransaction(this.db, async (trx) => {
        await this.quota.lock(trx, viewer.id);
        await this.quota.assertRoom(trx, viewer.id, size - (existing?.size ?? 0));
        const at = iso(this.now());
        let id: number;
        if (existing) {
          dropped = existing.fileId;
          id = existing.id;
          await trx
            .updateTable('davFile')
            .set({ fileId: file.id, size, updatedAt: at })
            .where('id', '=', id)
            .execute();
          await dropFileUses(trx, DAV_USE, id);
        } else {
          id = await insertRow(trx, viewer, place, { name, fileId: file.id, size, at });
        }
        await trx
          .insertInto('fileUse')
          .values({ fileId: file.id, infoTable: DAV_USE, objId: id })
          .execute();
        return normal(
          await trx
            .selectFrom('davFile')
            .select(COLUMNS)
            .where('id', '=', id)
            .executeTakeFirstOrThrow(),
        );
      });
    } catch (err) {
      await this.dropIfUnused(file.id);
      throw err;
    }
    if (dropped !== null && dropped !== file.id) await this.dropIfUnused(dropped);
    return row;
  }

  /** Records `fileId`'s bytes (a drive file's, which the viewer reads) as a working file. */
  async adopt(viewer: Viewer, place: Place, name: string, fileId: number, size: number) {
    return inTransaction(this.db, async (trx) => {
      await this.quota.lock(trx, viewer.id);
      await this.quota.assertRoom(trx, viewer.id, size);
      const id = await insertRow(trx, viewer, place, { name, fileId, size, at: iso(this.now()) });
      await trx.insertInto('fileUse').values({ fileId, infoTable: DAV_USE, objId: id }).execute();
      return id;
    });
  }

  /**
   * Moves and renames a working file (within its uploader's reach: the caller checked); it
   * counts for its uploader wherever it is, so a move changes no quota.
   */
  async place(row: WorkingFileRow, place: Place, name: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('davFile')
        .set({
          ownerId: place.space.ownerId,
          folderId: place.folderId,
          name,
          updatedAt: iso(this.now()),
        })
        .where('id', '=', row.id)
        .execute();
    });
  }

  /** Removes working files; their bytes go when nothing else uses them. */
  async remove(rows: WorkingFileRow[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    await inTransaction(this.db, async (trx) => {
      await dropFileUses(trx, DAV_USE, ids);
      await trx.deleteFrom('davFile').where('id', 'in', ids).execute();
    });
    for (const row of rows) if (row.fileId !== null) await this.dropIfUnused(row.fileId);
  }

  /** Working files whose folder went (a folder deleted in the page): their uses and bytes too. */
  async dropOrphans(): Promise<void> {
    const orphans = await this.db
      .selectFrom('fileUse')
      .select(['fileUse.fileId', 'fileUse.objId'])
      .where('fileUse.infoTable', '=', DAV_USE)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('davFile')
              .select('davFile.id')
              .whereRef('davFile.id', '=', 'fileUse.objId'),
          ),
        ),
      )
      .execute();
    for (const orphan of orphans) {
      await dropFileUses(this.db, DAV_USE, orphan.objId);
      await this.dropIfUnused(orphan.fileId);
    }
  }

  private async dropIfUnused(fileId: number): Promise<void> {
    await this.files.removeIfUnused(fileId, async (id, db) => {
      const [use, resource, mail] = await Promise.all([
        db.selectFrom('fileUse').select('fileId').where('fileId', '=', id).executeTakeFirst(),
        db.selectFrom('driveResource').select('id').where('fileId', '=', id).executeTakeFirst(),
        db.selectFrom('mailFile').select('fileId').where('fileId', '=', id).executeTakeFirst(),
      ]);
      return Boolean(use || resource || mail);
    });
  }
}

const normal = (row: Omit<WorkingFileRow, 'size'> & { size: number | string }): WorkingFileRow => ({
  ...row,
  size: Number(row.size),
});

/** Who may read a working file's bytes by any address: its uploader. */
export function workingFileGuard(): FileGuard {
  return {
    tables: [DAV_USE],
    refusal: NOT_YOUR_WORKING_FILE,
    allows: async (reader, uses, _fileId, db) => {
      const ids = uses.map((use) => use.objId);
      if (ids.length === 0) return false;
      const own = await db
        .selectFrom('davFile')
        .select('id')
        .where('id', 'in', ids)
        .where('uploaderId', '=', reader.id)
        .executeTakeFirst();
      return Boolean(own);
    },
  };
}

/** A new working file's row, the viewer's, in a place. */
async function insertRow(
  trx: Kysely<Database>,
  viewer: Viewer,
  place: Place,
  file: { name: string; fileId: number; size: number; at: string },
): Promise<number> {
  const { id } = await trx
    .insertInto('davFile')
    .values({
      ownerId: place.space.ownerId,
      folderId: place.folderId,
      uploaderId: viewer.id,
      name: file.name,
      fileId: file.fileId,
      size: file.size,
      createdAt: file.at,
      updatedAt: file.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
