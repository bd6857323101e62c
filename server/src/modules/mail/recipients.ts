import type { MailStaff } from '@school/common/api';
import type { Kysely } from 'kysely';
import { containsText, startsWithText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import {
  allDepartments,
  departmentTree,
  subtreeIds,
  type DeptBranch,
} from '../../platform/org/department-tree.js';
import { looksLikeInitials, nameInitials } from '../../platform/org/name-initials.js';

/** How many people the recipient search offers. */
export const SEARCH_MAX = 20;
/** Levels of the department tree the mail offers. */
export const DEPT_TREE_DEPTH = 4;

/**
 * Choosing recipients: active staff found by name (more than 1 character,
 * intranet.md §4 "Recipient search"), or a whole department with those below it.
 */
export class MailRecipients {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Active staff found by a part of the name, the start of the account (t10 finds t1001), or
   * the start of the name's pinyin initials (wh finds 王华); at least 2 characters.
   */
  async search(name: string): Promise<MailStaff[]> {
    const text = name.trim();
    if ([...text].length < 2) return [];
    const columns = [
      'staff.id',
      'staff.name',
      'staff.staffType',
      'staff.email',
      'staff.sort',
    ] as const;
    const rows = await this.db
      .selectFrom('staff')
      .select(columns)
      .where('staff.status', '=', 1)
      .where((eb) => eb.or([containsText('staff.name', text), startsWithText('staff.code', text)]))
      .orderBy('staff.sort')
      .orderBy('staff.id')
      .limit(SEARCH_MAX)
      .execute();
    if (looksLikeInitials(text) && rows.length < SEARCH_MAX) {
      // Initials are worked out from the names (a school's staff: hundreds to a few thousand
      // short rows), each name's kept once per worker.
      const wanted = text.toLowerCase();
      const found = new Set(rows.map((row) => row.id));
      const everyone = await this.db
        .selectFrom('staff')
        .select(columns)
        .where('staff.status', '=', 1)
        .execute();
      for (const row of everyone) {
        if (!found.has(row.id) && nameInitials(row.name).startsWith(wanted)) rows.push(row);
      }
      rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
      rows.length = Math.min(rows.length, SEARCH_MAX);
    }
    return this.withDepartments(rows);
  }

  /** The department tree of the compose view's picker, four levels deep (intranet.md §3). */
  async tree(): Promise<DeptBranch[]> {
    return departmentTree(await allDepartments(this.db), DEPT_TREE_DEPTH);
  }

  async ofDepartment(deptId: number): Promise<MailStaff[]> {
    const departments = await allDepartments(this.db);
    if (!departments.some((row) => row.id === deptId)) throw badRequest('该部门不存在或已删除');
    const within = [...subtreeIds(departments, deptId)];
    const rows = await this.db
      .selectFrom('staff')
      .select(['staff.id', 'staff.name', 'staff.staffType', 'staff.email'])
      .where('staff.status', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('staffDepartment')
            .select('staffDepartment.staffId')
            .whereRef('staffDepartment.staffId', '=', 'staff.id')
            .where('staffDepartment.deptId', 'in', within),
        ),
      )
      .orderBy('staff.sort')
      .orderBy('staff.id')
      .execute();
    return this.withDepartments(rows);
  }

  /** Active staff by id, each with the name of their main department. */
  async byIds(staffIds: number[]): Promise<Map<number, MailStaff>> {
    if (staffIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('staff')
      .select(['staff.id', 'staff.name', 'staff.staffType', 'staff.email'])
      .where('staff.id', 'in', staffIds)
      .where('staff.status', '=', 1)
      .execute();
    const people = await this.withDepartments(rows);
    return new Map(people.map((person) => [person.staffId, person]));
  }

  /** Each person with the name of their main department. */
  private async withDepartments(
    rows: Array<{ id: number; name: string; staffType: number; email: string | null }>,
  ): Promise<MailStaff[]> {
    if (rows.length === 0) return [];
    const links = await this.db
      .selectFrom('staffDepartment')
      .innerJoin('department', 'department.id', 'staffDepartment.deptId')
      .select(['staffDepartment.staffId', 'department.name'])
      .where(
        'staffDepartment.staffId',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('staffDepartment.isPrimary', 'desc')
      .orderBy('department.sort')
      .execute();
    const deptOf = new Map<number, string>();
    for (const link of links) if (!deptOf.has(link.staffId)) deptOf.set(link.staffId, link.name);
    return rows.map((row) => ({
      staffId: row.id,
      idRole: row.id,
      staffName: row.name,
      staffType: row.staffType,
      deptName: deptOf.get(row.id) ?? null,
      email: row.email,
    }));
  }
}
