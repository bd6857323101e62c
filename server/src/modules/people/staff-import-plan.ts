import type { Kysely } from 'kysely';
import { STAFF_TYPES, staffTypeName } from '@school/common';
import type { ImportCounts, ImportRow, MissingStaff, Static } from '@school/common/api';
import type { Database } from '../../db/schema.js';
import { allDepartments, type DeptRow } from '../../platform/org/department-tree.js';
import { DEPT_NAME_MAX } from './department-service.js';
import type { SheetRow } from './staff-sheet.js';
import { EMAIL } from './staff-service.js';

/** 身份 as a sheet may write it: the login identities' names (and 教师 for 老师). */
export const IDENTITIES: Record<string, 2 | 5> = {
  ...Object.fromEntries(STAFF_TYPES.map(({ value, label }) => [label, value])),
  教师: 2,
};
export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;
/** A mainland mobile number, optionally with +86. */
export const MOBILE_PATTERN = /^(\+?86[- ]?)?1[3-9]\d{9}$/;
const NAME_MAX = 64;
const EMAIL_MAX = 128;

/** An account as the plan compares it. */
interface Current {
  id: number;
  code: string;
  name: string;
  staffType: number;
  status: number;
  email: string | null;
  phone: string | null;
  position: string | null;
  subject: string | null;
  /** The primary department's path ('' none). */
  department: string;
}

/** What one good row sets: a cell left empty keeps the account's value. */
export interface RowChange {
  staffId?: number;
  code: string;
  name: string;
  staffType: 2 | 5;
  departmentPath?: string;
  position?: string;
  phone?: string;
  email?: string;
  subject?: string;
}

export interface PlannedRow extends ImportRow {
  change?: RowChange;
}

export interface Plan {
  rows: PlannedRow[];
  counts: Static<typeof ImportCounts>;
  newDepartments: string[];
  missing: MissingStaff[];
}

/** The department tree's paths (教务处/高一年级组) to ids; the first of equal names wins. */
export function departmentPaths(rows: DeptRow[]): Map<string, number> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: DeptRow, seen = new Set<number>()): string => {
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (!parent || seen.has(parent.id)) return row.name;
    seen.add(row.id);
    return `${pathOf(parent, seen)}/${row.name}`;
  };
  const paths = new Map<string, number>();
  for (const row of rows) {
    const path = pathOf(row);
    if (!paths.has(path)) paths.set(path, row.id);
  }
  return paths;
}

/** '教务处 / 高一年级组' → '教务处/高一年级组'; undefined when a part is empty or too long. */
export function normalisePath(text: string): string | undefined {
  const parts = text.split(/[/／]/).map((part) => part.trim());
  if (parts.some((part) => !part || [...part].length > DEPT_NAME_MAX)) return undefined;
  return parts.join('/');
}

async function currentAccounts(db: Kysely<Database>, paths: Map<string, number>) {
  const accounts = await db
    .selectFrom('staff')
    .select(['id', 'code', 'name', 'staffType', 'status', 'email', 'phone', 'position', 'subject'])
    .execute();
  const primary = await db
    .selectFrom('staffDepartment')
    .select(['staffId', 'deptId'])
    .where('isPrimary', '=', 1)
    .execute();
  const pathById = new Map([...paths].map(([path, id]) => [id, path]));
  const deptOf = new Map(primary.map((row) => [row.staffId, pathById.get(row.deptId) ?? '']));
  return new Map<string, Current>(
    accounts.map((row) => [row.code, { ...row, department: deptOf.get(row.id) ?? '' }]),
  );
}

/**
 * The dry run of a sheet against the database as it is now: each row's outcome and problems,
 * the departments that would be created, and the enabled accounts the sheet leaves out.
 * `actorId`: the administrator importing, who cannot change their own 身份 this way.
 */
