import type { Kysely } from 'kysely';

/**
 * The public site's content version (issue 20): one row, raised in the same
 * transaction as every write that can change a public page (db/content-watch.ts),
 * so every process of the site agrees when its cached pages went out of date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ site_version: { id: number; version: number } }>)
    .insertInto('site_version')
    .values({ id: 1, version: 1 })
    .execute();
  // The page cache asks for the next dated item after now (db/site-version.ts) at each version.
  await db.schema.createIndex('news_shelves_date_idx').on('news').column('shelves_date').execute();
  await db.schema.createIndex('search_doc_date_idx').on('search_doc').column('doc_date').execute();
}
