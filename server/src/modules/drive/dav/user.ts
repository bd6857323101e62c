import type { User } from 'nephele';
import type { AuthStaff } from '../../../platform/auth/session.js';

/** Who a WebDAV request is from: a staff member, by one of their app passwords. */
export type DavStaff = AuthStaff;

/** Nephele's user: the staff code as its name, the staff member and the app password used. */
export interface DavUser extends User {
  username: string;
  staff: DavStaff;
  appPassword: { id: number; name: string };
}

/** The staff member behind nephele's user (always ours: the authenticator made it). */
export const staffOf = (user: User): DavStaff => (user as DavUser).staff;
