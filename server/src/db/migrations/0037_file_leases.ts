import type { Kysely } from 'kysely';

/**
 * Pending uses of stored bytes (file leases): `file_use.pending` is 1 on an
 * upload's hold that its holder has not registered yet. It is written with the
 * hold, in one transaction with finding the stored file, when an upload's
 * bytes are stored or a 秒传 claims them; it is cleared when the upload is
 * registered, and goes with the hold when the upload sweep expires it. While
 * it is there, the stored file is not deleted, however many drive resources
 * over it go (FileService.removeIfUnused, the one guarded delete). Rows
 * written before this migration are 0: registered, or swept as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('file_use')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
