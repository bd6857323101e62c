import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database, InfoTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import type { AuthStaff } from '../auth/session.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { staffVisitor } from './visitor.js';

/** The Beijing (UTC+8) calendar day of a moment, YYYY-MM-DD: the day views count in. */
const beijingDay = (date: Date) =>
  new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const TABLES = { T_NEWS: 'news', T_SUBJECT_NEWS: 'subjectNews', TF_VIDEO: 'video' } as const;

/**
 * Views (footprints) and likes of news, special-topic sub-news and videos.
 * Counters move in one statement in the database, never read-modify-write;
 * a like is kept once per item and person by a unique key.
 */
export class EngagementService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /**
   * One footprint for a logged-in view (the spec's call); the item's view
   * count goes up only when this reader has not been counted on it today
   * (the public view call counts them under the same key).
   */
  async recordView(
    infoTable: InfoTable,
    objId: number,
    staff: AuthStaff,
    ip: string | null,
  ): Promise<number> {
    await this.addFootprint(infoTable, objId, staff, ip);
    return (await this.countVisit(infoTable, objId, staffVisitor(staff.id))).viewCount;
  }

  /**
   * A view by one visitor (null: a crawler, not counted): the view count goes
   * up once per visitor, item and Beijing day. The visit row and the count
   * move in one transaction, and the row's unique key decides between two
   * views at the same moment. Answers the count after it.
   */
  async countVisit(
    infoTable: InfoTable,
    objId: number,
    visitor: string | null,
  ): Promise<{ viewCount: number; counted: boolean }> {
    if (!visitor) return { viewCount: await this.viewCount(infoTable, objId), counted: false };
    const day = beijingDay(this.now());
    await this.forgetDaysBefore(day);
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('viewVisit')
        .values({ day, infoTable, objId, visitor })
        .onConflict((oc) => oc.columns(['day', 'infoTable', 'objId', 'visitor']).doNothing())
        .returning('objId')
        .executeTakeFirst();
      if (!inserted)
        return { viewCount: await this.viewCount(infoTable, objId, trx), counted: false };
      return { viewCount: await this.countView(infoTable, objId, trx), counted: true };
    });
  }

  /** The day whose older visit rows this process last deleted. */
  private prunedBefore = '';

  /** Only today's visits decide anything: older days go once a day (per process). */
  private async forgetDaysBefore(day: string) {
    if (this.prunedBefore === day) return;
    this.prunedBefore = day;
    await this.db.deleteFrom('viewVisit').where('day', '<', day).execute();
  }

  private async viewCount(infoTable: InfoTable, objId: number, db: Kysely<Database> = this.db) {
    const row = await db
      .selectFrom(TABLES[infoTable])
      .select('viewCount')
      .where('id', '=', objId)
      .executeTakeFirst();
    return row?.viewCount ?? 0;
  }

  async addFootprint(
    infoTable: InfoTable,
    objId: number,
    staff: AuthStaff,
    ip: string | null,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await db
      .insertInto('footprint')
      .values({
        infoTable,
        objId,
        staffId: staff.id,
        staffName: staff.name,
        roleId: staff.staffType,
        ip,
        createdAt: iso(this.now()),
      })
      .execute();
  }

  async countView(infoTable: InfoTable, objId: number, db: Kysely<Database> = this.db) {
    const row = await db
      .updateTable(TABLES[infoTable])
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', objId)
      .returning('viewCount')
      .executeTakeFirst();
    return row?.viewCount ?? 0;
  }

  async footprints(infoTable: InfoTable, objId: number, paging: Paging) {
    const base = this.db
      .selectFrom('footprint')
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId);
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select(['staffId', 'staffName', 'roleId', 'ip', 'createdAt'])
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc'),
      (row) => ({
        userId: row.staffId,
        userName: row.staffName,
        roleId: row.roleId,
        landingtime: displayTime(row.createdAt),
        ipaccess: row.ip ?? '',
      }),
    );
  }

  async hasLiked(infoTable: InfoTable, objId: number, staffId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('flower')
      .select('id')
      .where('infoTable', '=', infoTable)
      .where('objId', '=', objId)
      .where('staffId', '=', staffId)
      .executeTakeFirst();
    return Boolean(row);
  }

  async flowerCount(infoTable: InfoTable, objId: number): Promise<number> {
    const row = await this.db
      .selectFrom(TABLES[infoTable])
      .select('flowerCount')
      .where('id', '=', objId)
      .executeTakeFirst();
    return row?.flowerCount ?? 0;
  }

  /** Likes once; a second like by the same person is refused with 409, however close the clicks. */
  async like(infoTable: InfoTable, objId: number, staff: AuthStaff): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('flower')
        .values({ infoTable, objId, staffId: staff.id, createdAt: iso(this.now()) })
        .onConflict((oc) => oc.columns(['infoTable', 'objId', 'staffId']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new AppError(409, '您已经点过赞了');
      const row = await trx
        .updateTable(TABLES[infoTable])
        .set((eb) => ({ flowerCount: eb('flowerCount', '+', 1) }))
        .where('id', '=', objId)
        .returning('flowerCount')
        .executeTakeFirstOrThrow();
      return row.flowerCount;
    });
  }
}
