import type { Kysely } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { isContentAdmin } from '../../http/roles.js';
import { iso } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import type { FileService } from '../files/service.js';
import { writeOperLog } from '../oplog/service.js';
import { keepRevision, type RevisionAuthor } from './revisions.js';
import { CONCURRENT_MESSAGE } from './workflow.js';

/**
 * The one save path of authored content (news, sub-news, videos,
 * introduction pages, people, magazines). A kind declares where it lives and
 * how it is reviewed (ContentKind); a save gives the item as it was read, the
 * new fields and the kind's own writes. Whatever creates or changes an item
 * (the platform, the site importer, the demo seed, the test factories) comes
 * through here, so each of these happens once per save. The platform, in one
 * transaction:
 *
 * 1. claims the row at the version the editor read it at (the edit form's
 *    `version`, or the one this save read): an UPDATE that bumps `version`
 *    only where it still has that value, so a concurrent change answers 409
 *    and nothing is written;
 * 2. sends a teacher's edit back to draft, off the shelf (the item's own
 *    review, or the review of the item it belongs to: a sub-news' topic);
 * 3. writes the kind's fields and rows, records the files the fields use
 *    (checking the writer may read them), brings the search entry in line;
 * 4. writes the operation-log row and keeps the version (the item as it was
 *    before, too, on its first change).
 */

/** The tables of authored items: each has an integer `version` (migrations 0022, 0047). */
export type ContentTable = 'news' | 'subjectNews' | 'video' | 'introPage' | 'person' | 'magazine';

/** The operation log's, the file uses' and the versions' name of each kind's table. */
export type ContentInfoTable =
  'T_NEWS' | 'T_SUBJECT_NEWS' | 'TF_VIDEO' | 'T_WWFZ' | 'T_FMSM' | 'T_MAGAZINE';

/** The tables holding a review: `reviewState`, `checkStatus`, `ifShelves`. */
export type ReviewedTable = 'news' | 'video';

/** A content kind's declaration. */
export interface ContentKind {
  table: ContentTable;
  infoTable: ContentInfoTable;
  /** Whether rows are deleted by a flag (deleted 1): a save never writes into a deleted item. */
  softDeleted: boolean;
  /**
   * Where the item's review lives: its own row (news, videos), the row of the
   * item it is part of (`parentOf`: a sub-news' special topic), or nowhere
   * (introduction pages and people, which only administrators write).
   */
  review: {
    table: ReviewedTable;
    parentOf?: (trx: Kysely<Database>, id: number) => Promise<number>;
  } | null;
}

/** The item as the save read it. */
export interface ReadItem<D> {
  id: number;
  version: number;
  draft: D;
  /** Who made the item as it was before its first version, and when (its first version's author). */
  original: RevisionAuthor;
}

export interface ContentSave<D> {
  /** The item being changed, as read; none creates. */
  current?: ReadItem<D>;
  /** The version the editor read the item at (the edit form's); none: as `current` was read. */
  version?: number;
  draft: D;
  staff: AuthStaff;
  ip: string | null;
  now: Date;
  operType: string;
  /** See SaveOptions.onBehalf: the files are recorded without the writer's read rule. */
  onBehalf?: boolean;
  /** The stored files the draft's fields use (body links, cover): recorded as the item's. */
  uses: ReadonlyArray<number | null | undefined>;
  files: FileService;
  /** A rule that reads other rows (one page per type), inside the transaction. */
  check?(trx: Kysely<Database>): Promise<void>;
  /** Creates the item (a teacher's in draft: see `newReviewState`); answers its id. */
  insert(trx: Kysely<Database>, draft: D): Promise<number>;
  /** Writes the draft's fields and the kind's own rows (its files) into the claimed item. */
  update(trx: Kysely<Database>, id: number, draft: D): Promise<void>;
  /** Brings the item's search entry in line with the row (kinds the search finds). */
  reindex?(trx: Kysely<Database>, id: number): Promise<void>;
}

