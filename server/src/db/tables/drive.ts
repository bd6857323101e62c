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
  /** 防泄密 (issue 19): previews watermarked per viewer, downloads for the uploader and drive administrators. */
  leakProtected: ColumnType<number, number | undefined, number>;
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
  resourceId: number;
  staffId: number;
  shareCode: string;
  createdAt: string;
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
