import type { AuthStaff } from '../auth/session.js';
import type { FileOwnerTable } from './uses.js';

/** A record that an item uses a file (file_use): its table and the item's id. */
export interface FileUseRecord {
  infoTable: string;
  objId: number;
}

/**
 * An area's rule on who may read the stored files its items use, beyond
 * "staff only" (FileService.isStaffOnly). Areas register theirs
 * (Area.fileGuards), so the platform never imports an area.
 *
 * Rules add up (FileService.refusalFor): a reader may read a file when any
 * item over it lets them — a mail they hold, a drive file they may see, or an
 * item no guard governs (a news item, a staff photo; isStaffOnly decided
 * those). A file attached to a mail and kept in the drive is read by the
 * mail's people and by those who may see the drive file, nobody else.
 */
export interface FileGuard {
  /** The file-use tables whose files this rule governs. */
  tables: readonly FileOwnerTable[];
  /** Whether `reader` may read the file through one of `uses` (its records in `tables`). */
  allows(reader: AuthStaff, uses: FileUseRecord[], fileId: number): Promise<boolean>;
  /** What a reader it does not let in is told. */
  refusal: string;
}
