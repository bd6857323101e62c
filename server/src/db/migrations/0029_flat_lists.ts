import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Lists and search that stay flat as the news grow (issue 20).
 *
 * - news_list_idx gains `id` right after the sort columns: the public order
 *   (pinned, shelves date, id, all descending) is then the index's own order,
 *   so a page's ids come from the index alone however deep the page, without
 *   a temporary sort of each shelves date's ties; enable_type stays in it so
 *   the public filter is answered from the index too.
 * - list_stamp: a counter the database bumps (triggers) on every write that
 *   can change what a news list or the search counts (news and search_doc
 *   rows; not views and likes). Counts are kept in memory by the stamp they
 *   were read at (db/paging.ts CountCache), so every process agrees when one
 *   is stale whoever wrote.
 * - news_due_idx, search_doc_due_idx: the next scheduled item (the first
 *   shelves or document date after now), found by one index step; a kept
 *   count lasts until then, when the item goes live by itself.
 *
 * Written with SQL of its own only: a migration must not change meaning when
 * the live code changes later.
 */
const NEWS_COLUMNS = [
  'type_id',
  'deleted',
  'if_shelves',
  'check_status',
  'shelves_date',
  'enable_type',
  'if_top',
  'news_type',
  'content_kind',
  'sch_change',
  'dept_id',
  'create_staff',
  'release_user',
  'title',
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.dropIndex('news_list_idx').execute();
  await db.schema
    .createIndex('news_list_idx')
    .on('news')
    .columns([
      'type_id',
      'deleted',
      'if_shelves',
      'check_status',
      'if_top',
      'shelves_date',
      'id',
      'enable_type',
    ])
    .execute();
  if (dialect === 'postgres') {
    // PostgreSQL settles ties between equally cheap indexes (a small table) for the newest one:
    // the platform's column-and-state index is made again after the list index, so its counts
    // keep reading it as before (on a full table the costs choose it anyway).
    await db.schema.dropIndex('news_cms_type_state_idx').execute();
    await db.schema
      .createIndex('news_cms_type_state_idx')
      .on('news')
      .columns(['type_id', 'review_state', 'deleted', 'updated_at'])
      .execute();
  }
  await db.schema.createIndex('news_due_idx').on('news').column('shelves_date').execute();
  await db.schema.createIndex('search_doc_due_idx').on('search_doc').column('doc_date').execute();

  await db.schema
    .createTable('list_stamp')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO list_stamp (name, n) VALUES ('content', 0)`.execute(db);

  const bump = `UPDATE list_stamp SET n = n + 1 WHERE name = 'content'`;
  const triggers: Array<{ table: string; event: string; name: string }> = [
    { table: 'news', event: 'INSERT', name: 'news_stamp_insert' },
    { table: 'news', event: `UPDATE OF ${NEWS_COLUMNS.join(', ')}`, name: 'news_stamp_update' },
    { table: 'news', event: 'DELETE', name: 'news_stamp_delete' },
    { table: 'search_doc', event: 'INSERT', name: 'search_doc_stamp_insert' },
    { table: 'search_doc', event: 'UPDATE', name: 'search_doc_stamp_update' },
    { table: 'search_doc', event: 'DELETE', name: 'search_doc_stamp_delete' },
  ];
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION bump_list_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${bump}; RETURN NULL; END $$`,
      )
      .execute(db);
    for (const { table, event, name } of triggers) {
      // One bump per statement: a bulk change is one change to the lists.
      await sql
        .raw(
          `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_list_stamp()`,
        )
        .execute(db);
    }
    return;
  }
  for (const { table, event, name } of triggers) {
    await sql
      .raw(`CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN ${bump}; END`)
      .execute(db);
  }
}
