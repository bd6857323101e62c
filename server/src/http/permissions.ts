import type { AuthStaff } from '../platform/auth/session.js';
import { forbidden } from './errors.js';

/** Edit, delete and footprints: an administrator-level user (isPower 1) or the item's creator. */
export const canManage = (staff: AuthStaff, createStaff: number | null) =>
  staff.isPower === 1 || (createStaff !== null && createStaff === staff.id);

export function assertCanManage(staff: AuthStaff, createStaff: number | null): void {
  if (!canManage(staff, createStaff)) throw forbidden('只有管理员或发布者可以进行此操作');
}

/** The operation log is for isPower 1 only. */
export function assertPower(staff: AuthStaff): void {
  if (staff.isPower !== 1) throw forbidden('只有管理员可以查看操作日志');
}

/** A payload's staffId / userId, when sent, must be the caller's own: the session says who acts. */
export function assertSelf(staff: AuthStaff, claimed: number | undefined): void {
  if (claimed !== undefined && claimed !== staff.id) throw forbidden('只能以自己的身份操作');
}

/**
 * Site content that speaks for the school (banners, covers, magazines,
 * societies, the introduction, review of news and videos): administrator-level
 * users (isPower 1).
 */
export function assertContentAdmin(staff: AuthStaff): void {
  if (staff.isPower !== 1) throw forbidden('只有管理员可以进行此操作');
}

/**
 * The system itself (staff accounts, roles, departments, parameters, external
 * sites, dictionaries, workbench entries): the administrator role (staffType 5).
 */
export function assertSiteAdmin(staff: AuthStaff): void {
  if (staff.staffType !== 5) throw forbidden('只有系统管理员可以进行此操作');
}
