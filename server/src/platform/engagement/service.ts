import { pageOf } from '../../db/paging.js';
import type { Kysely } from 'kysely';
import type { Database, InfoTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import type { AuthStaff } from '../auth/session.js';
import { displayTime, iso, type Clock } from '../../time.js';

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

  /** One footprint for a logged-in view, and the item's view count goes up by one. */
  async recordView(
    infoTable: InfoTable,
    objId: number,
    staff: AuthStaff,
    ip: string | null,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await this.addFootprint(infoTable, objId, staff, ip, trx);
      return this.countView(infoTable, objId, trx);
    });
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
