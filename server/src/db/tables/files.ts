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
  /** clean, infected, unscanned (未检测) or pending (platform/files/virus-scan.ts). */
  scanState: ColumnType<string, string | undefined, string>;
  /** clamd's VERSION answer the file was last scanned with. */
  scanVersion: ColumnType<string | null, string | null | undefined, string | null>;
  scannedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** What clamd found in an infected file (its bytes are gone). */
  virusName: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A virus found in an upload or on a rescan: the administrators' to-do until handled. */
export interface VirusFindingTable {
  id: Generated<number>;
  fileId: number | null;
  fileName: string;
  size: ColumnType<number, number, number>;
  sha256: string | null;
  virusName: string;
  scanVersion: string;
  foundBy: 'upload' | 'rescan';
  uploadedBy: number | null;
  foundAt: string;
  handledAt: ColumnType<string | null, string | null | undefined, string | null>;
  handledBy: ColumnType<number | null, number | null | undefined, number | null>;
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
