import type { ReviewState } from '../../db/schema.js';
import type { AuthStaff } from '../auth/session.js';
import type { ReviewRow, ReviewWorkflow } from './workflow.js';

/**
 * Where the system wants an item it has just saved to stand (the demo seed,
 * the site importer, the test factories): waiting for review, sent back,
 * approved on or off the shelf, pinned. Approved and on the shelf unless told.
 */
export interface ReviewPlace {
  reviewState?: ReviewState;
  /** For an approved item: 1 on the shelf (the default), 0 off it. */
  ifShelves?: number;
  ifTop?: number;
}

/** Why an item sent back by the seed or a factory was sent back. */
const SENT_BACK = '请修改后再提交';

/**
 * Brings a saved item to `place` through the review workflow's own steps, as
 * people on the platform would: the author submits, the reviewer (a content
 * administrator) approves or sends back, shelves or takes off, and pins. Each
 * step is the workflow's: its rule, its version, its search entry and its log
 * row. A place the steps cannot reach from where the save left the item (an
 * administrator's new item is approved, so it cannot wait for review; nothing
 * goes back to draft) is a mistake of the caller's.
 */
export async function placeInReview<Row extends ReviewRow, State>(
  workflow: ReviewWorkflow<Row, State>,
  id: number,
  place: ReviewPlace,
  people: { author: AuthStaff; reviewer: AuthStaff; ip: string | null },
): Promise<void> {
  const { author, reviewer, ip } = people;
  const wanted = place.reviewState ?? 'approved';
  let row = await workflow.current(id);
  if (row.reviewState !== wanted) {
    if (wanted === 'draft' || row.reviewState === 'approved') {
      throw new Error(`cannot bring item ${id} from ${row.reviewState} to ${wanted}`);
    }
    if (row.reviewState !== 'submitted') await workflow.submit(id, author, ip);
    if (wanted === 'approved') await workflow.approve(id, reviewer, ip);
    if (wanted === 'rejected') await workflow.reject(id, SENT_BACK, reviewer, ip);
    row = await workflow.current(id);
  }
  const shelved = wanted === 'approved' ? (place.ifShelves ?? 1) : 0;
  if (row.ifShelves !== shelved) {
    await (shelved ? workflow.shelve(id, reviewer, ip) : workflow.unshelve(id, reviewer, ip));
  }
  if (place.ifTop !== undefined && row.ifTop !== place.ifTop) {
    await workflow.pin(id, place.ifTop ? 1 : 0, reviewer, ip);
  }
}
