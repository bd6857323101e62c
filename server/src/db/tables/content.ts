import type { ColumnType, Generated } from 'kysely';
import type { InfoTable } from './log.js';

// News, special topics, videos, magazines and the search index over them.

export interface NewsTypeTable {
  /** typeId of the spec: fixed numbers that pages and links use. */
  id: number;
  name: string;
  parentId: number;
  sort: number;
  /** 1: teachers may post here; 0: administrators (isPower 1) only. */
  teacherOpen: Generated<number>;
}

/** Where an item may be read: 1 everyone (portal), 2 logged-in staff only. */
export type Audience = 1 | 2;

export interface NewsTable {
  /** newId of the spec. */
  id: Generated<number>;
  /** Bumped by every write to the row: a save names the version it read (0022). */
  version: Generated<number>;
  typeId: number;
  title: string;
  description: string;
  /** Sanitised HTML. */
  content: string;
  /** 1 news, 2 notice, 3 pictures (the edit hand-off's visitType 12/13/14). */
  newsType: number;
  /** newcontenttype: 1 plain, 2 picture carousel, 3 video carousel. */
  contentKind: number;
  ifTop: number;
  /** schChange: 1 high school, 2 junior high, null for the whole school. */
  schChange: number | null;
  /** enableType, read as the audience. */
  enableType: number;
  ifShelves: number;
  /** 1 exactly when reviewState is 'approved', 0 otherwise: what the public rules read. */
  checkStatus: number;
  /** Where the item is in the content platform's review. */
  reviewState: Generated<ReviewState>;
  /** Why an administrator sent the item back (reviewState 'rejected'). */
  reviewNote: string | null;
  deleted: number;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  deptId: number | null;
  coverFileId: number | null;
  /** An item that stands for an outside page (banners, academy links). */
  linkUrl: string | null;
  viewCount: number;
  flowerCount: number;
  shelvesDate: string;
  statusDate: string;
  createdAt: string;
  updatedAt: string;
}

/** draft -> submitted -> approved, or sent back (rejected) and submitted again. */
export type ReviewState = 'draft' | 'submitted' | 'approved' | 'rejected';

export interface SubjectNewsTable {
  /** subjectNewId of the spec. */
  id: Generated<number>;
  /** Bumped by every write to the row: a save names the version it read (0022). */
  version: Generated<number>;
  /** The special-topic news it belongs to. */
  newsId: number;
  title: string;
  content: string;
  contentKind: number;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  deleted: number;
  sort: number;
  viewCount: number;
  flowerCount: number;
  statusDate: string;
  createdAt: string;
}

export type NewsFileRole = 'attachment' | 'image' | 'video';

export interface NewsFileTable {
  id: Generated<number>;
  newsId: number;
  subjectId: number | null;
  role: NewsFileRole;
  fileId: number | null;
  /** oldfile 1: a file of the old site, opened by its path. */
  legacyPath: string | null;
  fileName: string;
  caption: string | null;
  sort: number;
}

export interface VideoTypeTable {
  id: number;
  name: string;
  parentId: number;
  sort: number;
}

export interface VideoTable {
  /** videoId of the spec. */
  id: Generated<number>;
  /** Bumped by every write to the row: a save names the version it read (0022). */
  version: Generated<number>;
  typeId: number;
  newsId: number | null;
  title: string;
  content: string;
  coverFileId: number | null;
  source: string | null;
  releaseUser: string | null;
  createStaff: number | null;
  enableType: number;
  ifShelves: number;
  checkStatus: number;
  deleted: number;
  ifTop: number;
  viewCount: number;
  flowerCount: number;
  createdAt: string;
  updatedAt: string;
  reviewState: Generated<ReviewState>;
  reviewNote: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface VideoFileTable {
  id: Generated<number>;
  videoId: number;
  fileId: number;
  fileName: string;
  sort: number;
  createdAt: string;
}

export interface MagazineSeriesTable {
  id: number;
  name: string;
}

export interface MagazineTable {
  /** magazineId of the spec. */
  id: Generated<number>;
  /** Bumped by every write to the row: a save names the version it read (0047). */
  version: Generated<number>;
  seriesId: number;
  title: string;
  coverFileId: number | null;
  pdfFileId: number | null;
  enabled: number;
  createStaff: number | null;
  createdAt: string;
}

export interface SearchDocTable {
  id: Generated<number>;
  infoTable: InfoTable;
  objId: number;
  typeId: number;
  title: string;
  summary: string;
  ifTop: number;
  enableType: number;
  /** 1 when the item is on the shelf, approved and not deleted. */
  listed: number;
  docDate: string;
  /** News: newcontenttype (2 a picture set); 0 for videos. Filters the site search. */
  contentKind: Generated<number>;
  /** News: the campus (1 high school, 2 junior high), null for the whole school. */
  schChange: number | null;
  /** News: the publisher's name as written on the item. */
  releaseUser: string | null;
}

/**
 * What the private text index (platform/search/text-index.ts) holds: mails, drive files
 * (their ids; names and descriptions) and stored files' extracted texts (stored file ids).
 */
export type TextKind = 'mail' | 'drive' | 'file';
