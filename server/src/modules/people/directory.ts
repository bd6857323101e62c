import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../../platform/auth/session.js';

/** The departments as the staff pages read them (the staff home's tabs; the address book later). */
export class DirectoryService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's departments, the main one first (ifSelect 1). */
  myDepartments(staff: AuthStaff) {
    return this.db
      .selectFrom('staffDepartment')
      .innerJoin('department', 'department.id', 'staffDepartment.deptId')
      .select([
        'department.id as deptId',
        'department.name as deptName',
        'department.parentId',
        'staffDepartment.isPrimary as ifSelect',
      ])
      .where('staffDepartment.staffId', '=', staff.id)
      .orderBy('staffDepartment.isPrimary', 'desc')
      .orderBy('department.sort')
      .execute();
  }

  /** The sub-departments of one department, in their order. */
  async childDepartments(deptId: number) {
    const rows = await this.db
      .selectFrom('department')
      .select(['id as deptId', 'name as deptName', 'parentId'])
      .where('parentId', '=', deptId)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, ifSelect: 0 }));
  }
}
