import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Staff import (人员导入, modules/people/staff-import*.ts): an account's 职务 (position) and
 * 学科 (subject); must_change_password for accounts made with a generated initial password
 * (the first login must choose a new one, whatever the role); and staff_import, a dry run
 * kept for its administrator until applied or expired, whose initial passwords are kept
 * only encrypted, with a key the administrator holds, until the one download.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('staff').addColumn('position', 'varchar(200)').execute();
  await db.schema.alterTable('staff').addColumn('subject', 'varchar(200)').execute();
  await db.schema
    .alterTable('staff')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const table = db.schema.createTable('staff_import');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('sheet', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('applied_at', 'varchar(32)')
    .addColumn('passwords', 'text')
    .execute();
  await db.schema
    .createIndex('staff_import_staff_idx')
    .on('staff_import')
    .column('staff_id')
    .execute();
}
