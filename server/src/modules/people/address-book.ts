import type { AddressDept, AddressEntry } from '@school/common/api';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { ContactStore } from '../../platform/org/contacts.js';
import {
  allDepartments,
  departmentTree,
  subtreeIds,
  type DeptRow,
} from '../../platform/org/department-tree.js';
import { inDepartments } from './staff-queries.js';

/** The address book's tree goes three levels deep (intranet.md §2 txlMailist). */
const TREE_DEPTH = 3;

/** Who reads or keeps the contacts: the logged-in person (or the demo seed acting as them). */
type Viewer = Pick<AuthStaff, 'id'>;

export const CONTACT_ADDED = '添加成功';
export const CONTACT_REMOVED = '移除成功';

/**
 * The staff address book (通讯录) and each person's frequent contacts
 * (常用联系人): active staff only, found by department (with the departments
 * below it) and by phone or name.
 */
export class AddressBook {
  private readonly contactStore: ContactStore;

  constructor(
    private readonly db: Kysely<Database>,
    now: Clock,
  ) {
    this.contactStore = new ContactStore(db, now);
  }

  async tree(): Promise<AddressDept[]> {
    return departmentTree(await allDepartments(this.db), TREE_DEPTH);
  }

  /** One page of people: of a department and those below it, matching a phone or a name. */
  async list(
    filter: { deptId?: number; phoneOrName?: string },
    viewer: Viewer,
    paging: Paging,
  ): Promise<{ total: number; list: AddressEntry[] }> {
    const departments = await allDepartments(this.db);
    const within =
      filter.deptId === undefined ? undefined : [...subtreeIds(departments, filter.deptId)];
    if (within && !departments.some((row) => row.id === filter.deptId)) {
      throw badRequest('该部门不存在或已删除');
    }
    const text = filter.phoneOrName?.trim();
    const base = this.db
      .selectFrom('staff')
      .where('staff.status', '=', 1)
      .$if(within !== undefined, (qb) => qb.where(inDepartments(within!)))
      .$if(Boolean(text), (qb) =>
        qb.where((eb) =>
          eb.or([containsText('staff.phone', text!), containsText('staff.name', text!)]),
        ),
      );
    const page = await pageOf(
      base,
      paging,
      (query) =>
        query
          .select(['staff.id', 'staff.name', 'staff.phone', 'staff.email', 'staff.photoFileId'])
          .orderBy('staff.sort')
          .orderBy('staff.id'),
      (row) => row,
    );
    return { total: page.total, list: await this.entries(page.list, viewer, departments) };
  }

  /** The viewer's frequent contacts, in the order they were added. */
  async contacts(viewer: Viewer): Promise<AddressEntry[]> {
    const rows = await this.contactStore.list(viewer.id);
    return this.entries(rows, viewer, await allDepartments(this.db));
  }

  /** Adds people to the viewer's contacts; those already there stay once. */
  add(viewer: Viewer, staffIds: number[]): Promise<void> {
    return this.contactStore.add(viewer.id, staffIds);
  }

  /** Removes contacts of the viewer by contactId; another person's contacts are not theirs to remove. */
  remove(viewer: Viewer, contactIds: number[]): Promise<void> {
    return this.contactStore.remove(viewer.id, contactIds);
  }

  private async entries(
    rows: Array<{
      id: number;
      name: string;
      phone: string | null;
      email: string | null;
      photoFileId: number | null;
    }>,
    viewer: Viewer,
    departments: DeptRow[],
  ): Promise<AddressEntry[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [primaries, mine] = await Promise.all([
      this.db
        .selectFrom('staffDepartment')
        .select(['staffId', 'deptId', 'isPrimary'])
        .where('staffId', 'in', ids)
        .orderBy('isPrimary', 'desc')
        .execute(),
      this.contactStore.among(viewer.id, ids),
    ]);
    const byId = new Map(departments.map((row) => [row.id, row]));
    const mainDept = new Map<number, number>();
    for (const row of primaries)
      if (!mainDept.has(row.staffId)) mainDept.set(row.staffId, row.deptId);
    const topOf = (dept: DeptRow) => {
      let top = dept;
      while (top.parentId !== null && byId.has(top.parentId)) top = byId.get(top.parentId)!;
      return top;
    };
    return rows.map((row) => {
      const dept = byId.get(mainDept.get(row.id) ?? -1);
      return {
        teaId: row.id,
        teaName: row.name,
        teaPhone: row.phone,
        teaPic: fileUrl(row.photoFileId),
        email: row.email,
        deptName: dept?.name ?? null,
        orgName: dept ? topOf(dept).name : null,
        subjectName: null,
        contactId: mine.has(row.id) ? row.id : null,
      };
    });
  }
}
