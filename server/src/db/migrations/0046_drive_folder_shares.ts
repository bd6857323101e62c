import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * A share link names a file or a folder: drive_share gets folder_id (the shared folder, its
 * link gone with it), resource_id may be null, and each row names exactly one of the two.
 * SQLite cannot drop a NOT NULL in place: the table is made again with its rows and indexes
 * (nothing references drive_share, and it has no triggers).
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const oneTarget = sql`(resource_id is null) <> (folder_id is null)`;
  if (dialect === 'postgres') {
    await sql`alter table drive_share alter column resource_id drop not null`.execute(db);
    await db.schema
      .alterTable('drive_share')
      .addColumn('folder_id', 'integer', (c) => c.references('drive_folder.id').onDelete('cascade'))
      .execute();
    await db.schema
      .alterTable('drive_share')
      .addCheckConstraint('drive_share_one_target', oneTarget)
      .execute();
  } else {
    await db.schema
      .createTable('drive_share_next')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('resource_id', 'integer', (c) =>
        c.references('drive_resource.id').onDelete('cascade'),
      )
      .addColumn('staff_id', 'integer', (c) =>
        c.notNull().references('staff.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('share_code', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('extract_code', 'varchar(8)')
      .addColumn('expires_at', 'varchar(32)')
      .addColumn('max_downloads', 'integer')
      .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled_at', 'varchar(32)')
      .addColumn('folder_id', 'integer', (c) => c.references('drive_folder.id').onDelete('cascade'))
      .addCheckConstraint('drive_share_one_target', oneTarget)
      .execute();
    await sql`
      insert into drive_share_next (id, resource_id, staff_id, created_at, share_code,
        extract_code, expires_at, max_downloads, downloads, cancelled_at)
      select id, resource_id, staff_id, created_at, share_code,
        extract_code, expires_at, max_downloads, downloads, cancelled_at
      from drive_share
    `.execute(db);
    await db.schema.dropTable('drive_share').execute();
    await sql`alter table drive_share_next rename to drive_share`.execute(db);
    await db.schema
      .createIndex('drive_share_staff_idx')
      .on('drive_share')
      .columns(['staff_id', 'resource_id'])
      .execute();
  }
  await db.schema
    .createIndex('drive_share_folder_idx')
    .on('drive_share')
    .column('folder_id')
    .execute();
}
