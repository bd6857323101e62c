/** Login identities of the specs: 2 teacher (老师), 5 administrator (管理员). */
export const STAFF_TYPES = [
  { value: 2, label: '老师' },
  { value: 5, label: '管理员' },
] as const;

export type StaffType = (typeof STAFF_TYPES)[number]['value'];

export function staffTypeName(staffType: number): string {
  return STAFF_TYPES.find((t) => t.value === staffType)?.label ?? '教职工';
}

/** What the login call answers and the pages keep as `User`: never a password (common/src/api/auth.ts). */
export type { LoginUser } from './api/auth.js';
