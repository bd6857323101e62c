import type { NewsFile } from '@school/common';
import { NEWEST_DAYS, type NewsListItem } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fileUrl } from '../../platform/files/service.js';
import { toListItem } from '../../platform/publishing/rows.js';
import { listedNews } from '../../platform/publishing/visibility.js';

export { listedNews };
export {
  NEWS_LIST_COLUMNS,
  newsListQuery,
  newsListRows,
  toListItem,
} from '../../platform/publishing/rows.js';

const NEWEST_MS = NEWEST_DAYS * 24 * 3_600_000;

/**
 * A row of a news list with its 新 badge: newest 1 when the item went on the
 * shelf less than NEWEST_DAYS before `now` (a list holds only items whose
 * shelves date has come).
 */
export function toNewsListItem(row: Parameters<typeof toListItem>[0], now: Date): NewsListItem {
  const age = now.getTime() - Date.parse(row.shelvesDate);
  return { ...toListItem(row), newest: age < NEWEST_MS ? 1 : 0 };
}

/**
 * When the 新 badges of `rows` run out (an ISO time; undefined: none has one at `now`), so
 * that a kept list ends then though nothing was written.
 */
export function newestEnd(
  rows: ReadonlyArray<{ shelvesDate: string }>,
  now: Date,
): string | undefined {
  let end: number | undefined;
  for (const row of rows) {
    const at = Date.parse(row.shelvesDate) + NEWEST_MS;
    if (at > now.getTime() && (end === undefined || at < end)) end = at;
  }
  return end === undefined ? undefined : new Date(end).toISOString();
}

/** Attachments (fileList) and carousel pictures or videos (imgOrViewList) of an item. */
export async function filesOf(
  db: Kysely<Database>,
  newsId: number,
  subjectId: number | null,
): Promise<{ fileList: NewsFile[]; imgOrViewList: NewsFile[] }> {
  const rows = await db
    .selectFrom('newsFile')
    .select(['fileId', 'fileName', 'legacyPath', 'role', 'caption'])
    .where('newsId', '=', newsId)
    .where((eb) =>
      subjectId === null ? eb('subjectId', 'is', null) : eb('subjectId', '=', subjectId),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const item = (row: (typeof rows)[number]): NewsFile => ({
    fileId: row.fileId,
    fileName: row.fileName,
    filePath: row.legacyPath ?? fileUrl(row.fileId),
    oldfile: row.legacyPath ? 1 : 0,
    caption: row.caption,
  });
  return {
    fileList: rows.filter((r) => r.role === 'attachment').map(item),
    imgOrViewList: rows.filter((r) => r.role !== 'attachment').map(item),
  };
}
