import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { tableLog } from '../../platform/oplog/service.js';
import { StaffService, allActive } from '../../platform/org/accounts.js';
import {
  allDepartments,
  lockDepartments,
  siblingsOf,
  subtreeIds,
  type DeptRow,
} from '../../platform/org/department-tree.js';

export const DEPT_GONE_MESSAGE = '部门不存在，请刷新后重试';
export const PARENT_GONE_MESSAGE = '上级部门不存在，请刷新后重试';
export const DEPT_NAME_MAX = 64;

/** A node of the tree the platform shows. */
export interface DeptNode {
  deptId: number;
  deptName: string;
  /** null at the top level. */
  parentId: number | null;
  sort: number;
  /** Staff who belong to this department itself. */
  staffCount: number;
  /** Staff of this department and all below it, each counted once. */
  totalStaffCount: number;
  /** 负责人. */
  headStaffId: number | null;
  headName: string | null;
  children: DeptNode[];
}

export interface DeptSaveInput {
  /** Absent: a new department. */
  deptId?: number;
  deptName: string;
  /** 0 or null: the top level; absent on an edit: where it is. */
  parentId?: number | null;
  /** 负责人: 0 or null none; absent: unchanged. */
  headStaffId?: number | null;
}

export const HEAD_GONE_MESSAGE = '负责人不存在或已停用，请重新选择';

export interface DeptMoveInput {
  deptId: number;
  /** 上移 / 下移 among its siblings. */
  direction?: 'up' | 'down';
  /** New parent (0 or null: the top level); absent: the same parent. */
  parentId?: number | null;
  /** 0-based place among the new siblings; absent: last. */
  position?: number;
}

/** Up to three names, then how many in all: 「高一年级」、「高二年级」等5个. */
function nameList(names: string[], unit: string): string {
  const shown = names
    .slice(0, 3)
    .map((name) => `「${name}」`)
    .join('、');
  return names.length > 3 ? `${shown}等${names.length}${unit}` : shown;
}

/**
 * The department tree of the content-management platform, for the
 * administrator role (staffType 5): the tree with staff counts, create and
 * rename, move (to another parent, or up and down among siblings) and delete
 * of an empty department. Names are unique among siblings and the tree never
 * gets a cycle. Every change is one transaction with its operation-log row
 * (T_DEPARTMENT).
 */
