import { isContentAdmin, isSystemAdmin } from '../../http/roles.js';
import type { Kysely } from 'kysely';
import type { Database, ReviewState } from '../../db/schema.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';

/**
 * The platform's home: what waits for the person who opens it. Administrators
 * (isPower 1) see what waits for review across the school; everyone sees
 * their own drafts, items sent back and items scheduled to go live.
 */
export class CmsOverviewService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async overview(staff: AuthStaff) {
    const now = iso(this.now());
    const count = async (
      table: 'news' | 'video',
      where: { reviewState: ReviewState; own?: boolean },
    ) => {
      const row = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('deleted', '=', 0)
        .where('reviewState', '=', where.reviewState)
        .$if(Boolean(where.own), (qb) => qb.where('createStaff', '=', staff.id))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const scheduled = await this.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('deleted', '=', 0)
      .where('reviewState', '=', 'approved')
      .where('ifShelves', '=', 1)
      .where('shelvesDate', '>', now)
      .$if(!isContentAdmin(staff), (qb) => qb.where('createStaff', '=', staff.id))
      .executeTakeFirstOrThrow();
    const reviewer = isContentAdmin(staff);
    return {
      reviewer,
      newsToReview: reviewer ? await count('news', { reviewState: 'submitted' }) : 0,
      videosToReview: reviewer ? await count('video', { reviewState: 'submitted' }) : 0,
      myDrafts: await count('news', { reviewState: 'draft', own: true }),
      mySubmitted: await count('news', { reviewState: 'submitted', own: true }),
      myRejected:
        (await count('news', { reviewState: 'rejected', own: true })) +
        (await count('video', { reviewState: 'rejected', own: true })),
      scheduledNews: Number(scheduled.n),
      firstSteps: isSystemAdmin(staff) ? await this.firstSteps() : null,
    };
  }

  /** What a new school's administrator has done of the first steps the overview lists. */
  private async firstSteps() {
    const values = await this.db
      .selectFrom('sysParameter')
      .select(['code', 'value', 'pic'])
      .where('code', 'in', ['XXJC', 'XXBZ', 'ZTYS'])
      .execute();
    const set = (code: string, field: 'value' | 'pic') =>
      values.some((row) => row.code === code && Boolean(row[field]?.trim()));
    const staff = await this.db.selectFrom('staff').select('id').limit(2).execute();
    const imported = await this.db.selectFrom('siteImportRun').select('id').limit(1).execute();
    return {
      siteSettings: set('XXJC', 'value') && (set('XXBZ', 'pic') || set('ZTYS', 'value')),
      staffImport: staff.length > 1,
      siteImport: imported.length > 0,
    };
  }
}
