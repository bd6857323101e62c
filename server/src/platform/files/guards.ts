import type { Kysely } from 'kysely';
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
 * use (FileAccess: the public side is one query over all kinds). Every kind
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
