import type { Kysely } from 'kysely';

/**
 * Only an approved item is on the shelf: approval publishes it (at its shelves date, for
 * news), and an item made waiting for review (the picture review's checkStatus 0) or sent
 * back is off it. Rows written before that rule, on the shelf and waiting at once, are taken
 * off, so no list shows 待审核 and 已上架 together.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['news', 'video']) {
    await db
      .updateTable(table)
      .set({ ifShelves: 0 })
      .where('reviewState', '<>', 'approved')
      .where('ifShelves', '=', 1)
      .execute();
  }
}
