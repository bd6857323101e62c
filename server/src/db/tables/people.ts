import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

// Staff, departments, sessions and sign-in.

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
  /** The person's photo (address book, profile). */
  photoFileId: Generated<number | null>;
  /** 职务 and 学科 (staff import, the CMS). */
  position: ColumnType<string | null, string | null | undefined, string | null>;
  subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: made with a generated initial password; the first login must change it. */
  mustChangePassword: ColumnType<number, number | undefined, number>;
  sort: number;
  createdAt: string;
  updatedAt: string;
  /** When the account was handed over as a leaver's (离职交接); null while it has not. */
  leftAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A 离职交接 and its report (JSON of HandoverReport's items), kept for the administrators. */
export interface StaffHandoverTable {
  id: Generated<number>;
  staffId: number;
  receiverId: number;
  handedBy: string;
  createdAt: string;
  report: string;
}

export interface DepartmentTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  sort: number;
  createdAt: string;
  /** 负责人: leave requests of the department's staff wait for this person. */
  headStaffId: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The session a hand-off opened this one from; it ends with that one (null: a login). */
  parentId: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A frequent contact (常用联系人) of `ownerId`: one person each. */
export interface ContactTable {
  id: Generated<number>;
  ownerId: number;
  staffId: number;
  createdAt: string;
}

/** A hand-off a linked system had verified: its request is good once per system. */
export interface LinkedRequestTable {
  system: string;
  requestKey: string;
  createdAt: string;
}

export interface LoginThrottleTable {
  /** `account:<code>@<ip>` or `address:<ip>`. */
  key: string;
  failures: number;
  windowStart: string;
}

/** A checked hand-off request and its one-time link (the ticket is stored hashed). */
export interface HandoffTicketTable {
  id: Generated<number>;
  requestKey: string;
  ticketHash: string;
  staffId: number;
  targetUrl: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** The session that asked for the hand-off (null: a linked system's entry ticket). */
  sessionId: ColumnType<number | null, number | null | undefined, number | null>;
}

export type Staff = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type Session = Selectable<SessionTable>;

/**
 * An app password (应用专用密码) for WebDAV clients: only the SHA-256 of its secret is kept
 * (platform/auth/app-passwords.ts says why a fast hash is right for it).
 */
export interface AppPasswordTable {
  id: Generated<number>;
  staffId: number;
  /** Trimmed, at most 30 characters, unique per person. */
  name: string;
  secretHash: string;
  createdAt: string;
  /** Written at most once a minute, not per request. */
  lastUsedAt: ColumnType<string | null, string | null | undefined, string | null>;
  lastUsedIp: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A staff import's dry run (人员导入): the sheet as read, for the administrator who uploaded
 * it, until applied or expired. `passwords` holds the new accounts' initial passwords after
 * the apply, AES-GCM encrypted with a key only the administrator was given; cleared by the
 * one download.
 */
export interface StaffImportTable {
  id: Generated<number>;
  staffId: number;
  fileName: string;
  /** JSON of the sheet's rows (modules/people/staff-sheet.ts SheetRow[]). */
  sheet: string;
  createdAt: string;
  expiresAt: string;
  appliedAt: ColumnType<string | null, string | null | undefined, string | null>;
  passwords: ColumnType<string | null, string | null | undefined, string | null>;
}
