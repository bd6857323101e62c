import { isAdministratorRole } from '../../http/roles.js';
import type { Kysely } from 'kysely';
import { isStrongPassword } from '@school/common';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { iso, systemClock, type Clock } from '../../time.js';
import { hashPassword } from '../../platform/auth/password.js';
import { inTransaction } from '../../db/transaction.js';

export interface NewStaffInput {
  code: string;
  name: string;
  staffType: 2 | 5;
  password: string;
  isPower?: number;
  isAdmin?: '0' | '1';
  email?: string | null;
  phone?: string | null;
  schoolId?: number;
  /** The first is the main department. */
  deptIds?: number[];
  sort?: number;
}

/** Whether every one of these ids is an enabled account (none left the school or was stopped). */
export async function allActive(db: Kysely<Database>, staffIds: number[]): Promise<boolean> {
  const found = await db
    .selectFrom('staff')
    .select('id')
    .where('id', 'in', staffIds)
    .where('status', '=', 1)
    .execute();
  return found.length === staffIds.length;
}

/** Creates staff accounts and departments: the first run, the seed, the tests, the department screen. */
export class StaffService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock = systemClock,
  ) {}

  async createStaff(input: NewStaffInput): Promise<number> {
    const code = input.code.trim();
    if (!code) throw badRequest('请输入账号');
    const existing = await this.db
      .selectFrom('staff')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirst();
    if (existing) throw badRequest('账号已存在');
    const passwordHash = await hashPassword(input.password);
    const now = iso(this.now());
    // In the caller's transaction when there is one (the first run's setup, modules/setup).
    return inTransaction(this.db, async (trx) => {
      const { id } = await trx
        .insertInto('staff')
        .values({
          code,
          name: input.name,
          staffType: input.staffType,
          isPower: input.isPower ?? (isAdministratorRole(input.staffType) ? 1 : 0),
          isAdmin: input.isAdmin ?? '0',
          email: input.email ?? null,
          phone: input.phone ?? null,
          schoolId: input.schoolId ?? 1,
          passwordHash,
          whetherpass: isStrongPassword(input.password) ? 1 : 0,
          status: 1,
          sort: input.sort ?? 0,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const deptIds = input.deptIds ?? [];
      if (deptIds.length) {
        await trx
          .insertInto('staffDepartment')
          .values(deptIds.map((deptId, i) => ({ staffId: id, deptId, isPrimary: i === 0 ? 1 : 0 })))
          .execute();
      }
      return id;
    });
  }

  async createDepartment(name: string, parentId: number | null, sort = 0): Promise<number> {
    const { id } = await this.db
      .insertInto('department')
      .values({ name, parentId, sort, createdAt: iso(this.now()) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
}
