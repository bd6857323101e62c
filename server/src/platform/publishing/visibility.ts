import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { canManage } from '../../http/roles.js';
import { notFound, unauthorized } from '../../http/errors.js';
import type { AuthStaff } from '../auth/session.js';
import { iso } from '../../time.js';

export const STAFF_ONLY_MESSAGE = '该内容仅限校内访问，请先登录';
export const NEWS_GONE_MESSAGE = '内容不存在或已下架';

/**
 * What the public may see of reviewed items, in one place: the news lists,
 * the search and the rule of who may read a stored file all ask these.
 */

/**
 * A news item the public list shows at `now`: on the shelf, approved, not
 * deleted, and due (its shelves date has come: a later date publishes it by
 * itself). `now` is a time or its ISO text. The audience (enableType) is the
 * caller's to add.
 */
export const listedNews = (now: Date | string) => (eb: ExpressionBuilder<Database, 'news'>) =>
  eb.and([
    eb('news.deleted', '=', 0),
    eb('news.ifShelves', '=', 1),
    eb('news.checkStatus', '=', 1),
    eb('news.shelvesDate', '<=', typeof now === 'string' ? now : iso(now)),
  ]);

/** A video the lists show: on the shelf, approved, not deleted. The audience is the caller's. */
export const listedVideo = (eb: ExpressionBuilder<Database, 'video'>) =>
  eb.and([
    eb('video.deleted', '=', 0),
    eb('video.ifShelves', '=', 1),
    eb('video.checkStatus', '=', 1),
  ]);

/** A video anyone may watch: for everyone, and listed. */
export const publicVideo = (eb: ExpressionBuilder<Database, 'video'>) =>
  eb.and([eb('video.enableType', '=', 1), listedVideo(eb)]);

/** What `assertReadable` reads of an item (news, sub-news, video). */
export type ReadableRow = {
  id: number;
  enableType: number;
  deleted: number;
  ifShelves: number;
  checkStatus: number;
  createStaff: number | null;
  /** News only: the public reads an item once this date has come. */
  shelvesDate?: string;
};

/** Whether an item is released: not deleted, on the shelf and approved (whatever its date). */
export const isReleased = (row: Pick<ReadableRow, 'deleted' | 'ifShelves' | 'checkStatus'>) =>
  row.deleted === 0 && row.ifShelves === 1 && row.checkStatus === 1;

/**
 * Whether an item is on the portal at `now`: not deleted, on the shelf,
 * approved and due (an author's or administrator's preview of anything else
 * counts no views).
 */
export function isListed(row: ReadableRow, now?: Date): boolean {
  const due = row.shelvesDate === undefined || !now || row.shelvesDate <= iso(now);
  return isReleased(row) && due;
}

/**
 * Whether the caller may read an item: listed and due at `now` (or their own
 * to manage), and staff for staff-only items.
 */
export function assertReadable(
  row: ReadableRow | undefined,
  staff: AuthStaff | null,
  now?: Date,
): asserts row is ReadableRow {
  if (!row || row.deleted === 1) throw notFound(NEWS_GONE_MESSAGE);
  if (!isListed(row, now) && !(staff && canManage(staff, row.createStaff)))
    throw notFound(NEWS_GONE_MESSAGE);
  if (row.enableType !== 1 && !staff) throw unauthorized(STAFF_ONLY_MESSAGE);
}
