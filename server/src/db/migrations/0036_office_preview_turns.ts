import type { Kysely } from 'kysely';

/**
 * Office previews take turns per person: a job records who asked for it
 * (`job.requested_by`), and the worker takes the due job of whoever has had
 * the fewest jobs run since it was queued (platform/jobs/queue.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('requested_by', 'varchar(64)').execute();
  await db.schema
    .createIndex('job_requester_idx')
    .on('job')
    .columns(['requested_by', 'updated_at'])
    .execute();
}
