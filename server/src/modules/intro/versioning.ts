import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { iso } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { addContentRevision, hasContentRevisions } from '../../platform/publishing/revisions.js';

export type IntroTable = 'T_WWFZ' | 'T_FMSM';

/** Who saved the version an item had before its first change on the platform. */
export const ORIGINAL_AUTHOR = '（原有内容）';

/** Trimmed text within its column's length; '' when empty. */
export function textOf(value: string | null | undefined, max: number, label: string): string {
  const text = value?.trim() ?? '';
  if (text.length > max) throw badRequest(`${label}不能超过${max}个字`);
  return text;
}

/** A field of a save: left out, it keeps its value (or takes the default when creating). */
export const keep = <T>(value: T | undefined, previous: T | undefined, fallback: T): T =>
  value !== undefined ? value : previous !== undefined ? previous : fallback;

export interface VersionedWrite<D> {
  infoTable: IntroTable;
  /** The item being edited, as it is now; undefined creates. */
  current?: { id: number; createdAt: string; draft: D };
  draft: D;
  staff: AuthStaff;
  ip: string | null;
  now: Date;
  operType: string;
  goneMessage: string;
  /** A rule that reads other rows (e.g. one page per type), inside the transaction. */
  check?: (trx: Kysely<Database>) => Promise<void>;
  insert: (trx: Kysely<Database>, draft: D) => Promise<number>;
  /** false when the row is gone. */
  update: (trx: Kysely<Database>, id: number, draft: D) => Promise<boolean>;
}

/**
 * One save of an introduction page or a person: the row, a new version of
 * its editable fields (and, on the first change of an item made before the
 * platform, the version it had), and the operation-log row, all in one
 * transaction. Answers the item's id.
 */
export function writeVersioned<D>(db: Kysely<Database>, write: VersionedWrite<D>): Promise<number> {
  const { infoTable, current, draft, staff, now } = write;
  return inTransaction(db, async (trx) => {
    await write.check?.(trx);
    let id: number;
    if (current) {
      id = current.id;
      if (!(await write.update(trx, id, draft))) throw notFound(write.goneMessage);
      if (!(await hasContentRevisions(trx, infoTable, id))) {
        await addContentRevision(trx, infoTable, id, current.draft, {
          staffId: null,
          staffName: ORIGINAL_AUTHOR,
          at: current.createdAt,
        });
      }
    } else {
      id = await write.insert(trx, draft);
    }
    await addContentRevision(trx, infoTable, id, draft, {
      staffId: staff.id,
      staffName: staff.name,
      at: iso(now),
    });
    await writeOperLog(trx, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable,
      objId: id,
      operType: write.operType,
      ip: write.ip,
      at: now,
    });
    return id;
  });
}

/** Deletes an item with its versions, and logs it, in one transaction. */
export function deleteVersioned(
  db: Kysely<Database>,
  item: { infoTable: IntroTable; id: number; goneMessage: string },
  remove: (trx: Kysely<Database>) => Promise<boolean>,
  by: { staff: AuthStaff; ip: string | null; now: Date },
): Promise<void> {
  return inTransaction(db, async (trx) => {
    if (!(await remove(trx))) throw notFound(item.goneMessage);
    await trx
      .deleteFrom('contentRevision')
      .where('infoTable', '=', item.infoTable)
      .where('objId', '=', item.id)
      .execute();
    await writeOperLog(trx, {
      staffId: by.staff.id,
      staffName: by.staff.name,
      infoTable: item.infoTable,
      objId: item.id,
      operType: '删除',
      ip: by.ip,
      at: by.now,
    });
  });
}
