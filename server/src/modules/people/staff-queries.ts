import { staffTypeName } from '@school/common';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database, Staff } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { displayTime } from '../../time.js';

/** What the platform shows of an account: never its password or hash. */
export const STAFF_COLUMNS = [
  'id',
  'code',
  'name',
  'staffType',
  'isPower',
  'isAdmin',
  'email',
  'phone',
  'status',
  'sort',
  'whetherpass',
  'createdAt',
  'updatedAt',
  'leftAt',
] as const;

/** Staff with any of their departments (not only the main one) among `deptIds`. */
export const inDepartments = (deptIds: number[]) => (eb: ExpressionBuilder<Database, 'staff'>) =>
  eb.exists(
    eb
      .selectFrom('staffDepartment')
      .select('staffDepartment.staffId')
      .whereRef('staffDepartment.staffId', '=', 'staff.id')
      .where('staffDepartment.deptId', 'in', deptIds),
  );

export type StaffRow = Pick<Staff, (typeof STAFF_COLUMNS)[number]>;

export interface StaffDept {
  deptId: number;
  deptName: string;
  isPrimary: number;
}

/** The departments of some accounts, the primary one first. */
export async function departmentsOf(
  db: Kysely<Database>,
  staffIds: number[],
): Promise<Map<number, StaffDept[]>> {
  const byStaff = new Map<number, StaffDept[]>();
  if (!staffIds.length) return byStaff;
  const rows = await db
    .selectFrom('staffDepartment')
    .innerJoin('department', 'department.id', 'staffDepartment.deptId')
    .select([
      'staffDepartment.staffId',
      'department.id as deptId',
      'department.name as deptName',
      'staffDepartment.isPrimary',
    ])
    .where('staffDepartment.staffId', 'in', staffIds)
    .orderBy('staffDepartment.isPrimary', 'desc')
    .orderBy('department.sort')
    .orderBy('department.id')
    .execute();
  for (const { staffId, ...dept } of rows) {
    byStaff.set(staffId, [...(byStaff.get(staffId) ?? []), dept]);
  }
  return byStaff;
}

/** An account as the list and the edit form show it, in the API's names. */
export function staffView(row: StaffRow, departments: StaffDept[]) {
  return {
    staffId: row.id,
    staffCode: row.code,
    staffName: row.name,
    staffType: row.staffType,
    staffTypeName: staffTypeName(row.staffType),
    isPower: row.isPower,
    isAdmin: row.isAdmin,
    email: row.email,
    phone: row.phone,
    status: row.status,
    sort: row.sort,
    whetherpass: row.whetherpass,
    leftDate: row.leftAt ? displayTime(row.leftAt) : null,
    departments,
    deptIds: departments.map((d) => d.deptId),
    primaryDeptId: departments.find((d) => d.isPrimary === 1)?.deptId ?? null,
    deptName: departments.map((d) => d.deptName).join('、'),
    createDate: displayTime(row.createdAt),
    updateDate: displayTime(row.updatedAt),
  };
}

/**
 * What a staff member may have authored: table and the column naming its
 * author. An account with any of it is kept (停用) rather than deleted, so
 * the items still say who wrote them.
 */
const AUTHORED = [
  ['新闻', 'news', 'createStaff'],
  ['专题新闻', 'subjectNews', 'createStaff'],
  ['视频', 'video', 'createStaff'],
  ['校刊', 'magazine', 'createStaff'],
  ['滚动通知', 'rollingNotice', 'createStaff'],
  ['上传的文件', 'storedFile', 'createdBy'],
  ['内容修改记录', 'contentRevision', 'staffId'],
] as const satisfies ReadonlyArray<readonly [string, keyof Database, string]>;

/** The kinds of things the account authored, in Chinese: 新闻、视频. */
export async function authoredKinds(db: Kysely<Database>, staffId: number): Promise<string[]> {
  const found = await Promise.all(
    AUTHORED.map(([, table, column]) =>
      db
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where(sql.ref(column), '=', staffId)
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return AUTHORED.filter((_, i) => found[i] !== undefined).map(([label]) => label);
}

/** A unique constraint refused the write (a code taken by a concurrent save). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export const conflict = (message: string) => new AppError(409, message);

export const LAST_ADMIN_MESSAGE =
  '系统至少要保留一个启用的管理员账号，不能停用或取消最后一个管理员';

/**
 * Before an active administrator is disabled, demoted or deleted: another
 * active one must remain. The active administrators' rows are taken first
 * (the same statement for every caller), so two administrators removing
 * each other at the same moment cannot both succeed.
 */
export async function assertAnotherAdmin(trx: Kysely<Database>, staffId: number) {
  await trx
    .updateTable('staff')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('staffType', '=', 5)
    .where('status', '=', 1)
    .execute();
  const other = await trx
    .selectFrom('staff')
    .select('id')
    .where('staffType', '=', 5)
    .where('status', '=', 1)
    .where('id', '!=', staffId)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw conflict(LAST_ADMIN_MESSAGE);
}
