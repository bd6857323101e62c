import { sql, type Kysely } from 'kysely';

/**
 * One content path (issue 17):
 *
 * - every authored item (news, sub-news, videos, introduction pages, people)
 *   gets a `version`: an integer that every write to the row bumps (a save,
 *   and for news and videos a review step). A save carries the version its
 *   edit form was read at and only writes when the row still has it, so of
 *   two editors the second is told to reload instead of silently undoing the
 *   first. An integer, not a timestamp: two writes in the same millisecond,
 *   or a clock set back, cannot make a stale form look current.
 * - news keep their saved versions in content_revision like every other kind
 *   (info_table 'T_NEWS'): the rows of news_revision are copied over in their
 *   order, then news_revision is dropped.
 *
 * Written with SQL of its own only: a migration must not change meaning when
 * the live code changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news', 'subject_news', 'video', 'intro_page', 'person']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`
    INSERT INTO content_revision (info_table, obj_id, staff_id, staff_name, created_at, snapshot)
    SELECT 'T_NEWS', news_id, staff_id, staff_name, created_at, snapshot
    FROM news_revision
    ORDER BY id
  `.execute(db);
  await db.schema.dropTable('news_revision').execute();
}
