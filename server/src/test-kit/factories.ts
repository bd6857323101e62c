import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { AuthStaff } from '../platform/auth/session.js';
import type { Database } from '../db/schema.js';
import type { NewsInput } from '../modules/news/service.js';
import { StaffService, type NewStaffInput } from '../platform/org/accounts.js';

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

/** A news item made the way the content platform makes it; listed and public unless told. */
export function createNews(
  services: Services,
  input: Partial<NewsInput> & { typeId: number },
  creator: TestStaff | null = null,
): Promise<number> {
  return services.news.create(
    {
      title: `测试新闻${randomHex(3)}`,
      description: '测试摘要',
      content: '<p>测试正文</p>',
      ...input,
    },
    creator ? { staff: creator, ip: '127.0.0.1' } : null,
  );
}

/**
 * A stored file with the given bytes, uploaded by `createdBy` (none: only the
 * items that use it let anyone read it).
 */
export async function createFile(
  services: Services,
  fileName = 'photo.jpg',
  mimeType = 'image/jpeg',
  data: Buffer = Buffer.from(`file ${randomHex(8)}`),
  createdBy: number | null = null,
): Promise<number> {
  return (await services.files.save({ fileName, mimeType, createdBy }, data)).id;
}

/** A test account as the services see a logged-in person (for calls made without HTTP). */
export function readerOf(staff: TestStaff): AuthStaff {
  const { password: _password, ...person } = staff;
  return { ...person, schoolId: 1, whetherpass: 1, sessionId: 0 };
}
