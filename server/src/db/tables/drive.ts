import type { ColumnType, Generated } from 'kysely';

// The teaching drive (intranet.md §3 resource, folder, comment).

/** A folder of the shared library (ownerId null) or of a person's disk. */
export interface DriveFolderTable {
  id: Generated<number>;
  parentId: number | null;
  ownerId: number | null;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** 0 for a root folder, one more each level down. */
  layer: number;
  isTop: ColumnType<number, number | undefined, number>;
  sort: ColumnType<number, number | undefined, number>;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A file of the drive: a stored file with its name, kind, format, openness and counters. */
export interface DriveResourceTable {
  id: Generated<number>;
  folderId: number | null;
  ownerId: number | null;
  uploaderId: number;
  fileId: number;
  name: string;
  fileName: string;
  /** bigint: PostgreSQL answers text, SQLite a number. */
  size: ColumnType<number | string, number, number>;
  resourcesType: string;
  fileType: string;
  isOpen: string;
  isComment: string;
  description: ColumnType<string, string | undefined, string>;
  isTop: ColumnType<number, number | undefined, number>;
  downloadNum: ColumnType<number, number | undefined, number>;
  shareNum: ColumnType<number, number | undefined, number>;
  likeNum: ColumnType<number, number | undefined, number>;
  favoriteNum: ColumnType<number, number | undefined, number>;
  statusDate: string;
  createdAt: string;
  /** Who put up the current bytes and when (a replacement, issue 19); null: the uploader at creation. */
  contentBy: ColumnType<number | null, number | null | undefined, number | null>;
  contentAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 防泄密 (issue 19): previews watermarked per viewer, downloads for the uploader and drive administrators. */
  leakProtected: ColumnType<number, number | undefined, number>;
  /** Teaching facets of a library file (migration 0053): values of drive_facet, and free text. */
  stageId: ColumnType<number | null, number | null | undefined, number | null>;
  gradeId: ColumnType<number | null, number | null | undefined, number | null>;
  subjectId: ColumnType<number | null, number | null | undefined, number | null>;
  editionId: ColumnType<number | null, number | null | undefined, number | null>;
  chapter: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A value of the library's teaching facets (学段, 年级 under a 学段, 学科, 教材版本). */
export interface DriveFacetTable {
  id: Generated<number>;
  kind: 'stage' | 'grade' | 'subject' | 'edition';
  name: string;
  /** A grade's stage; null for the other kinds. */
  parentId: number | null;
  sort: number;
  /** 0: disabled, kept on the files that have it, offered for no new choice. */
  enabled: ColumnType<number, number | undefined, number>;
  createdAt: string;
  updatedAt: string;
}

export interface DriveLikeTable {
  resourceId: number;
  staffId: number;
  createdAt: string;
}

export interface DriveFavoriteTable {
  id: Generated<number>;
  resourceId: number;
  staffId: number;
  createdAt: string;
}

export interface DriveShareTable {
  id: Generated<number>;
  /** The shared file; null for a folder's link. */
  resourceId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The shared folder (a link to everything below it the owner may read); null for a file's. */
  folderId: ColumnType<number | null, number | null | undefined, number | null>;
  staffId: number;
  shareCode: string;
  createdAt: string;
  /** The extraction code (4 characters), null for a link without one (issue 19). */
  extractCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the link stops working, null for never. */
  expiresAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Downloads the link allows, null for no limit. */
  maxDownloads: ColumnType<number | null, number | null | undefined, number | null>;
  downloads: ColumnType<number, number | undefined, number>;
  /** When its owner cancelled it. */
  cancelledAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per person, resource and day. */
export interface DriveDownloadTable {
  id: Generated<number>;
  resourceId: number;
  staffId: number;
  day: string;
  /** 1: removed from the person's history. */
  hidden: ColumnType<number, number | undefined, number>;
  createdAt: string;
}

export interface DriveCommentTable {
  id: Generated<number>;
  resourceId: number;
  staffId: number;
  content: string;
  createdAt: string;
}

/** A resumable upload announced for a person's disk, counted against its quota until it is stored. */
export interface DriveTusUploadTable {
  /** The tus upload's id. */
  id: string;
  staffId: number;
  /** bigint: PostgreSQL answers text, SQLite a number. */
  size: ColumnType<number | string, number, number>;
  createdAt: string;
}

/** A deletion kept in the 回收站 (issue 19): the deleted rows as JSON, held until restored or purged. */
export interface DriveTrashTable {
  id: Generated<number>;
  /** 'file' or 'folder'. */
  kind: string;
  ownerId: number | null;
  deletedBy: number | null;
  deletedAt: string;
  name: string;
  folderId: number | null;
  place: ColumnType<string, string | undefined, string>;
  fileType: ColumnType<string, string | undefined, string>;
  /** bigint: PostgreSQL answers text, SQLite a number. */
  size: ColumnType<number | string, number, number>;
  fileCount: number;
  rows: string;
}

/** An earlier content of a drive file, kept when an upload replaced it (替换, issue 19). */
export interface DriveVersionTable {
  id: Generated<number>;
  resourceId: number;
  fileId: number;
  fileName: string;
  /** bigint: PostgreSQL answers text, SQLite a number. */
  size: ColumnType<number | string, number, number>;
  uploaderId: number | null;
  createdAt: string;
  replacedAt: string;
}

/** An unfinished resumable upload shared by the site's copies (migration 0032). */
export interface DriveResumableTable {
  id: string;
  size: number;
  received: number;
  metadata: string;
  creationDate: string;
  expiresAt: number;
}

/** A stored piece of an unfinished shared upload, from byte `start` on. */
export interface DriveResumableChunkTable {
  uploadId: string;
  start: number;
  size: number;
  storageKey: string;
}

/** A WebDAV client's working file, shown over WebDAV only (migration 0035, modules/dav). */
export interface DavFileTable {
  id: Generated<number>;
  /** Whose disk (null: the library). */
  ownerId: number | null;
  /** The folder it is in (null: the disk's top). */
  folderId: number | null;
  uploaderId: number;
  name: string;
  /** Its bytes (null: empty). */
  fileId: number | null;
  size: ColumnType<number | string, number, number>;
  createdAt: string;
  updatedAt: string;
}

/** A WebDAV write lock, by the path it was taken on (migration 0035). */
export interface DavLockTable {
  token: string;
  path: string;
  staffId: number;
  scope: string;
  depth: string;
  provisional: number;
  owner: string;
  grantedAt: ColumnType<number | string, number, number>;
  timeoutMs: ColumnType<number | string, number, number>;
  expiresAt: ColumnType<number | string, number, number>;
}

/** A dead property a WebDAV client set on a folder ('f'), file ('r') or working file ('w'). */
export interface DavPropertyTable {
  kind: string;
  itemId: number;
  name: string;
  value: string;
  /** Who set (or copied) it: its size counts in their quota. */
  staffId: number | null;
  /** Its name and value in bytes. */
  size: number;
}
