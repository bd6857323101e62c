import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Lists and search that stay flat as the news grow (issue 20).
 *
 * - news_list_idx gains `id` right after the sort columns: the public order
 *   (pinned, shelves date, id, all descending) is then the index's own order,
 *   so a page's ids come from the index alone however deep the page, without
 *   a temporary sort of each shelves date's ties; enable_type stays in it so
 *   the public filter is answered from the index too.
 * - Counts kept between changes (db/paging.ts CountCache) are keyed by the
 *   site's content version (site_version, migration 0028), which every write
 *   to news and search entries raises, and end at the next scheduled item,
 *   found through 0028's date indexes.
 *
 * Written with SQL of its own only: a migration must not change meaning when
 * the live code changes later.
 */
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
}
