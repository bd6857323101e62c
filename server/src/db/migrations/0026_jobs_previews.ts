import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 19, office previews: the durable job queue (`job`, one row per
 * dedupe key; the worker claims the oldest due queued job, or a running one
 * whose lock ran out), the previews made from office documents keyed by the
 * document's SHA-256 (`file_preview`), and 防泄密 on drive files
 * (`drive_resource.leak_protected`).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const job = db.schema.createTable('job');
  await (
    dialect === 'postgres'
      ? job.addColumn('id', 'serial', (c) => c.primaryKey())
      : job.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('locked_by', 'varchar(64)')
    .addColumn('error', 'varchar(1000)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The worker's claim: due jobs of a state in order.
  await db.schema
    .createIndex('job_due_idx')
    .on('job')
    .columns(['state', 'run_after', 'id'])
    .execute();

  await db.schema
    .createTable('file_preview')
    .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('pdf_file_id', 'integer', (c) =>
      c.notNull().references('stored_file.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_preview_pdf_idx')
    .on('file_preview')
    .column('pdf_file_id')
    .execute();

  await db.schema
    .alterTable('drive_resource')
    .addColumn('leak_protected', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
