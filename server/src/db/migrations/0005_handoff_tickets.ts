import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * One-time links of the sign-on hand-off: a checked hand-off request is kept
 * by its key (so the same signed request cannot be replayed) with a ticket
 * (stored hashed) that a new tab exchanges once, within minutes, for a session.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('handoff_ticket');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('target_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('handoff_ticket_expires_idx')
    .on('handoff_ticket')
    .column('expires_at')
    .execute();
}
