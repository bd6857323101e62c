import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { dropContentRevisions } from '../../platform/publishing/revisions.js';

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

/** Deletes an item with its versions, and logs it, in one transaction. */
export function deleteVersioned(
  db: Kysely<Database>,
  item: { infoTable: IntroTable; id: number; goneMessage: string },
  remove: (trx: Kysely<Database>) => Promise<boolean>,
  by: { staff: AuthStaff; ip: string | null; now: Date },
): Promise<void> {
  return inTransaction(db, async (trx) => {
    if (!(await remove(trx))) throw notFound(item.goneMessage);
    await dropContentRevisions(trx, item.infoTable, item.id);
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
