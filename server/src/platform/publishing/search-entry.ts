import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SearchDocInput, SearchIndex } from '../search/search-index.js';
import { htmlToText } from '../search/terms.js';
import { isReleased, type ReadableRow } from './visibility.js';

/** The columns of a reviewed item (news, video) that every search entry reads. */
export const SEARCH_ENTRY_COLUMNS = [
  'title',
  'content',
  'ifTop',
  'enableType',
  'ifShelves',
  'checkStatus',
  'deleted',
] as const;

type EntryRow = Pick<ReadableRow, 'enableType' | 'deleted' | 'ifShelves' | 'checkStatus'> & {
  title: string;
  content: string;
  ifTop: number;
  /** News: the introduction shown under the title; without one, the start of the text. */
  description?: string;
};

/**
 * Rewrites a reviewed item's search entry from its row as it now stands: its
 * title and text, and whether the public may find it (released: approved, on
 * the shelf and not deleted). `entry`: what only the kind knows.
 */
export async function indexReviewedItem(
  db: Kysely<Database>,
  search: SearchIndex,
  row: EntryRow,
  entry: Omit<SearchDocInput, 'title' | 'summary' | 'body' | 'ifTop' | 'enableType' | 'listed'>,
): Promise<void> {
  const text = htmlToText(row.content);
  await search.upsert(
    {
      ...entry,
      title: row.title,
      summary: row.description?.trim() || text.slice(0, 200),
      body: text,
      ifTop: row.ifTop,
      enableType: row.enableType,
      listed: isReleased(row),
    },
    db,
  );
}
