import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Columns are snake_case in the database and camelCase here
 * (Kysely's CamelCasePlugin). Timestamps are stored as ISO-8601 text in UTC so
 * both dialects sort and compare them the same way.
 */
export interface Database {
  staff: StaffTable;
  department: DepartmentTable;
  staffDepartment: StaffDepartmentTable;
  session: SessionTable;
  loginThrottle: LoginThrottleTable;
  sysParameter: SysParameterTable;
  newsType: NewsTypeTable;
  operLog: OperLogTable;
}

export interface StaffTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** 2 teacher, 5 administrator. */
  staffType: number;
  /** 1: may act on any news item and read the operation log. */
  isPower: number;
  /** "1": administrator of the teaching drive. */
  isAdmin: string;
  email: string | null;
  phone: string | null;
  schoolId: number;
  passwordHash: string;
  /** 0: the password fails the strength rule and must be changed. */
  whetherpass: number;
  /** 1 active, 0 disabled. */
  status: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

export interface DepartmentTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  sort: number;
  createdAt: string;
}

export interface StaffDepartmentTable {
  staffId: number;
  deptId: number;
  /** 1 for the department a staff member mainly belongs to. */
  isPrimary: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  staffId: number;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute expiry; idle expiry is lastSeenAt plus the idle window. */
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

export interface LoginThrottleTable {
  /** `account:<code>@<ip>` or `address:<ip>`. */
  key: string;
  failures: number;
  windowStart: string;
}

export interface SysParameterTable {
  /** parameterId of the spec. */
  id: Generated<number>;
  /** parameteCode of the spec; several rows may share one code (lists such as XNZD). */
  code: string;
  value: string;
  name: string;
  type: string;
  pic: string | null;
  sort: number;
}

export interface NewsTypeTable {
  /** typeId of the spec: fixed numbers that pages and links use. */
  id: number;
  name: string;
  parentId: number;
  sort: number;
}

export interface OperLogTable {
  id: Generated<number>;
  staffId: number | null;
  staffName: string;
  /** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO, ... */
  infoTable: string;
  objId: number;
  operType: string;
  ip: string | null;
  createdAt: ColumnType<string, string, never>;
}

export type Staff = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type Session = Selectable<SessionTable>;