export class CmsDepartmentService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async tree(staff: AuthStaff): Promise<DeptNode[]> {
    assertSiteAdmin(staff);
    const rows = await allDepartments(this.db);
    const heads = new Map(
      (
        await this.db
          .selectFrom('department')
          .innerJoin('staff', 'staff.id', 'department.headStaffId')
          .select(['department.id', 'staff.id as headStaffId', 'staff.name'])
          .execute()
      ).map((row) => [row.id, row]),
    );
    const members = await this.db
      .selectFrom('staffDepartment')
      .select(['deptId', 'staffId'])
      .execute();
    const staffOf = new Map<number, number[]>();
    for (const { deptId, staffId } of members) {
      staffOf.set(deptId, [...(staffOf.get(deptId) ?? []), staffId]);
    }
    const build = (parentId: number | null): DeptNode[] =>
      siblingsOf(rows, parentId).map((row) => {
        const all = new Set([...subtreeIds(rows, row.id)].flatMap((id) => staffOf.get(id) ?? []));
        return {
          deptId: row.id,
          deptName: row.name,
          parentId: row.parentId,
          sort: row.sort,
          staffCount: staffOf.get(row.id)?.length ?? 0,
          totalStaffCount: all.size,
          headStaffId: heads.get(row.id)?.headStaffId ?? null,
          headName: heads.get(row.id)?.name ?? null,
          children: build(row.id),
        };
      });
    return build(null);
  }

  /** Creates (no deptId) or renames and, with parentId, re-parents a department; answers its id. */
  async save(input: DeptSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertSiteAdmin(staff);
    const name = input.deptName.trim();
    if (!name) throw badRequest('请输入部门名称');
    if ([...name].length > DEPT_NAME_MAX) {
      throw badRequest(`部门名称不能超过${DEPT_NAME_MAX}个字`);
    }
    const now = this.now();
    return inTransaction(this.db, async (trx) => {
      await lockDepartments(trx);
      const rows = await allDepartments(trx);
      const current = input.deptId === undefined ? undefined : this.find(rows, input.deptId);
      const parentId =
        input.parentId === undefined ? (current?.parentId ?? null) : input.parentId || null;
      if (parentId !== null && !rows.some((row) => row.id === parentId)) {
        throw badRequest(PARENT_GONE_MESSAGE);
      }
      if (current && parentId !== current.parentId) this.assertNoCycle(rows, current.id, parentId);
      this.assertUniqueName(rows, parentId, name, current?.id);
      const headStaffId = input.headStaffId === undefined ? undefined : input.headStaffId || null;
      if (headStaffId && !(await allActive(trx, [headStaffId]))) {
        throw badRequest(HEAD_GONE_MESSAGE);
      }

      let deptId: number;
      if (!current) {
        deptId = await new StaffService(trx, this.now).createDepartment(
          name,
          parentId,
          this.nextSort(rows, parentId),
        );
        if (headStaffId) {
          await trx
            .updateTable('department')
            .set({ headStaffId })
            .where('id', '=', deptId)
            .execute();
        }
      } else {
        deptId = current.id;
        const moved = parentId !== current.parentId;
        await trx
          .updateTable('department')
          .set({
            name,
            parentId,
            ...(moved ? { sort: this.nextSort(rows, parentId) } : {}),
            ...(headStaffId !== undefined ? { headStaffId } : {}),
          })
          .where('id', '=', deptId)
          .execute();
        if (moved) await this.renumber(trx, rows, current.parentId, deptId);
      }
      await this.log(trx, staff, ip, deptId, current ? '修改' : '新增', now);
      return deptId;
    });
  }

  /** 上移 / 下移 among siblings, or to another parent at a given place (drag and drop). */
  async move(input: DeptMoveInput, staff: AuthStaff, ip: string | null) {
    assertSiteAdmin(staff);
    const now = this.now();
    return inTransaction(this.db, async (trx) => {
      await lockDepartments(trx);
      const rows = await allDepartments(trx);
      const current = this.find(rows, input.deptId);
      let parentId = current.parentId;
      let order: number[];
      let operType: string;
      if (input.direction) {
        order = siblingsOf(rows, parentId).map((row) => row.id);
        const at = order.indexOf(current.id);
        const to = input.direction === 'up' ? at - 1 : at + 1;
        if (to < 0) throw badRequest('已经是第一个，不能再上移');
        if (to >= order.length) throw badRequest('已经是最后一个，不能再下移');
        [order[at], order[to]] = [order[to]!, order[at]!];
        operType = input.direction === 'up' ? '上移' : '下移';
      } else {
        if (input.parentId !== undefined) parentId = input.parentId || null;
        if (parentId !== null && !rows.some((row) => row.id === parentId)) {
          throw badRequest(PARENT_GONE_MESSAGE);
        }
        if (parentId !== current.parentId) {
          this.assertNoCycle(rows, current.id, parentId);
          this.assertUniqueName(rows, parentId, current.name, current.id);
        }
        order = siblingsOf(rows, parentId)
          .map((row) => row.id)
          .filter((id) => id !== current.id);
        const position = Math.min(input.position ?? order.length, order.length);
        order.splice(position, 0, current.id);
        operType = '移动';
      }
      if (parentId !== current.parentId) {
        await trx
          .updateTable('department')
          .set({ parentId })
          .where('id', '=', current.id)
          .execute();
        await this.renumber(trx, rows, current.parentId, current.id);
      }
      for (const [sort, id] of order.entries()) {
        await trx.updateTable('department').set({ sort }).where('id', '=', id).execute();
      }
      await this.log(trx, staff, ip, current.id, operType, now);
      return { deptId: current.id, parentId, sort: order.indexOf(current.id) };
    });
  }

  /** Deletes a department with no sub-departments and no staff. */
  async delete(deptId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    assertSiteAdmin(staff);
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      await lockDepartments(trx);
      const rows = await allDepartments(trx);
      const current = this.find(rows, deptId);
      const children = siblingsOf(rows, deptId);
      if (children.length) {
        throw badRequest(
          `该部门下还有下级部门${nameList(
            children.map((row) => row.name),
            '个',
          )}，请先删除或移走下级部门`,
        );
      }
      const members = await trx
        .selectFrom('staffDepartment')
        .innerJoin('staff', 'staff.id', 'staffDepartment.staffId')
        .select('staff.name')
        .where('staffDepartment.deptId', '=', deptId)
        .orderBy('staff.sort')
        .orderBy('staff.id')
        .execute();
      if (members.length) {
        throw badRequest(
          `该部门下还有用户${nameList(
            members.map((row) => row.name),
            '人',
          )}，请先在用户管理中调整他们的部门`,
        );
      }
      await trx.deleteFrom('department').where('id', '=', deptId).execute();
      await this.renumber(trx, rows, current.parentId, deptId);
      await this.log(trx, staff, ip, deptId, '删除', now);
    });
  }

  // ---- internals ----

  private find(rows: DeptRow[], deptId: number): DeptRow {
    const row = rows.find((r) => r.id === deptId);
    if (!row) throw notFound(DEPT_GONE_MESSAGE);
    return row;
  }

  private assertNoCycle(rows: DeptRow[], deptId: number, parentId: number | null) {
    if (parentId === null) return;
    if (parentId === deptId) throw badRequest('上级部门不能是它自己');
    if (subtreeIds(rows, deptId).has(parentId)) {
      throw badRequest('上级部门不能是它自己的下级部门');
    }
  }

  private assertUniqueName(
    rows: DeptRow[],
    parentId: number | null,
    name: string,
    exceptId?: number,
  ) {
    const twin = siblingsOf(rows, parentId).find((row) => row.name === name && row.id !== exceptId);
    if (twin) {
      const where = parentId === null ? '顶级部门中' : '同一上级部门下';
      throw new AppError(409, `${where}已有名为「${name}」的部门`);
    }
  }

  private nextSort(rows: DeptRow[], parentId: number | null): number {
    return Math.max(-1, ...siblingsOf(rows, parentId).map((row) => row.sort)) + 1;
  }

  /** Numbers the departments left under `parentId` 0, 1, 2 ... after one went away. */
  private async renumber(
    trx: Kysely<Database>,
    rows: DeptRow[],
    parentId: number | null,
    goneId: number,
  ) {
    const left = siblingsOf(rows, parentId).filter((row) => row.id !== goneId);
    for (const [sort, row] of left.entries()) {
      if (row.sort !== sort) {
        await trx.updateTable('department').set({ sort }).where('id', '=', row.id).execute();
      }
    }
  }

  private readonly log = tableLog('T_DEPARTMENT', () => this.now());
}
