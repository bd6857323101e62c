import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * App passwords (应用专用密码, issue 22): passwords a person makes on /editPwd for WebDAV
 * clients, which send them by Basic authentication on every request. Only a SHA-256 of the
 * secret is kept: the secret is random (over 128 bits), so a fast hash is as safe as a slow one
 * and costs nothing per request (platform/auth/app-passwords.ts). Looked up by that hash, so it
 * is unique. A name is unique per person; the rows go with their staff member.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('app_password');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('last_used_ip', 'varchar(64)')
    .execute();
  await db.schema
    .createIndex('app_password_staff_name_idx')
    .on('app_password')
    .columns(['staff_id', 'name'])
    .unique()
    .execute();
}
