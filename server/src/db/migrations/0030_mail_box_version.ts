import type { Kysely } from 'kysely';

/**
 * A version per mailbox (issue 20: the staff's searches flat at 100,000 mails).
 *
 * mail_box_version holds one row per person whose inbox has changed since:
 * every write to their inbox entries (a mail delivered, read, deleted,
 * recalled) raises it in the same transaction. The inbox's keyword search
 * keeps a page's count and ids under the person's version (and the site's
 * content version, for a sender renamed), read per request from this one
 * primary-key row, so every worker sees a change at once and the search does
 * not read every match of a word on each request. No row: version 0.
 *
 * Written with SQL of its own only: a migration must not change meaning when
 * the live code changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_box_version')
    .addColumn('staff_id', 'integer', (col) => col.primaryKey())
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}
