import type { TodoNum } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isContentAdmin } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { LeaveService } from './service.js';

/** Our list of the requests waiting for the viewer (the 待我审批 tab). */
export const LEAVE_TODO_URL = '/leave?tab=todo';
/** The platform's news list filtered to picture and video sets waiting for review. */
export const PIC_REVIEW_URL = '/cms/news?reviewState=submitted&media=1';

/**
 * The staff home's to-do counts: requests waiting for the viewer's decision,
 * and for content administrators (isPower 1) the picture sets, video sets
 * (newcontenttype 2, 3) and videos waiting for review.
 */
export class TodoService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly leave: LeaveService,
  ) {}

  async counts(staff: AuthStaff): Promise<TodoNum> {
    const power = isContentAdmin(staff);
    const [leaveNum, picNum] = await Promise.all([
      this.leave.todoCount(staff),
      power ? this.pictureReviews() : Promise.resolve(0),
    ]);
    return { leaveNum, picNum, leaveUrl: LEAVE_TODO_URL, picUrl: power ? PIC_REVIEW_URL : '' };
  }

  private async pictureReviews(): Promise<number> {
    const sets = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted', '=', 0)
      .where('reviewState', '=', 'submitted')
      .where('contentKind', 'in', [2, 3])
      .executeTakeFirstOrThrow();
    const videos = await this.db
      .selectFrom('video')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted', '=', 0)
      .where('reviewState', '=', 'submitted')
      .executeTakeFirstOrThrow();
    return Number(sets.n) + Number(videos.n);
  }
}
