import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { StaffService, type NewStaffInput } from '../../src/modules/staff/service.js';

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** 12 characters with upper case, lower case, digits and a symbol: passes the strength rule. */
export const strongPassword = () => `Aa1!${randomBytes(6).toString('base64url')}`;

/** A staff code no other test uses. */
export const randomCode = () => `s${randomHex(6)}`;

/** What a test knows about a staff member it created, including the plain password. */
export interface TestStaff {
  id: number;
  code: string;
  name: string;
  password: string;
  staffType: 2 | 5;
  isPower: number;
  isAdmin: '0' | '1';
  email: string | null;
}

export interface StaffOptions extends Partial<NewStaffInput> {
  /** 0: the account is disabled. */
  status?: number;
}

/** A staff member (teacher by default) with a fresh code and a strong random password. */
export async function createStaff(
  db: Kysely<Database>,
  options: StaffOptions = {},
): Promise<TestStaff> {
  const { status, ...overrides } = options;
  const input: NewStaffInput = {
    code: randomCode(),
    name: `测试教师${randomHex(2)}`,
    staffType: 2,
    password: strongPassword(),
    email: null,
    ...overrides,
  };
  const id = await new StaffService(db).createStaff(input);
  if (status !== undefined) {
    await db.updateTable('staff').set({ status }).where('id', '=', id).execute();
  }
  const row = await db
    .selectFrom('staff')
    .select(['isPower', 'isAdmin'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id,
    code: input.code,
    name: input.name,
    password: input.password,
    staffType: input.staffType,
    isPower: row.isPower,
    isAdmin: row.isAdmin === '1' ? '1' : '0',
    email: input.email ?? null,
  };
}

/** A department with a random name under `parentId` (null: top level). */
export function createDepartment(
  db: Kysely<Database>,
  options: { parentId?: number | null; name?: string; sort?: number } = {},
): Promise<number> {
  return new StaffService(db).createDepartment(
    options.name ?? `测试部门${randomHex(3)}`,
    options.parentId ?? null,
    options.sort ?? 0,
  );
}