export async function planImport(
  db: Kysely<Database>,
  sheet: SheetRow[],
  actorId?: number,
): Promise<Plan> {
  const paths = departmentPaths(await allDepartments(db));
  const accounts = await currentAccounts(db, paths);
  const lines = new Map<string, number>();
  for (const { cells, line } of sheet) {
    if (cells.账号 && !lines.has(cells.账号.toLowerCase()))
      lines.set(cells.账号.toLowerCase(), line);
  }
  const newDepartments = new Set<string>();
  const rows = sheet.map(({ line, cells }): PlannedRow => {
    const problems: string[] = [];
    const code = cells.账号;
    const current = accounts.get(code);
    if (!code) problems.push('缺少账号');
    else if (!CODE_PATTERN.test(code))
      problems.push('账号格式不正确（字母、数字、_.@-，最长64位）');
    else if (lines.get(code.toLowerCase()) !== line) {
      problems.push(`账号重复（与第${lines.get(code.toLowerCase())}行相同）`);
    }
    if (!cells.姓名) problems.push('缺少姓名');
    else if ([...cells.姓名].length > NAME_MAX) problems.push(`姓名不能超过${NAME_MAX}个字`);
    let staffType = IDENTITIES[cells.身份.replace(/\s+/g, '')] as 2 | 5 | undefined;
    if (cells.身份 && !staffType) problems.push(`未知的身份「${cells.身份}」`);
    staffType ??= (current?.staffType as 2 | 5 | undefined) ?? 2;
    if (current && current.id === actorId && staffType !== current.staffType) {
      problems.push('不能修改自己的身份');
    }
    if (cells.手机 && !MOBILE_PATTERN.test(cells.手机)) problems.push('手机号格式不正确');
    if (cells.邮箱 && (!EMAIL.test(cells.邮箱) || cells.邮箱.length > EMAIL_MAX)) {
      problems.push('邮箱格式不正确');
    }
    const departmentPath = cells.部门 ? normalisePath(cells.部门) : undefined;
    if (cells.部门 && !departmentPath) {
      problems.push(`部门「${cells.部门}」不正确：各级名称不能为空或超过${DEPT_NAME_MAX}个字`);
    }
    const row = {
      line,
      code,
      name: cells.姓名,
      identity: cells.身份 || staffTypeName(staffType),
      department: departmentPath ?? cells.部门,
      position: cells.职务,
      phone: cells.手机,
      email: cells.邮箱,
      subject: cells.学科,
      problems,
    };
    if (problems.length) return { ...row, outcome: 'error' };
    if (departmentPath) {
      const parts = departmentPath.split('/');
      parts.forEach((_, i) => {
        const path = parts.slice(0, i + 1).join('/');
        if (!paths.has(path)) newDepartments.add(path);
      });
    }
    const change: RowChange = {
      staffId: current?.id,
      code,
      name: cells.姓名,
      staffType,
      departmentPath,
      position: cells.职务 || undefined,
      phone: cells.手机 || undefined,
      email: cells.邮箱 || undefined,
      subject: cells.学科 || undefined,
    };
    return {
      ...row,
      outcome: current ? (changes(current, change) ? 'update' : 'same') : 'create',
      change,
    };
  });
  const named = new Set(sheet.map(({ cells }) => cells.账号));
  const missing = [...accounts.values()]
    .filter((account) => account.status === 1 && !named.has(account.code))
    .map(({ id, code, name }) => ({ staffId: id, code, name }));
  const counts = { create: 0, update: 0, same: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return { rows, counts, newDepartments: [...newDepartments], missing };
}

function changes(current: Current, change: RowChange): boolean {
  const differs = (given: string | undefined, stored: string | null) =>
    given !== undefined && given !== (stored ?? '');
  return (
    current.name !== change.name ||
    current.staffType !== change.staffType ||
    differs(change.departmentPath, current.department) ||
    differs(change.position, current.position) ||
    differs(change.phone, current.phone) ||
    differs(change.email, current.email) ||
    differs(change.subject, current.subject)
  );
}
