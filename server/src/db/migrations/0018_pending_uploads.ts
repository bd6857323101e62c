import type { Kysely } from 'kysely';

/**
 * Uploads nobody registered (issue 16): when each upload's hold began, so the
 * upload sweep (platform/files/upload-sweep.ts) can drop those no drive
 * resource, mail or draft took up after a day, and the resumable uploads
 * announced for a disk while their bytes still arrive, so they count against
 * its quota.
 *
 * `file_use.created_at`: when the row was written (ISO-8601 UTC), kept for a
 * drive or mail upload's hold (T_DRIVE_UPLOAD, T_MAIL_UPLOAD); null for rows
 * written before this migration and by writers that do not set it, which the
 * sweep stamps the first time it sees them (so they too get their day).
 *
 * `drive_tus_upload`: a tus upload (its id) announced for `staff_id`'s disk
 * with `size` bytes, from its creation until its last byte is stored, it is
 * dropped, or a day has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('file_use').addColumn('created_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('file_use_created_idx')
    .on('file_use')
    .columns(['info_table', 'created_at'])
    .execute();
  await db.schema
    .createTable('drive_tus_upload')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_tus_upload_staff_idx')
    .on('drive_tus_upload')
    .column('staff_id')
    .execute();
}
