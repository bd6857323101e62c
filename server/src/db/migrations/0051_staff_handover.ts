import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * 离职交接: a leaver's account is marked with the moment it was handed over (`staff.left_at`),
 * and each handover keeps its report (what moved, to whom, by whom) in `staff_handover`. A
 * leaver's mail stays as an archive that only system administrators read, for accounts with
 * `left_at` set.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('staff').addColumn('left_at', 'varchar(32)').execute();
  let table = db.schema.createTable('staff_handover');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) =>
      c.notNull().references('staff.id').onDelete('cascade'),
    )
    .addColumn('handed_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_handover_staff_idx')
    .on('staff_handover')
    .column('staff_id')
    .execute();
}
