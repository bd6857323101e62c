import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { canManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { ITEM_FILE_REFUSAL, idsOf } from '../../platform/files/guard-kit.js';
import type { FileGuard } from '../../platform/files/guards.js';
import { listedNews } from '../../platform/publishing/visibility.js';
import { iso, type Clock } from '../../time.js';

/**
 * Who among staff reads the files of news and sub-news (body pictures,
 * covers, attachments, sets): whoever may read the item — any staff member
 * once it is listed (a staff-only item included), its author and content
 * administrators before (a draft, an item waiting for review, off the shelf,
 * scheduled, deleted). A sub-news follows its topic, and its own author reads
 * it too.
 */
export function newsFileGuard(now: Clock): FileGuard {
  return {
    tables: ['T_NEWS', 'T_SUBJECT_NEWS'],
    refusal: ITEM_FILE_REFUSAL,
    allows: async (reader, uses, _fileId, db) =>
      (await readsNews(db, reader, idsOf(uses, 'T_NEWS'), now)) ||
      (await readsSubjectNews(db, reader, idsOf(uses, 'T_SUBJECT_NEWS'), now)),
  };
}

const itemColumns = ['news.id', 'news.createStaff'] as const;

async function readsNews(db: Kysely<Database>, reader: AuthStaff, ids: number[], now: Clock) {
  if (ids.length === 0) return false;
  const rows = await db
    .selectFrom('news')
    .select(itemColumns)
    .select((eb) => listedNews(iso(now()))(eb).as('listed'))
    .where('news.id', 'in', ids)
    .execute();
  return rows.some((row) => Number(row.listed) || canManage(reader, row.createStaff));
}

async function readsSubjectNews(
  db: Kysely<Database>,
  reader: AuthStaff,
  ids: number[],
  now: Clock,
) {
  if (ids.length === 0) return false;
  const rows = await db
    .selectFrom('subjectNews')
    .innerJoin('news', 'news.id', 'subjectNews.newsId')
    .select(itemColumns)
    .select(['subjectNews.deleted', 'subjectNews.createStaff as subjectAuthor'])
    .select((eb) => listedNews(iso(now()))(eb).as('listed'))
    .where('subjectNews.id', 'in', ids)
    .execute();
  return rows.some(
    (row) =>
      (Number(row.listed) && !row.deleted) ||
      canManage(reader, row.createStaff) ||
      canManage(reader, row.subjectAuthor),
  );
}
