import type { AddressDept, AddressEntry } from '@school/common/api';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest } from '../../http/errors.js';
import type { Paging } from '../../http/paging.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  allDepartments,
  siblingsOf,
  subtreeIds,
  type DeptRow,
} from '../../platform/org/department-tree.js';

/** The address book's tree goes three levels deep (intranet.md §2 txlMailist). */
const TREE_DEPTH = 3;
/** How many people one add may name: the address book adds a page at a time. */
const ADD_MAX = 100;

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
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async tree(): Promise<AddressDept[]> {
    const rows = await allDepartments(this.db);
    const grow = (parentId: number | null, depth: number): AddressDept[] =>
      siblingsOf(rows, parentId).map((row) => ({
        deptId: row.id,
        deptName: row.name,
        children: depth < TREE_DEPTH ? grow(row.id, depth + 1) : [],
      }));
    return grow(null, 1);
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
      .$if(within !== undefined, (qb) =>
        qb.where((eb) =>
          eb.exists(
            eb
              .selectFrom('staffDepartment')
              .select('staffDepartment.staffId')
              .whereRef('staffDepartment.staffId', '=', 'staff.id')
              .where('staffDepartment.deptId', 'in', within!),
          ),
        ),
      )
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
    const rows = await this.db
      .selectFrom('contact')
      .innerJoin('staff', 'staff.id', 'contact.staffId')
      .select(['staff.id', 'staff.name', 'staff.phone', 'staff.email', 'staff.photoFileId'])
      .where('contact.ownerId', '=', viewer.id)
      .where('staff.status', '=', 1)
      .orderBy('contact.id')
      .execute();
    return this.entries(rows, viewer, await allDepartments(this.db));
  }

  /** Adds people to the viewer's contacts; those already there stay once. */
  async add(viewer: Viewer, staffIds: number[]): Promise<void> {
    if (staffIds.length === 0) throw badRequest('请选择联系人');
    if (staffIds.length > ADD_MAX) throw badRequest(`一次最多添加${ADD_MAX}位联系人`);
    if (staffIds.includes(viewer.id)) throw badRequest('不能把自己添加为常用联系人');
    await inTransaction(this.db, async (trx) => {
      const found = await trx
        .selectFrom('staff')
        .select('id')
        .where('id', 'in', staffIds)
        .where('status', '=', 1)
        .execute();
      if (found.length !== staffIds.length) throw badRequest('联系人不存在或已停用');
      const createdAt = iso(this.now());
      await trx
        .insertInto('contact')
        .values(staffIds.map((staffId) => ({ ownerId: viewer.id, staffId, createdAt })))
        .onConflict((oc) => oc.columns(['ownerId', 'staffId']).doNothing())
        .execute();
    });
  }

  /** Removes contacts of the viewer by contactId; another person's contacts are not theirs to remove. */
  async remove(viewer: Viewer, contactIds: number[]): Promise<void> {
    if (contactIds.length === 0) throw badRequest('请选择要移除的联系人');
    const result = await this.db
      .deleteFrom('contact')
      .where('ownerId', '=', viewer.id)
      .where('staffId', 'in', contactIds)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw badRequest('移除失败：不是您的常用联系人');
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
    const [primaries, contacts] = await Promise.all([
      this.db
        .selectFrom('staffDepartment')
        .select(['staffId', 'deptId', 'isPrimary'])
        .where('staffId', 'in', ids)
        .orderBy('isPrimary', 'desc')
        .execute(),
      this.db
        .selectFrom('contact')
        .select('staffId')
        .where('ownerId', '=', viewer.id)
        .where('staffId', 'in', ids)
        .execute(),
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
    const mine = new Set(contacts.map((row) => row.staffId));
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
