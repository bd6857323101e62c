import type { Generated } from 'kysely';

// Site settings and the school's showcase: parameters, introduction, people,
// societies, banners, notices, the staff workbench and dictionaries.

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

/** A page of the school introduction (the spec's wwfz). */
export interface IntroPageTable {
  /** wwfzId of the spec. */
  id: Generated<number>;
  /** Bumped by every write to the row: a save names the version it read (0022). */
  version: Generated<number>;
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
  /** Bumped by every write to the row: a save names the version it read (0022). */
  version: Generated<number>;
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
