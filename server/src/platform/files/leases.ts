import { PostgresAdapter, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';
import type { FileOwnerTable } from './uses.js';

/**
 * Pending uses of stored bytes (file leases). An upload of bytes the drive
 * keeps once per content, or a 秒传 that reuses them, holds the stored file
 * for its uploader (a file_use row, objId the uploader) marked `pending`
 * until the upload is registered. FileService.removeIfUnused, the one delete
 * of stored bytes, keeps a file any pending hold is on, so deleting the last
 * drive resource over some bytes never takes them from under another
 * person's upload of the same bytes. A pending hold goes when the upload is
 * registered (settled) or when the upload sweep expires the hold.
 */
export interface UploadHold {
  table: FileOwnerTable;
  objId: number;
}

export const isPostgres = (db: Kysely<Database>) =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/** Some upload holds the stored file (`storedFile.id`) pending: it must stay. */
export const heldPending = (eb: ExpressionBuilder<Database, 'storedFile'>) =>
  eb.exists(
    eb
      .selectFrom('fileUse')
      .select('fileUse.fileId')
      .whereRef('fileUse.fileId', '=', 'storedFile.id')
      .where('fileUse.pending', '=', 1),
  );

/** Which of `fileIds` the holder's uploads hold, pending or taken up. */
export async function heldBy(
  db: Kysely<Database>,
  hold: UploadHold,
  fileIds: readonly number[],
): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('fileUse')
    .select('fileId')
    .where('infoTable', '=', hold.table)
    .where('objId', '=', hold.objId)
    .where('fileId', 'in', [...fileIds])
    .execute();
  return new Set(rows.map((row) => row.fileId));
}

/** Writes (or renews) a pending hold, begun now. */
export async function writeHold(
  db: Kysely<Database>,
  now: Clock,
  fileId: number,
  hold: UploadHold,
): Promise<void> {
  const at = iso(now());
  await db
    .insertInto('fileUse')
    .values({ fileId, infoTable: hold.table, objId: hold.objId, createdAt: at, pending: 1 })
    .onConflict((conflict) =>
      conflict.columns(['infoTable', 'objId', 'fileId']).doUpdateSet({ createdAt: at, pending: 1 }),
    )
    .execute();
}

/**
 * Takes a pending hold on a file shared by hash in one transaction with
 * finding its row again (locked against a delete on PostgreSQL): either the
 * hold is written before any delete looks, and the delete keeps the file, or
 * the file was deleted first and this answers false (the caller stores the
 * bytes anew, so nothing points at missing bytes).
 */
export function claimHold(
  db: Kysely<Database>,
  now: Clock,
  fileId: number,
  sha256: string,
  hold: UploadHold,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('storedFile')
      .select('id')
      .where('id', '=', fileId)
      .where('sha256', '=', sha256.toLowerCase())
      .where('sharedByHash', '=', 1)
      .$if(isPostgres(db), (qb) => qb.forShare())
      .executeTakeFirst();
    if (!row) return false;
    await writeHold(trx, now, fileId, hold);
    return true;
  });
}

/**
 * The holder took its uploads up (the drive registered them), in the
 * registration's transaction: their holds stay, no longer pending, so
 * deleting what was registered may delete the bytes.
 */
export async function settleHolds(
  db: Kysely<Database>,
  hold: UploadHold,
  fileIds: readonly number[],
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .updateTable('fileUse')
    .set({ pending: 0 })
    .where('infoTable', '=', hold.table)
    .where('objId', '=', hold.objId)
    .where('fileId', 'in', [...fileIds])
    .execute();
}
