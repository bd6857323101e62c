import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * `npm run import` (ops/site-import): the old site's ids and what they became here, and the
 * runs with their reports.
 *
 * site_import_map: one row per item of the old site (`source` its origin, `kind` news,
 * subject, video, magazine, banner, file, ...; `old_key` its id or, for a file, its address)
 * and the id it has here; `fingerprint` is a hash of what was read, so a later run knows
 * whether it changed. A second run updates or skips what the map names instead of adding it
 * again.
 *
 * site_import_run: one row per run; `state` (JSON) holds the columns already finished, so an
 * interrupted run's successor goes on where it stopped; `report` (JSON) its counts and failures.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('site_import_map')
    .addColumn('source', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('old_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('new_id', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('site_import_map_pk', ['source', 'kind', 'old_key'])
    .execute();
  const table = db.schema.createTable('site_import_run');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('source', 'varchar(200)', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('site_import_run_source_idx')
    .on('site_import_run')
    .columns(['source', 'id'])
    .execute();
}
