import type { Kysely } from 'kysely';

/**
 * Share links that work outside the school (issue 19): a person may keep
 * several shares of one file, each with an optional extraction code, an
 * expiry, a download limit and a cancellation. The existing rows stay as
 * they were made: no code, no expiry, no limit.
 *
 * The one-link-per-person-and-file index goes; 我的分享 still reads a
 * person's shares by staff_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('drive_share_staff_idx').execute();
  await db.schema
    .createIndex('drive_share_staff_idx')
    .on('drive_share')
    .columns(['staff_id', 'resource_id'])
    .execute();
  await db.schema.alterTable('drive_share').addColumn('extract_code', 'varchar(8)').execute();
  await db.schema.alterTable('drive_share').addColumn('expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('drive_share').addColumn('max_downloads', 'integer').execute();
  await db.schema
    .alterTable('drive_share')
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('drive_share').addColumn('cancelled_at', 'varchar(32)').execute();
}
