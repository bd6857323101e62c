/**
 * The roles of the specs, named once for the server (server/src/http/roles.ts
 * builds its checks on these) and the pages (which show or hide controls by
 * them). Nowhere else compares the role numbers bare:
 *
 * - teacher / administrator: the login identity, `staffType` 2 / 5;
 * - content administrator: `isPower` 1 — approves, pins, edits and deletes any
 *   item, reads footprints and the operation log, owns what speaks for the school;
 * - system administrator: `staffType` 5 — accounts, departments, parameters,
 *   dictionaries, workbench;
 * - drive administrator: `isAdmin` "1" — the shared library's controls;
 * - creator: the staff member an item records in `createStaff`.
 */
export const STAFF_TYPE = { teacher: 2, administrator: 5 } as const;

/** What the rules read of a staff member: the session's or the login answer's fields. */
export interface RoleFields {
  isPower: number | null;
  staffType: number;
  isAdmin: string | null;
}

/** The login identity 管理员 (staffType 5): also a role an account can be given or lose. */
export const isAdministratorRole = (staffType: number) => staffType === STAFF_TYPE.administrator;
export const isTeacherRole = (staffType: number) => staffType === STAFF_TYPE.teacher;

export const isTeacher = (staff: Pick<RoleFields, 'staffType'>) => isTeacherRole(staff.staffType);
export const isSystemAdmin = (staff: Pick<RoleFields, 'staffType'> | null | undefined) =>
  !!staff && isAdministratorRole(staff.staffType);
export const isContentAdmin = (staff: Pick<RoleFields, 'isPower'> | null | undefined) =>
  staff?.isPower === 1;
export const isDriveAdmin = (staff: Pick<RoleFields, 'isAdmin'> | null | undefined) =>
  staff?.isAdmin === '1';

/** Edit, delete and footprints: a content administrator or the item's creator. */
export const canManageItem = (
  staff: Pick<RoleFields, 'isPower'>,
  staffId: number,
  createStaff: number | null | undefined,
) => isContentAdmin(staff) || (createStaff != null && createStaff === staffId);
