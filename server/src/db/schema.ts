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
  storedFile: StoredFileTable;
  news: NewsTable;
  newsRevision: NewsRevisionTable;
  subjectNews: SubjectNewsTable;
  newsFile: NewsFileTable;
  flower: FlowerTable;
  footprint: FootprintTable;
  videoType: VideoTypeTable;
  video: VideoTable;
  videoFile: VideoFileTable;
  magazineSeries: MagazineSeriesTable;
  magazine: MagazineTable;
  introPage: IntroPageTable;
  person: PersonTable;
  society: SocietyTable;
  banner: BannerTable;
  searchDoc: SearchDocTable;
  handoffTicket: HandoffTicketTable;
  rollingNotice: RollingNoticeTable;
  workbenchItem: WorkbenchItemTable;
  dictionaryItem: DictionaryItemTable;
  contentRevision: ContentRevisionTable;
  fileUse: FileUseTable;
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
  /** 1: teachers may post here; 0: administrators (isPower 1) only. */
  teacherOpen: Generated<number>;
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

/** A file in storage, served by id (never by a path from the request). */
/** A file an item shows beyond its attachments and sets: body pictures, cover, PDF. */
export interface FileUseTable {
  fileId: number;
  /** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO or T_MAGAZINE. */
  infoTable: string;
  objId: number;
}

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
}

/** Where an item may be read: 1 everyone (portal), 2 logged-in staff only. */
export type Audience = 1 | 2;

export interface NewsTable {
  /** newId of the spec. */
  id: Generated<number>;
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

/** An item as it was saved once: JSON of its editable fields and files. */
export interface NewsRevisionTable {
  id: Generated<number>;
  newsId: number;
  staffId: number | null;
  staffName: string;
  createdAt: string;
  snapshot: string;
}

export interface SubjectNewsTable {
  /** subjectNewId of the spec. */
  id: Generated<number>;
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

/** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO: the tables of the operation log, likes and footprints. */
export type InfoTable = 'T_NEWS' | 'T_SUBJECT_NEWS' | 'TF_VIDEO';

export interface FlowerTable {
  id: Generated<number>;
  infoTable: InfoTable;
  objId: number;
  staffId: number;
  createdAt: string;
}

export interface FootprintTable {
  id: Generated<number>;
  infoTable: InfoTable;
  objId: number;
  staffId: number | null;
  staffName: string;
  roleId: number;
  ip: string | null;
  createdAt: string;
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
  seriesId: number;
  title: string;
  coverFileId: number | null;
  pdfFileId: number | null;
  enabled: number;
  createStaff: number | null;
  createdAt: string;
}

/** A page of the school introduction (the spec's wwfz). */
export interface IntroPageTable {
  /** wwfzId of the spec. */
  id: Generated<number>;
  wwfzType: number;
  title: string;
  enTitle: string | null;
  description: string;
  content: string;
  picFileId: number | null;
  enableType: number;
  sort: number;
  createdAt: string;
}

/** A person of the school's story (the spec's fmsm): principals, teachers, alumni, medals. */
export interface PersonTable {
  id: Generated<number>;
  fmsmType: number;
  subjectId: number | null;
  title: string;
  description: string;
  content: string;
  picFileId: number | null;
  post: string | null;
  plateType: string | null;
  brith: string | null;
  enableType: number;
  sort: number;
  createdAt: string;
}

export interface SocietyTable {
  id: Generated<number>;
  name: string;
  /** 1-6, see SOCIETY_CATEGORIES. */
  category: number;
  logoFileId: number | null;
  picFileId: number | null;
  enabled: number;
  sort: number;
}

export interface BannerTable {
  id: Generated<number>;
  /** 'home' carousel or a section 'cover'. */
  place: 'home' | 'cover';
  /** For covers: 5 media, 9 intro/pictures/video, 14 campus, 0 magazines. */
  typeId: number;
  imageFileId: number | null;
  title: string;
  linkUrl: string | null;
  enabled: number;
  sort: number;
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
}

/** A line of the intranet's scrolling notice ticker (rollingnewsTitle, newsUrl, shelvesDate). */
export interface RollingNoticeTable {
  id: Generated<number>;
  title: string;
  url: string | null;
  shelvesDate: string;
  enabled: Generated<number>;
  sort: Generated<number>;
  createStaff: number | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A shortcut of the staff home: menuType 1 workbench, 2 application centre;
 * passthrough 1 opens it through the signed hand-off (passthroughstatus),
 * with visitType when the target system wants one.
 */
export interface WorkbenchItemTable {
  id: Generated<number>;
  menuType: number;
  name: string;
  path: string;
  passthrough: Generated<number>;
  visitType: number | null;
  iconFileId: number | null;
  enabled: Generated<number>;
  sort: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** A value of a dictionary (RESOURCES_TYPE, RESOURCES_FILE_TYPE): dicName, dicValue. */
export interface DictionaryItemTable {
  id: Generated<number>;
  dicCode: string;
  dicName: string;
  dicValue: string;
  enabled: Generated<number>;
  sort: Generated<number>;
}

/** A saved version of an authored item other than news (videos, introduction pages, people, ...). */
export interface ContentRevisionTable {
  id: Generated<number>;
  infoTable: string;
  objId: number;
  staffId: number | null;
  staffName: string;
  createdAt: string;
  snapshot: string;
}

export type Staff = Selectable<StaffTable>;
export type NewStaff = Insertable<StaffTable>;
export type StaffUpdate = Updateable<StaffTable>;
export type Session = Selectable<SessionTable>;
