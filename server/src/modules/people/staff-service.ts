import { countRows, onPage } from '../../db/paging.js';
import { PASSWORD_RULE_MESSAGE, isStrongPassword } from '@school/common';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { badRequest, orNotFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertSiteAdmin, isAdministratorRole } from '../../http/roles.js';
import { iso, type Clock } from '../../time.js';
import { hashPassword } from '../../platform/auth/password.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { tableLog } from '../../platform/oplog/service.js';
import { allDepartments, lockDepartments, subtreeIds } from '../../platform/org/department-tree.js';
import {
  STAFF_COLUMNS,
  assertAnotherAdmin,
  authoredKinds,
  conflict,
  departmentsOf,
  inDepartments,
  isUniqueViolation,
  staffView,
  type StaffRow,
} from './staff-queries.js';

export const STAFF_GONE_MESSAGE = '用户不存在，请刷新后重试';
export const DUPLICATE_CODE_MESSAGE = '该工号已存在，请换一个工号';
export const SELF_DISABLE_MESSAGE = '不能停用自己的账号';
export const SELF_DEMOTE_MESSAGE = '不能取消自己的管理员身份';
export const SELF_DELETE_MESSAGE = '不能删除自己的账号';
export const LEFT_ENABLE_MESSAGE = '该用户已办理离职交接，不能再启用；如需返聘，请新建账号';
export const EMAIL_MESSAGE = '邮箱格式不正确';
export const PHONE_MESSAGE = '电话号码格式不正确';
export const PASSWORD_IN_EDIT_MESSAGE = '编辑用户时不能修改密码，请使用“重置密码”';

export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^[0-9+\-() ]{3,32}$/;

export interface StaffFilter {
  /** Part of the name, the code (工号) or the phone number. */
  keyword?: string;
  /** A department and everything below it. */
  deptId?: number;
  staffType?: number;
  status?: number;
}

/** A save: no staffId creates; optional fields left out keep their value (or the default). */
export interface StaffSaveInput {
  staffId?: number;
  staffCode: string;
  staffName: string;
  staffType: 2 | 5;
  isPower?: 0 | 1;
  isAdmin?: '0' | '1';
  email?: string | null;
  phone?: string | null;
  sort?: number;
  /** Replaces the account's departments when sent. */
  deptIds?: number[];
  /** One of deptIds; the first of them when left out. */
  primaryDeptId?: number;
  /** The initial password: required when creating, refused when editing. */
  password?: string;
}

/**
 * Staff accounts in the content-management platform, for the administrator
 * role (staffType 5): list, edit, reset a password, enable or disable, and
 * delete an account that authored nothing. An administrator can neither
 * disable nor demote themself, and the last active administrator stays.
 * Every change is one transaction with its operation-log row (T_STAFF); no
 * password or hash is ever answered or logged.
 */
