import type { AuthStaff } from '../auth/session.js';
import { newReviewState, type ContentSave, type ReadItem, type SaveOptions } from './save.js';

/**
 * The rules of a save's fields that every authored kind shares: how a text
 * field left out keeps its value, whose name an item is bylined with, how
 * the item as read and its writer are handed to the content path, and what
 * a new reviewed item starts as.
 */

/** A text field of a save: left out keeps the item's, blank is none, otherwise trimmed. */
export function keptText(
  value: string | null | undefined,
  previous: string | null | undefined,
): string | null {
  return (value === undefined ? previous : value)?.trim() || null;
}

/**
 * An item's byline: the one given (or kept), else the writer's name. A byline
 * the system gives as none stays none (the old site's items).
 */
export function bylineOf(
  given: string | null | undefined,
  previous: string | null | undefined,
  staff: AuthStaff,
  onBehalf: boolean,
): string | null {
  return keptText(given, previous) ?? (onBehalf && given === null ? null : staff.name);
}

/** Who saves, from where, when and as which log entry: what the content path records of a save. */
export function savedBy(
  staff: AuthStaff,
  ip: string | null,
  now: Date,
  options: Pick<SaveOptions<unknown>, 'operType' | 'onBehalf'>,
): Pick<ContentSave<unknown>, 'staff' | 'ip' | 'now' | 'operType' | 'onBehalf'> {
  return { staff, ip, now, operType: options.operType, onBehalf: options.onBehalf };
}

/** An authored row as a save read it: its first version is its author's (by byline), made `at`. */
export function readItem<D>(
  row: { id: number; version: number; createStaff: number | null; releaseUser?: string | null },
  draft: D,
  at: string,
): ReadItem<D> {
  return {
    id: row.id,
    version: row.version,
    draft,
    original: { staffId: row.createStaff, staffName: row.releaseUser ?? '', at },
  };
}

/**
 * The columns a new reviewed item (news, a video) starts with: an
 * administrator's approved, a teacher's a draft; off the shelf, not on top,
 * unread.
 */
export function newReviewedColumns(staff: AuthStaff, at: string) {
  const reviewState = newReviewState(staff);
  return {
    createStaff: staff.id,
    reviewState,
    checkStatus: reviewState === 'approved' ? 1 : 0,
    reviewNote: null,
    ifShelves: 0,
    ifTop: 0,
    deleted: 0,
    viewCount: 0,
    flowerCount: 0,
    createdAt: at,
    updatedAt: at,
  };
}
