import type { ColumnType, Generated } from 'kysely';

// The operation log, likes, footprints and saved revisions.

export interface OperLogTable {
  id: Generated<number>;
  staffId: number | null;
  staffName: string;
  /** T_NEWS, T_SUBJECT_NEWS, TF_VIDEO, ... */
  infoTable: string;
  objId: number;
  operType: string;
  ip: string | null;
  /** What the step was done despite (0024): the sensitive words an administrator confirmed. */
  note: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: ColumnType<string, string, never>;
}

/** A word the content administrators screen titles and bodies for (0024), stored normalised. */
export interface SensitiveWordTable {
  id: Generated<number>;
  word: string;
  /** block (禁止): a step with it is refused; warn (提醒): recorded, published with a reason (0045). */
  level: ColumnType<SensitiveLevel, SensitiveLevel | undefined, SensitiveLevel>;
  /** Raised by each change of the row, so a process sees the list changed (0045). */
  revision: ColumnType<number, number | undefined, number>;
  staffName: string | null;
  createdAt: string;
}

export type SensitiveLevel = 'block' | 'warn';

/** A phrase in which a listed word is not a hit (0045: 反赌博宣传), stored normalised. */
export interface AllowedPhraseTable {
  id: Generated<number>;
  phrase: string;
  staffName: string | null;
  createdAt: string;
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

/** One visitor's view of an item on one Beijing day (counted once). */
export interface ViewVisitTable {
  day: string;
  infoTable: InfoTable;
  objId: number;
  /** A hash of the visitor's key, never the address itself. */
  visitor: string;
}

/** A saved version of an authored item (news, sub-news, videos, introduction pages, people). */
export interface ContentRevisionTable {
  id: Generated<number>;
  infoTable: string;
  objId: number;
  staffId: number | null;
  staffName: string;
  createdAt: string;
  snapshot: string;
}
