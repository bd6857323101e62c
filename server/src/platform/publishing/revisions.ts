import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound, orNotFound } from '../../http/errors.js';
import { displayTime } from '../../time.js';
import { itemHistory } from '../oplog/service.js';

/**
 * The saved versions of every kind of authored item (news, sub-news, videos,
 * introduction pages, people), in one table: one row per save, holding the
 * item's editable fields as JSON, so the platform can list, show, compare and
 * restore them. Rows are told apart by the item's table code (infoTable:
 * T_NEWS, T_SUBJECT_NEWS, TF_VIDEO, T_WWFZ, T_FMSM) and id. Pass the
 * transaction of the save so a version exists exactly when the change does.
 */
export interface RevisionAuthor {
  staffId: number | null;
  staffName: string;
  /** ISO time of the save. */
  at: string;
}

export const REVISION_GONE_MESSAGE = '该版本不存在';

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

/**
 * Keeps the version a save made. An item made before the platform kept
 * versions (the old site's, the seed's) has none yet: its first change keeps
 * the item as it was before, too, so that it can come back.
 */
export async function keepRevision<D>(
  trx: Kysely<Database>,
  infoTable: string,
  objId: number,
  saved: { draft: D; by: RevisionAuthor },
  before?: { draft: D; by: RevisionAuthor },
): Promise<void> {
  if (before) {
    const any = await trx
      .selectFrom('contentRevision')
      .select('id')
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .limit(1)
      .executeTakeFirst();
    if (!any) await addContentRevision(trx, infoTable, objId, before.draft, before.by);
  }
  await addContentRevision(trx, infoTable, objId, saved.draft, saved.by);
}

/** Forgets an item's versions (an item deleted for good: introduction pages, people). */
export async function dropContentRevisions(
  trx: Kysely<Database>,
  infoTable: string,
  objId: number,
): Promise<void> {
  await trx
    .deleteFrom('contentRevision')
    .where('infoTable', '=', infoTable)
    .where('objId', '=', objId)
    .execute();
}

/**
 * The versions of one item, newest first: revisionId, staffName, createDate,
 * and what `describe` reads of each version's saved fields (news: its title).
 */
export async function listContentRevisions<T, Extra extends object = object>(
  db: Kysely<Database>,
  infoTable: string,
  objId: number,
  describe?: (snapshot: T) => Extra,
) {
  const rows = await db
    .selectFrom('contentRevision')
    .select(['id', 'staffName', 'createdAt', 'snapshot'])
    .$call(itemHistory(infoTable, objId))
    .execute();
  return rows.map((row) => ({
    revisionId: row.id,
    staffName: row.staffName,
    createDate: displayTime(row.createdAt),
    ...(describe ? describe(JSON.parse(row.snapshot) as T) : ({} as Extra)),
  }));
}

/** A saved version: who saved it and when, and the item's fields as they were. */
export interface ContentRevision<T> {
  revisionId: number;
  objId: number;
  staffName: string;
  createDate: string;
  snapshot: T;
}

/** One version with its saved fields; 404 when it is not a version of that kind of item. */
export async function getContentRevision<T>(
  db: Kysely<Database>,
  infoTable: string,
  revisionId: number,
): Promise<ContentRevision<T>> {
  const row = await orNotFound(
    db
      .selectFrom('contentRevision')
      .selectAll()
      .where('id', '=', revisionId)
      .where('infoTable', '=', infoTable),
    REVISION_GONE_MESSAGE,
  );
  return {
    revisionId: row.id,
    objId: row.objId,
    staffName: row.staffName,
    createDate: displayTime(row.createdAt),
    snapshot: JSON.parse(row.snapshot) as T,
  };
}

/** The saved fields of a version of this item, to restore; 404 for a version of another item. */
export async function revisionToRestore<T>(
  db: Kysely<Database>,
  infoTable: string,
  objId: number,
  revisionId: number,
): Promise<T> {
  const found = await getContentRevision<T>(db, infoTable, revisionId);
  if (found.objId !== objId) throw notFound(REVISION_GONE_MESSAGE);
  return found.snapshot;
}

/**
 * A version as the API shows it for comparing: who saved it and when, the
 * item's id under its API name (`idName`) and the fields as the edit form
 * shows them (`view`).
 */
export function revisionInFull<T, K extends string, V extends object>(
  found: ContentRevision<T>,
  idName: K,
  view: (snapshot: T) => V,
) {
  return {
    revisionId: found.revisionId,
    ...({ [idName]: found.objId } as Record<K, number>),
    staffName: found.staffName,
    createDate: found.createDate,
    ...view(found.snapshot),
  };
}
