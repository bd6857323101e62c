import type { Kysely } from 'kysely';

/**
 * Why a scheduled mail (0049) could not go when its time came: it stays in its writer's draft
 * box with the reason, shown there until the draft is saved or scheduled again.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_draft').addColumn('send_error', 'text').execute();
}
