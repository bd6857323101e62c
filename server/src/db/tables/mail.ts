import type { ColumnType, Generated } from 'kysely';

// Internal mail (intranet.md §3 "Mail").

export interface MailTable {
  id: Generated<number>;
  senderId: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** The body's text, for the keyword search. */
  bodyText: string;
  /** The recipients' names as the sent list shows them. */
  receiverNames: string;
  fileCount: number;
  /** Set when the sender recalled it (撤回). */
  recalledAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
}

/** One recipient's copy: receiveId of the spec. */
export interface MailInboxTable {
  id: Generated<number>;
  mailId: number;
  staffId: number;
  /** 1 unread, 2 read. */
  state: number;
  readAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: deleted by its owner or recalled; kept so the sender still sees who got it. */
  deleted: ColumnType<number, number | undefined, number>;
  createdAt: string;
}

/** A person's inbox version, raised with every change to their entries (migration 0030). */
export interface MailBoxVersionTable {
  staffId: number;
  version: ColumnType<number | string, number | undefined, number>;
}

/** The sender's copy: sendId of the spec. */
export interface MailSentTable {
  id: Generated<number>;
  mailId: number;
  staffId: number;
  createdAt: string;
}

export interface MailFileTable {
  id: Generated<number>;
  mailId: number;
  fileId: number;
  fileName: string;
}

/** A group of frequent contacts (contactsType 2); its members in ContactGroupMemberTable. */
export interface ContactGroupTable {
  id: Generated<number>;
  ownerId: number;
  note: string;
  createdAt: string;
}

export interface ContactGroupMemberTable {
  groupId: number;
  staffId: number;
  /** The order the members were chosen in. */
  sort: number;
}

/** A mail being written (草稿箱). */
export interface MailDraftTable {
  id: Generated<number>;
  ownerId: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  bodyText: string;
  /** Staff ids, comma-joined, in the order chosen. */
  recipientIds: string;
  /** JSON [{fileId, fileName}]. */
  files: string;
  updatedAt: string;
  /** 定时发送: when it is sent (ISO); null for a plain draft (migration 0049). */
  sendAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it could not go when its time came (migration 0050); null otherwise. */
  sendError: ColumnType<string | null, string | null | undefined, string | null>;
  /** 超大附件 chosen so far: JSON [{resourcesId, fileName} | {largeId}] (migration 0054). */
  largeFiles: ColumnType<string, string | undefined, string>;
}

/**
 * 超大附件 (migration 0054): a mail's link to a file kept in its sender's drive, the drive
 * item named by its id (its file is found through file_use T_DRIVE), until `expiresAt`.
 */
export interface MailLargeFileTable {
  id: Generated<number>;
  mailId: number;
  itemId: number;
  fileName: string;
  size: ColumnType<number | string, number, number>;
  expiresAt: string;
}
