import type { Kysely } from 'kysely';
import { indexReviewedItem, SEARCH_ENTRY_COLUMNS } from '../../platform/publishing/search-entry.js';
import type { Database } from '../../db/schema.js';
import type { ItemFileInput } from '../../platform/files/item-files.js';
import type { SearchIndex } from '../../platform/search/search-index.js';

/**
 * What a save of a news item or sub-news writes beside the item's row (its
 * files) and what a save or a review step brings in line (the item's search
 * entry). Only the content path (admin-save.ts, subject-save.ts) and the
 * review workflow call these, in their transaction.
 */
export type NewsFileInput = ItemFileInput;

/**
 * Sets the files of an item (subjectId null) or of one of its sub-news to
 * `files`, in their order.
 */
export async function replaceNewsFiles(
  trx: Kysely<Database>,
  newsId: number,
  subjectId: number | null,
  files: NewsFileInput[],
): Promise<void> {
  await trx
    .deleteFrom('newsFile')
    .$if(subjectId === null, (qb) => qb.where('newsId', '=', newsId).where('subjectId', 'is', null))
    .$if(subjectId !== null, (qb) => qb.where('subjectId', '=', subjectId))
    .execute();
  if (files.length === 0) return;
  await trx
    .insertInto('newsFile')
    .values(
      files.map((file, sort) => ({
        newsId,
        subjectId,
        role: file.role,
        fileId: file.fileId ?? null,
        legacyPath: file.legacyPath ?? null,
        fileName: file.fileName,
        caption: file.caption ?? null,
        sort,
      })),
    )
    .execute();
}

/**
 * Brings an item's search entry in line with the row: its text, and whether
 * the public may find it (the search adds the shelves date at query time).
 */
export async function reindexNews(
  db: Kysely<Database>,
  search: SearchIndex,
  newId: number,
): Promise<void> {
  const row = await db
    .selectFrom('news')
    .select([
      ...SEARCH_ENTRY_COLUMNS,
      'typeId',
      'description',
      'shelvesDate',
      'contentKind',
      'schChange',
      'releaseUser',
    ])
    .where('id', '=', newId)
    .executeTakeFirstOrThrow();
  await indexReviewedItem(db, search, row, {
    infoTable: 'T_NEWS',
    objId: newId,
    typeId: row.typeId,
    docDate: row.shelvesDate,
    contentKind: row.contentKind,
    schChange: row.schChange,
    releaseUser: row.releaseUser,
  });
}
