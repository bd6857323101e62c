import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Core tables: staff and departments, sessions and login throttling, system
 * parameters, the news column tree and the operation log. Written once with
 * Kysely's schema builder for both dialects; only the identity column differs.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('staff')
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('staff_type', 'integer', (c) => c.notNull())
    .addColumn('is_power', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_admin', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('email', 'varchar(128)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('school_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'varchar(256)', (c) => c.notNull())
    .addColumn('whetherpass', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_phone_idx').on('staff').column('phone').execute();

  await withId('department')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('department.id').onDelete('restrict'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('department_parent_idx')
    .on('department')
    .column('parent_id')
    .execute();

  await db.schema
    .createTable('staff_department')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('dept_id', 'integer', (c) =>
      c.notNull().references('department.id').onDelete('cascade'),
    )
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('staff_department_pk', ['staff_id', 'dept_id'])
    .execute();
  await db.schema
    .createIndex('staff_department_dept_idx')
    .on('staff_department')
    .column('dept_id')
    .execute();

  await withId('session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(256)')
    .execute();
  await db.schema.createIndex('session_staff_idx').on('session').column('staff_id').execute();
  await db.schema.createIndex('session_expires_idx').on('session').column('expires_at').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId('sys_parameter')
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('1'))
    .addColumn('pic', 'varchar(500)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sys_parameter_code_idx')
    .on('sys_parameter')
    .columns(['code', 'sort'])
    .execute();

  await db.schema
    .createTable('news_type')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId('oper_log')
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('oper_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oper_log_obj_idx')
    .on('oper_log')
    .columns(['info_table', 'obj_id', 'created_at'])
    .execute();
}
