import type { Kysely } from 'kysely';

/**
 * Public view counts (issue 18): one row per item, visitor and Beijing day,
 * so a visitor's views of an item count once a day. `visitor` is a hash of
 * the visitor's key (staff id, visitor cookie, or address and browser), never
 * the address itself. Only today's rows decide anything; older days are
 * deleted as the day turns (engagement service). `day` leads the key so that
 * deleting the old days reads the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('view_visit')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('info_table', 'varchar(20)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_visit_pk', ['day', 'info_table', 'obj_id', 'visitor'])
    .execute();
}
