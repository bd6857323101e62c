import type { Kysely } from 'kysely';

/**
 * 定时发送: a mail to be sent later is its writer's draft with the moment it goes
 * (`send_at`, ISO; null for a plain draft). It stays editable and can be cancelled until
 * then; a job queued for that moment sends it (modules/mail/scheduled.ts). The index lists a
 * person's 待发送 in the order they go.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_draft').addColumn('send_at', 'text').execute();
  await db.schema
    .createIndex('mail_draft_send_idx')
    .on('mail_draft')
    .columns(['owner_id', 'send_at'])
    .execute();
}
