import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The school-introduction pages the original pages ask for by fixed id
 * (portal.md §7): the three history tabs (wwfzType 2: ids 2, 3, 44) and the
 * emblem and song (wwfzType 6: ids 8, 9). They exist from the start, with a
 * title and no text, for the school to fill in on the content platform; the
 * platform keeps them (no delete, no change of sub-section). An id another
 * page already holds is left as it is.
 */
export const FIXED_INTRO_PAGES = [
  { wwfzId: 2, wwfzType: 2, title: '历史沿革（一）', sort: 0 },
  { wwfzId: 3, wwfzType: 2, title: '历史沿革（二）', sort: 1 },
  { wwfzId: 44, wwfzType: 2, title: '历史沿革（三）', sort: 2 },
  { wwfzId: 8, wwfzType: 6, title: '校徽', sort: 0 },
  { wwfzId: 9, wwfzType: 6, title: '校歌', sort: 1 },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const taken = new Set(
    (
      await db
        .selectFrom('introPage')
        .select('id')
        .where(
          'id',
          'in',
          FIXED_INTRO_PAGES.map((page) => page.wwfzId),
        )
        .execute()
    ).map((row: { id: number }) => row.id),
  );
  const createdAt = new Date().toISOString();
  for (const page of FIXED_INTRO_PAGES) {
    if (taken.has(page.wwfzId)) continue;
    await db
      .insertInto('introPage')
      .values({
        id: page.wwfzId,
        wwfzType: page.wwfzType,
        title: page.title,
        sort: page.sort,
        createdAt,
      })
      .execute();
  }
  // PostgreSQL's serial does not see ids written by hand: new pages start after the largest.
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('intro_page', 'id'), (select max(id) from intro_page))`.execute(
      db,
    );
  }
}
