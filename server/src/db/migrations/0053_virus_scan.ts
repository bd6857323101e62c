import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Virus scanning: every stored file carries its scan state (`scan_state`: clean, infected,
 * unscanned — 未检测, every file stored before scanning existed — or pending, a scan that
 * failed and is tried again), the clamd signature version it was scanned with and when, and
 * what was found. `virus_finding` keeps each virus found (at upload or on a rescan) after its
 * bytes were removed: the administrators' to-do until one marks it handled.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('stored_file')
    .addColumn('scan_state', 'varchar(16)', (c) => c.notNull().defaultTo('unscanned'))
    .execute();
  await db.schema.alterTable('stored_file').addColumn('scan_version', 'varchar(128)').execute();
  await db.schema.alterTable('stored_file').addColumn('scanned_at', 'varchar(32)').execute();
  await db.schema.alterTable('stored_file').addColumn('virus_name', 'varchar(255)').execute();
  let table = db.schema.createTable('virus_finding');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    // The stored file a rescan found infected (its row stays, its bytes are gone); null for
    // an upload refused before it was recorded.
    .addColumn('file_id', 'integer')
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)')
    .addColumn('virus_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('scan_version', 'varchar(128)', (c) => c.notNull())
    // upload: refused as it came in; rescan: found later by the daily rescan.
    .addColumn('found_by', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer')
    .addColumn('found_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('handled_at', 'varchar(32)')
    .addColumn('handled_by', 'integer')
    .execute();
  await db.schema
    .createIndex('virus_finding_open_idx')
    .on('virus_finding')
    .columns(['handled_at', 'id'])
    .execute();
  await db.schema
    .createIndex('stored_file_scan_idx')
    .on('stored_file')
    .columns(['scan_state', 'id'])
    .execute();
}
