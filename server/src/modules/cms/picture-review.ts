import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { isContentAdmin } from '../../http/roles.js';
import type { HandoffTarget } from '../../platform/auth/handoff-service.js';
import type { TodoPart } from '../../platform/todo/counts.js';

/**
 * 图片审核, the picture review of intranet.md (the staff home's to-do block and
 * hand-off 22): the picture sets and video sets (news of newcontenttype 2, 3)
 * and the videos waiting for a content administrator's review. It happens on
 * the platform's news list, filtered to them.
 */
export const PIC_REVIEW_URL = '/cms/news?reviewState=submitted&media=1';
export const PIC_REVIEW_REFUSAL = '只有管理员可以审核图片';

/** The staff home's to-do part: for content administrators (isPower 1), picNum and picUrl. */
export const pictureReviewTodo =
  (db: Kysely<Database>): TodoPart =>
  async (staff) =>
    isContentAdmin(staff) ? { picNum: await waiting(db), picUrl: PIC_REVIEW_URL } : {};

/** How many wait for review. */
async function waiting(db: Kysely<Database>): Promise<number> {
  const sets = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted', '=', 0)
    .where('reviewState', '=', 'submitted')
    .where('contentKind', 'in', [2, 3])
    .executeTakeFirstOrThrow();
  const videos = await db
    .selectFrom('video')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deleted', '=', 0)
    .where('reviewState', '=', 'submitted')
    .executeTakeFirstOrThrow();
  return Number(sets.n) + Number(videos.n);
}

/** Hand-off 22: the review list, for content administrators (isPower 1) only. */
export const pictureReviewHandoff: HandoffTarget = async (_item, staff) => {
  if (!isContentAdmin(staff)) throw forbidden(PIC_REVIEW_REFUSAL);
  return PIC_REVIEW_URL;
};
