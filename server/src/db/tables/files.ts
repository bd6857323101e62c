import type { ColumnType, Generated } from 'kysely';

// Stored files and where items use them.

/** A file in storage, served by id (never by a path from the request). */
export interface StoredFileTable {
  id: Generated<number>;
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  createdBy: number | null;
  createdAt: string;
  /** A smaller copy of a picture for lists and cards. */
  thumbFileId: ColumnType<number | null, number | null | undefined, number | null>;
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  /** Hex SHA-256 of the bytes, when it was computed as they were stored. */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a new upload of the same bytes may be answered with this file (drive files). */
  sharedByHash: ColumnType<number, number | undefined, number>;
}

/** A file an item shows beyond its attachments and sets: body pictures, cover, PDF. */
export interface FileUseTable {
  fileId: number;
  /** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO or T_MAGAZINE. */
  infoTable: string;
  objId: number;
  /** When an upload's hold (T_DRIVE_UPLOAD, T_MAIL_UPLOAD) began; null for others and older rows. */
  createdAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: an upload's hold not registered yet; its stored file is not deleted (migration 0037). */
  pending: ColumnType<number, number | undefined, number>;
}
