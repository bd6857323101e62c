import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { displayTime } from '../../time.js';

/**
 * Saved versions of authored items other than news (news keep theirs in
 * news_revision): one row per save, holding the item's editable fields as
 * JSON, so the platform can list, show, compare and restore them. Pass the
 * transaction of the save so a version exists exactly when the change does.
 */
export interface RevisionAuthor {
  staffId: number | null;
  staffName: string;
  /** ISO time of the save. */
  at: string;
}

export async function addContentRevision(
  db: Kysely<Database>,
  infoTable: string,
  objId: number,
  snapshot: unknown,
  by: RevisionAuthor,
): Promise<void> {
  await db
    .insertInto('contentRevision')
    .values({
      infoTable,
      objId,
      staffId: by.staffId,
      staffName: by.staffName,
      createdAt: by.at,
      snapshot: JSON.stringify(snapshot),
    })
    .execute();
}

/** Whether the item has any saved version yet (its first change saves the original too). */
export async function hasContentRevisions(
  db: Kysely<Database>,
  infoTable: string,
  objId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('contentRevision')
    .select('id')
    .where('infoTable', '=', infoTable)
    .where('objId', '=', objId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The versions of one item, newest first: revisionId, staffName, createDate. */
export async function listContentRevisions(db: Kysely<Database>, infoTable: string, objId: number) {
  const rows = await db
    .selectFrom('contentRevision')
    .select(['id', 'staffName', 'createdAt'])
    .where('infoTable', '=', infoTable)
    .where('objId', '=', objId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    revisionId: row.id,
    staffName: row.staffName,
    createDate: displayTime(row.createdAt),
  }));
}

/** One version with its saved fields; 404 when it is not a version of that kind of item. */
export async function getContentRevision<T>(
  db: Kysely<Database>,
  infoTable: string,
  revisionId: number,
): Promise<{
  revisionId: number;
  objId: number;
  staffName: string;
  createDate: string;
  snapshot: T;
}> {
  const row = await db
    .selectFrom('contentRevision')
    .selectAll()
    .where('id', '=', revisionId)
    .where('infoTable', '=', infoTable)
    .executeTakeFirst();
  if (!row) throw notFound('该版本不存在');
  return {
    revisionId: row.id,
    objId: row.objId,
    staffName: row.staffName,
    createDate: displayTime(row.createdAt),
    snapshot: JSON.parse(row.snapshot) as T,
  };
}
