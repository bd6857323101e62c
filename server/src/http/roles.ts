import type { Access } from '@school/common/api';
import type { AuthStaff } from './auth.js';
import { forbidden } from './errors.js';
import { canManageItem, isContentAdmin, isDriveAdmin, isSystemAdmin } from '@school/common';

/**
 * The roles of the specs are named once in common/src/roles.ts (the pages use
 * the same rules); every permission check on the server goes through these,
 * never through bare numbers.
 */
export {
  STAFF_TYPE,
  isAdministratorRole,
  isContentAdmin,
  isDriveAdmin,
  isSystemAdmin,
  isTeacher,
} from '@school/common';

type Who = Pick<AuthStaff, 'isPower' | 'staffType' | 'isAdmin'>;

export const isCreator = (staff: Pick<AuthStaff, 'id'>, createStaff: number | null) =>
  createStaff !== null && createStaff === staff.id;

/** Edit, delete and footprints: a content administrator or the item's creator. */
export const canManage = (staff: AuthStaff, createStaff: number | null) =>
  canManageItem(staff, staff.id, createStaff);

export const MANAGE_MESSAGE = '只有管理员或发布者可以进行此操作';
export const CONTENT_ADMIN_MESSAGE = '只有管理员可以进行此操作';
export const SYSTEM_ADMIN_MESSAGE = '只有系统管理员可以进行此操作';
export const DRIVE_ADMIN_MESSAGE = '只有网盘管理员可以进行此操作';

/**
 * Whether a logged-in staff member passes a route's declared rule at the door
 * (http/access.ts). Staff and owner rules let every staff member in: the
 * service checks the caller's part in the item it names.
 */
export function passesAccess(access: Access, staff: Who): boolean {
  switch (access) {
    case 'contentAdmin':
      return isContentAdmin(staff);
    case 'systemAdmin':
      return isSystemAdmin(staff);
    case 'driveAdmin':
      return isDriveAdmin(staff);
    case 'linkedSystem':
      return false;
    default:
      return true;
  }
}

/** What the door answers a staff member below a role rule: the role's own message. */
export const ROLE_REFUSALS: Partial<Record<Access, string>> = {
  contentAdmin: CONTENT_ADMIN_MESSAGE,
  systemAdmin: SYSTEM_ADMIN_MESSAGE,
  driveAdmin: DRIVE_ADMIN_MESSAGE,
};

export function assertCanManage(
  staff: AuthStaff,
  createStaff: number | null,
  message = MANAGE_MESSAGE,
): void {
  if (!canManage(staff, createStaff)) throw forbidden(message);
}

export const OPERLOG_MESSAGE = '只有管理员可以查看操作日志';

/** The operation log is for content administrators only. */
export function assertPower(staff: AuthStaff): void {
  assertContentAdmin(staff, OPERLOG_MESSAGE);
}

/**
 * Site content that speaks for the school (banners, covers, magazines,
 * societies, the introduction, review of news and videos): content
 * administrators (isPower 1).
 */
export function assertContentAdmin(staff: AuthStaff, message = CONTENT_ADMIN_MESSAGE): void {
  if (!isContentAdmin(staff)) throw forbidden(message);
}

/**
 * The system itself (staff accounts, roles, departments, parameters, external
 * sites, dictionaries, workbench entries): the administrator role (staffType 5).
 */
export function assertSiteAdmin(staff: AuthStaff): void {
  if (!isSystemAdmin(staff)) throw forbidden(SYSTEM_ADMIN_MESSAGE);
}

/** The teaching drive's shared-library controls: drive administrators (isAdmin "1"). */
export function assertDriveAdmin(staff: AuthStaff, message = DRIVE_ADMIN_MESSAGE): void {
  if (!isDriveAdmin(staff)) throw forbidden(message);
}
