import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, InfoTable } from '../../db/schema.js';
import { displayTime, iso, type Clock } from '../../time.js';

export interface OperLogEntry {
  staffId: number;
  staffName: string;
  /** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO as the spec names them; T_<AREA> for the platform's other items. */
  infoTable: InfoTable | `T_${string}`;
  objId: number;
  /** What was done, in Chinese as the log table shows it: 新增, 修改, 删除, 上架, 下架 ... */
  operType: string;
  /** What the step was done despite, shown after it: the sensitive words an administrator confirmed. */
  note?: string | null;
  ip: string | null;
  at: Date;
}

/** Writes one operation-log row; pass the transaction of the change it records. */
export async function writeOperLog(db: Kysely<Database>, entry: OperLogEntry): Promise<void> {
  await db
    .insertInto('operLog')
    .values({
      staffId: entry.staffId,
      staffName: entry.staffName,
      infoTable: entry.infoTable,
      objId: entry.objId,
      operType: entry.operType,
      note: entry.note ?? null,
      ip: entry.ip,
      createdAt: iso(entry.at),
    })
    .execute();
}

/**
 * The log of one table's items: `log(db, staff, ip, objId, operType, at)` writes
 * the row of a step `staff` took on an item; `at` is the clock's now unless given.
 */
export function tableLog(infoTable: OperLogEntry['infoTable'], now: Clock) {
  return (
    db: Kysely<Database>,
    staff: { id: number; name: string },
    ip: string | null,
    objId: number,
    operType: string,
    at: Date = now(),
  ) =>
    writeOperLog(db, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable,
      objId,
      operType,
      ip,
      at,
    });
}

/** How many entries an item's history shows: its operation log, its saved versions. */
const HISTORY_LIMIT = 200;

/** An item's entries in a table kept per item (infoTable, objId): newest first, the last 200. */
export const itemHistory =
  (infoTable: string, objId: number) =>
  <O>(query: SelectQueryBuilder<Database, 'operLog' | 'contentRevision', O>) =>
    query
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_LIMIT);

export async function operLogRows(
  db: Kysely<Database>,
  infoTable: InfoTable | `T_${string}`,
  objId: number,
) {
  const rows = await db
    .selectFrom('operLog')
    .select(['staffId', 'staffName', 'operType', 'note', 'ip', 'createdAt'])
    .$call(itemHistory(infoTable, objId))
    .execute();
  return rows.map((row) => ({
    userId: row.staffId,
    staffName: row.staffName,
    landingtime: displayTime(row.createdAt),
    ipaccess: row.ip ?? '',
    operType: row.note ? `${row.operType}（${row.note}）` : row.operType,
  }));
}
