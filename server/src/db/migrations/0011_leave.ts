import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Leave approval (intranet.md, visitType 21): a department's head
 * (department.head_staff_id), the requests and the history of their steps.
 * A request waits for one person (approver_id, state 'pending': the head) or
 * for any school administrator (state 'school'); it ends 'approved',
 * 'returned' or 'withdrawn'.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await db.schema
    .alterTable('department')
    .addColumn('head_staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .execute();

  await withId('leave_request')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('dept_id', 'integer', (c) => c.references('department.id').onDelete('set null'))
    /** 1 事假, 2 病假, 3 公假, 4 调课. */
    .addColumn('leave_type', 'integer', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    /** 1 上午, 2 下午. */
    .addColumn('start_half', 'integer', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_half', 'integer', (c) => c.notNull())
    /** Half-day units: the days are half of it. */
    .addColumn('half_days', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('stored_file.id').onDelete('set null'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('approver_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('leave_request_staff_idx')
    .on('leave_request')
    .columns(['staff_id', 'id'])
    .execute();
  await db.schema
    .createIndex('leave_request_waiting_idx')
    .on('leave_request')
    .columns(['state', 'approver_id'])
    .execute();

  await withId('leave_step')
    .addColumn('leave_id', 'integer', (c) =>
      c.notNull().references('leave_request.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    /** apply, approve, escalate, sendBack, withdraw. */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leave_step_leave_idx').on('leave_step').column('leave_id').execute();
}