export class CmsStaffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async list(filter: StaffFilter, staff: AuthStaff, paging: Paging) {
    assertSiteAdmin(staff);
    const keyword = filter.keyword?.trim();
    const deptIds =
      filter.deptId === undefined
        ? undefined
        : [...subtreeIds(await allDepartments(this.db), filter.deptId)];
    const base = this.db
      .selectFrom('staff')
      .$if(Boolean(keyword), (qb) =>
        qb.where((eb) =>
          eb.or([
            containsText('staff.name', keyword!),
            containsText('staff.code', keyword!),
            containsText('staff.phone', keyword!),
          ]),
        ),
      )
      .$if(filter.staffType !== undefined, (qb) => qb.where('staffType', '=', filter.staffType!))
      .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
      .$if(deptIds !== undefined, (qb) => qb.where(inDepartments(deptIds!)));
    const n = await countRows(base);
    const rows = await base
      .select(STAFF_COLUMNS)
      .orderBy('sort')
      .orderBy('id')
      .$call(onPage(paging))
      .execute();
    const departments = await departmentsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return {
      total: Number(n),
      list: rows.map((row) => staffView(row, departments.get(row.id) ?? [])),
    };
  }

  async get(staffId: number, staff: AuthStaff) {
    assertSiteAdmin(staff);
    const row = await this.account(staffId);
    const departments = await departmentsOf(this.db, [staffId]);
    return staffView(row, departments.get(staffId) ?? []);
  }

  /** Creates (no staffId) or edits an account; answers its staffId. */
  async save(input: StaffSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertSiteAdmin(staff);
    const current = input.staffId === undefined ? undefined : await this.account(input.staffId);
    const code = input.staffCode.trim();
    const name = input.staffName.trim();
    if (!code) throw badRequest('请输入工号');
    if (!name) throw badRequest('请输入姓名');
    const email = this.optional(input.email, current?.email, EMAIL, EMAIL_MESSAGE);
    const phone = this.optional(input.phone, current?.phone, PHONE, PHONE_MESSAGE);
    if (current && current.id === staff.id && !isAdministratorRole(input.staffType)) {
      throw badRequest(SELF_DEMOTE_MESSAGE);
    }
    let passwordHash: string | undefined;
    if (current) {
      if (input.password) throw badRequest(PASSWORD_IN_EDIT_MESSAGE);
    } else {
      if (!input.password) throw badRequest('请输入初始密码');
      if (!isStrongPassword(input.password)) throw badRequest(PASSWORD_RULE_MESSAGE);
      passwordHash = await hashPassword(input.password);
    }
    const deptIds = input.deptIds ?? (current ? undefined : []);
    let primaryDeptId: number | undefined;
    if (deptIds) {
      if (new Set(deptIds).size !== deptIds.length) throw badRequest('部门不能重复选择');
      primaryDeptId = input.primaryDeptId ?? deptIds[0];
      if (primaryDeptId !== undefined && !deptIds.includes(primaryDeptId)) {
        throw badRequest('主部门须是所选部门之一');
      }
    }

    const now = iso(this.now());
    const fields = {
      code,
      name,
      staffType: input.staffType,
      isPower: input.isPower ?? current?.isPower ?? (isAdministratorRole(input.staffType) ? 1 : 0),
      isAdmin: input.isAdmin ?? current?.isAdmin ?? '0',
      email,
      phone,
      sort: input.sort ?? current?.sort ?? 0,
      updatedAt: now,
    };
    try {
      return await inTransaction(this.db, async (trx) => {
        if (
          current &&
          isAdministratorRole(current.staffType) &&
          current.status === 1 &&
          !isAdministratorRole(input.staffType)
        ) {
          await assertAnotherAdmin(trx, current.id);
        }
        const taken = await trx
          .selectFrom('staff')
          .select('id')
          .where('code', '=', code)
          .$if(Boolean(current), (qb) => qb.where('id', '!=', current!.id))
          .executeTakeFirst();
        if (taken) throw conflict(DUPLICATE_CODE_MESSAGE);

        let staffId: number;
        if (!current) {
          // An administrator chose this password: the user picks their own at first login.
          ({ id: staffId } = await trx
            .insertInto('staff')
            .values({
              ...fields,
              schoolId: staff.schoolId,
              passwordHash: passwordHash!,
              whetherpass: 0,
              status: 1,
              createdAt: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow());
        } else {
          staffId = current.id;
          await trx.updateTable('staff').set(fields).where('id', '=', staffId).execute();
        }
        if (deptIds) await this.replaceDepartments(trx, staffId, deptIds, primaryDeptId);
        await this.log(trx, staff, ip, staffId, current ? '修改' : '新增');
        return staffId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(DUPLICATE_CODE_MESSAGE);
      throw err;
    }
  }

  /**
   * Sets a new password chosen by an administrator: it must pass the strength
   * rule, the user must change it at the next login (whetherpass 0), and every
   * session of the account ends (the caller's own current one stays).
   */
  async resetPassword(staffId: number, password: string, staff: AuthStaff, ip: string | null) {
    assertSiteAdmin(staff);
    const row = await this.account(staffId);
    if (!isStrongPassword(password)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const passwordHash = await hashPassword(password);
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('staff')
        .set({ passwordHash, whetherpass: 0, updatedAt: iso(this.now()) })
        .where('id', '=', row.id)
        .execute();
      await trx
        .deleteFrom('session')
        .where('staffId', '=', row.id)
        .$if(row.id === staff.id, (qb) => qb.where('id', '!=', staff.sessionId))
        .execute();
      await this.log(trx, staff, ip, row.id, '重置密码');
    });
  }

  /** 启用 (1) or 停用 (0); a disabled account is signed out everywhere at once. */
  async setStatus(staffId: number, status: 0 | 1, staff: AuthStaff, ip: string | null) {
    assertSiteAdmin(staff);
    const row = await this.account(staffId);
    if (status === 0 && row.id === staff.id) throw badRequest(SELF_DISABLE_MESSAGE);
    if (status === 1 && row.leftAt) throw badRequest(LEFT_ENABLE_MESSAGE);
    if (row.status === status) return { staffId, status };
    await inTransaction(this.db, async (trx) => {
      if (status === 0 && isAdministratorRole(row.staffType)) await assertAnotherAdmin(trx, row.id);
      await trx
        .updateTable('staff')
        .set({ status, updatedAt: iso(this.now()) })
        .where('id', '=', row.id)
        .execute();
      if (status === 0) await trx.deleteFrom('session').where('staffId', '=', row.id).execute();
      await this.log(trx, staff, ip, row.id, status === 1 ? '启用' : '停用');
    });
    return { staffId, status };
  }

  /** Deletes an account that authored nothing; one that did is disabled instead. */
  async delete(staffId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    assertSiteAdmin(staff);
    const row = await this.account(staffId);
    if (row.id === staff.id) throw badRequest(SELF_DELETE_MESSAGE);
    const kinds = await authoredKinds(this.db, row.id);
    if (kinds.length) {
      throw badRequest(`该用户有${kinds.join('、')}，不能删除；如不再使用，请将其停用`);
    }
    await inTransaction(this.db, async (trx) => {
      if (isAdministratorRole(row.staffType) && row.status === 1)
        await assertAnotherAdmin(trx, row.id);
      // Departments, sessions, likes and hand-off tickets go with it; log rows keep the name.
      await trx.deleteFrom('staff').where('id', '=', row.id).execute();
      await this.log(trx, staff, ip, row.id, '删除');
    });
  }

  // ---- internals ----

  private async account(staffId: number): Promise<StaffRow> {
    const row = await orNotFound(
      this.db.selectFrom('staff').select(STAFF_COLUMNS).where('id', '=', staffId),
      STAFF_GONE_MESSAGE,
    );
    return row;
  }

  /** A text field that may be cleared: '' or null clears, undefined keeps. */
  private optional(
    value: string | null | undefined,
    previous: string | null | undefined,
    pattern: RegExp,
    message: string,
  ): string | null {
    if (value === undefined) return previous ?? null;
    const text = value?.trim() ?? '';
    if (!text) return null;
    if (!pattern.test(text)) throw badRequest(message);
    return text;
  }

  private async replaceDepartments(
    trx: Kysely<Database>,
    staffId: number,
    deptIds: number[],
    primaryDeptId: number | undefined,
  ) {
    if (deptIds.length) {
      await lockDepartments(trx);
      const found = await trx
        .selectFrom('department')
        .select('id')
        .where('id', 'in', deptIds)
        .execute();
      if (found.length !== deptIds.length) throw badRequest('所选部门不存在，请刷新后重试');
    }
    await trx.deleteFrom('staffDepartment').where('staffId', '=', staffId).execute();
    if (deptIds.length) {
      await trx
        .insertInto('staffDepartment')
        .values(
          deptIds.map((deptId) => ({
            staffId,
            deptId,
            isPrimary: deptId === primaryDeptId ? 1 : 0,
          })),
        )
        .execute();
    }
  }

  private readonly log = tableLog('T_STAFF', () => this.now());
}