/** What a kind's save function takes beside its fields and its writer. */
export interface SaveOptions<D> {
  /** The log row's words: 新增, 修改, 恢复版本. */
  operType: string;
  /** A version being restored: the files it held may come back. */
  trusted?: D;
  /**
   * The system saves in the author's name (the demo seed, the site importer,
   * the test factories): the same rows as the author's own save (version,
   * review state, log row, version kept), but the author's rights are not
   * asked: the column need not be open to them, and the files are the
   * system's to vouch for (not their uploads, not checked by the read rule).
   */
  onBehalf?: boolean;
  /** When the save happens, for the seed's items of the past; the clock's now otherwise. */
  at?: Date;
  /** A transaction of the caller's that the save joins (the importer's, with its map row). */
  db?: Kysely<Database>;
}

/**
 * What the seed, the importer and the factories add to a kind's platform
 * save (`save(input, staff, ip, system)`); the platform's routes pass none.
 */
export type SystemSave = Pick<SaveOptions<unknown>, 'onBehalf' | 'at' | 'db'>;

/** The answer to a save (or step) that lost against a concurrent change. */
export const concurrentChange = () => new AppError(409, CONCURRENT_MESSAGE);

/** Where a new reviewed item starts: an administrator's is approved, a teacher's a draft. */
export function newReviewState(staff: AuthStaff): ReviewState {
  return isContentAdmin(staff) ? 'approved' : 'draft';
}

/** What a teacher's edit does to the review: back to draft, off the shelf, off the portal. */
export const BACK_TO_DRAFT = { reviewState: 'draft', checkStatus: 0, ifShelves: 0 } as const;

/** The columns the save path reads and writes on every authored table. */
interface ClaimedRow {
  id: number;
  version: number;
  deleted: number;
  reviewState: ReviewState;
  checkStatus: number;
  ifShelves: number;
}
type ClaimedTables = Record<ContentTable, ClaimedRow>;

/**
 * Takes the item at `version`: bumps its version where it still has that
 * value (and is not deleted), sending it back to draft when `backToDraft`.
 * 409 when another write came first.
 */
async function claim(
  trx: Kysely<Database>,
  kind: ContentKind,
  id: number,
  version: number,
  backToDraft: boolean,
) {
  // The tables differ in their other columns; these few every authored table has
  // (deleted and the review ones only where the kind says so).
  const rows = trx as unknown as Kysely<ClaimedTables>;
  const result = await rows
    .updateTable(kind.table)
    .set((eb) => ({ version: eb('version', '+', 1), ...(backToDraft ? BACK_TO_DRAFT : {}) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .$if(kind.softDeleted, (qb) => qb.where('deleted', '=', 0))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw concurrentChange();
}

/** A teacher's change to a part of a reviewed item (a sub-news): the item goes back to draft. */
async function sendParentBack(trx: Kysely<Database>, table: ReviewedTable, id: number) {
  const rows = trx as unknown as Kysely<ClaimedTables>;
  await rows
    .updateTable(table)
    .set((eb) => ({ version: eb('version', '+', 1), ...BACK_TO_DRAFT }))
    .where('id', '=', id)
    .execute();
}

/** Saves an item of `kind` along the one content path; answers its id. */
export function saveContent<D>(
  db: Kysely<Database>,
  kind: ContentKind,
  save: ContentSave<D>,
): Promise<number> {
  const { current, draft, staff, now } = save;
  if (current && save.version !== undefined && save.version !== current.version) {
    throw concurrentChange();
  }
  const teacher = !isContentAdmin(staff);
  const review = kind.review;
  return inTransaction(db, async (trx) => {
    await save.check?.(trx);
    let id: number;
    if (current) {
      id = current.id;
      const ownReview = Boolean(review && !review.parentOf);
      await claim(trx, kind, id, save.version ?? current.version, teacher && ownReview);
      await save.update(trx, id, draft);
    } else {
      id = await save.insert(trx, draft);
    }
    if (teacher && review?.parentOf) {
      await sendParentBack(trx, review.table, await review.parentOf(trx, id));
    }
    await save.files.recordUses(
      trx,
      save.onBehalf ? 'system' : staff,
      kind.infoTable,
      id,
      save.uses,
    );
    await save.reindex?.(trx, id);
    await writeOperLog(trx, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable: kind.infoTable,
      objId: id,
      operType: save.operType,
      ip: save.ip,
      at: now,
    });
    const by = { staffId: staff.id, staffName: staff.name, at: iso(now) };
    await keepRevision(
      trx,
      kind.infoTable,
      id,
      { draft, by },
      current && { draft: current.draft, by: current.original },
    );
    return id;
  });
}
