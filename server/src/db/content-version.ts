import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The two reads that say how long something derived from the site's content
 * holds: the content version (the site_version row, raised with every content
 * write, db/content-watch.ts) and the next dated item. The page cache
 * (db/site-version.ts) and the kept counts of lists and searches
 * (db/paging.ts) both end at whichever comes first.
 */

/** The site's content version as committed now. */
export async function readContentVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('siteVersion')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * The earliest ISO time after `nowIso` at which something dated changes what
 * the public sees: a news item's shelves date, a search entry's date, a
 * ticker notice's date (undefined: nothing is scheduled). Anything dated in
 * the future counts, whatever its state: ending early only costs a recount.
 * Each part is one step of a date index (migration 0028).
 */
export async function nextDue(db: Kysely<Database>, nowIso: string): Promise<string | undefined> {
  const { rows } = await sql<{ due: string | null }>`
    select min(due) as due from (
      select min(shelves_date) as due from news where shelves_date > ${nowIso}
      union all
      select min(doc_date) as due from search_doc where doc_date > ${nowIso}
      union all
      select min(shelves_date) as due from rolling_notice where shelves_date > ${nowIso}
    ) dates`.execute(db);
  return rows[0]?.due ?? undefined;
}
