import type { Kysely } from 'kysely';

/**
 * Hand-off sessions are tied to the session they came from (issue 16): a
 * hand-off ticket remembers the session that asked for it, and the session
 * it opens remembers that one as its parent. Both go when the parent goes
 * (sign-out, password change, expiry), so a hand-off can neither outlive nor
 * renew the session behind it. Null for logins and linked systems' entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('session')
    .addColumn('parent_id', 'integer', (c) => c.references('session.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('session_parent_idx').on('session').column('parent_id').execute();
  await db.schema
    .alterTable('handoff_ticket')
    .addColumn('session_id', 'integer', (c) => c.references('session.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('handoff_ticket_session_idx')
    .on('handoff_ticket')
    .column('session_id')
    .execute();
}
