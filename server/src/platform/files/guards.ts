import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileOwnerTable } from './uses.js';

/** A record that an item uses a file (file_use, news_file, video_file): its kind and the item's id. */
export interface FileUseRecord {
  infoTable: string;
  objId: number;
}

/**
 * An area's rule on which logged-in staff may read the stored files its items
 * use (the public side is the areas' FileUses, asked in one query). Every kind
 * of use has exactly one guard, registered by the area that owns the items
 * (Area.fileGuards), so the platform never imports an area; a kind without
 * one stops the start.
 *
 * Rules add up: a reader may read a file when any item over it lets them — a
 * mail they hold, a drive file they may see, a draft they wrote. A file
 * attached to a mail and kept in the drive is read by the mail's people and
 * by those who may see the drive file, nobody else.
 */
export interface FileGuard {
  /** The kinds of use whose files this rule governs. */
  tables: readonly FileOwnerTable[];
  /**
   * Whether `reader` may read the file through one of `uses` (its records of
   * these kinds). `db` is the handle to ask: a transaction when a save checks
   * its writer.
   */
  allows(
    reader: AuthStaff,
    uses: FileUseRecord[],
    /** null for a file of the old site, opened by its path. */
    fileId: number | null,
    db: Kysely<Database>,
  ): Promise<boolean>;
  /** What a reader it does not let in is told. */
  refusal: string;
}

/**
 * What the public side of the read rule may use of the file it asks about, inside its one
 * query: stand-ins for the file's id, its address and the time (the query is compiled once
 * and run with each file), and the file_use rows of one kind over the file.
 */
export interface PublicFileQuery {
  eb: ExpressionBuilder<Database, never>;
  fileId: number;
  /** `/api/files/<id>`, as columns that name a picture by its address hold it. */
  url: string;
  /** The ISO time now, for items that become public at a date. */
  now: string;
  /** The file_use rows of `infoTable` over the file, to join an area's items to. */
  uses(infoTable: FileOwnerTable): SelectQueryBuilder<Database, 'fileUse', object>;
}

/** An old-site item listing a file by its path (`/upload/…`), and whether the public reads it. */
export interface LegacyFileUse extends FileUseRecord {
  public: boolean;
}

/**
 * What an area tells the read rule about the files its items use (Area.fileUses), so that
 * FileAccess knows none of its tables: where its items name a file besides file_use, which
 * of those items the public may read, and which items list an old-site file by its path.
 * Its guards decide for staff; this decides for everyone.
 */
export interface FileUses {
  /** The uses its own columns and link tables hold (file_use rows are read by the platform). */
  named?(db: Kysely<Database>, fileId: number): Promise<FileUseRecord[]>;
  /**
   * Conditions, each true when an item the public may read uses the file. All areas'
   * conditions are or-ed into one query that stops at the first public item.
   */
  public?(file: PublicFileQuery): Array<Expression<SqlBool>>;
  /** The items that list an old-site file by one of `paths`. */
  legacy?(db: Kysely<Database>, paths: string[], now: string): Promise<LegacyFileUse[]>;
}
