import type { Kysely } from 'kysely';
import { pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { liveOrNotFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertCanManage, canManage } from '../../http/roles.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { writeOperLog } from '../../platform/oplog/service.js';
import { NEWS_GONE_MESSAGE } from '../../platform/publishing/visibility.js';
import { displayTime, type Clock } from '../../time.js';
import { filesOf } from './queries.js';
import { loadSubjectAuthors } from './subject-save.js';

/** The special topic of a sub-news, as the caller may read it (404 or 401 otherwise). */
type ReadableTopic<T> = (newId: number, staff: AuthStaff | null) => Promise<T>;

/**
 * The sub-news of special topics as the public pages read and delete them: a
 * sub-news is readable exactly when its topic is.
 */
export class SubjectNewsReader<Topic extends { typeId: number; createStaff: number | null }> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly readableTopic: ReadableTopic<Topic>,
    private readonly now: Clock,
  ) {}

  async list(newId: number, staff: AuthStaff | null, paging: Paging) {
    await this.readableTopic(newId, staff);
    const base = this.db
      .selectFrom('subjectNews')
      .where('newsId', '=', newId)
      .where('deleted', '=', 0);
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select(['id', 'newsId', 'title', 'statusDate', 'createdAt', 'flowerCount', 'viewCount'])
          .orderBy('sort')
          .orderBy('statusDate', 'desc')
          .orderBy('id', 'desc'),
      (row) => ({
        subjectNewId: row.id,
        newId: row.newsId,
        newsTitle: row.title,
        statusDate: displayTime(row.statusDate),
        createDate: displayTime(row.createdAt),
        flowerCount: row.flowerCount,
        viewCount: row.viewCount,
      }),
    );
  }

  /** A sub-news the caller may read (through its special topic). */
  async readable(subjectNewId: number, staff: AuthStaff | null) {
    const row = await liveOrNotFound(
      this.db
        .selectFrom('subjectNews')
        .select(['id', 'newsId', 'deleted', 'createStaff'])
        .where('id', '=', subjectNewId),
      NEWS_GONE_MESSAGE,
    );
    const parent = await this.readableTopic(row.newsId, staff);
    return { ...row, parent };
  }

  async detail(subjectNewId: number, staff: AuthStaff | null) {
    const { parent } = await this.readable(subjectNewId, staff);
    const row = await this.db
      .selectFrom('subjectNews')
      .selectAll()
      .where('id', '=', subjectNewId)
      .executeTakeFirstOrThrow();
    return {
      subjectNewId: row.id,
      newId: row.newsId,
      typeId: parent.typeId,
      newsTitle: row.title,
      newsContent: row.content,
      newcontenttype: row.contentKind,
      source: row.source,
      releaseUser: row.releaseUser,
      createStaff: row.createStaff,
      parentCreateStaff: parent.createStaff,
      viewCount: row.viewCount,
      flowerCount: row.flowerCount,
      statusDate: displayTime(row.statusDate),
      createDate: displayTime(row.createdAt),
      ...(await filesOf(this.db, row.newsId, row.id)),
    };
  }

  /** A sub-news goes with the rights on its special topic, or its own creator. */
  async remove(subjectNewId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    const row = await loadSubjectAuthors(this.db, subjectNewId);
    if (!canManage(staff, row.createStaff)) assertCanManage(staff, row.parentStaff);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subjectNews')
        .set({ deleted: 1 })
        .where('id', '=', subjectNewId)
        .execute();
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: 'T_SUBJECT_NEWS',
        objId: subjectNewId,
        operType: '删除',
        ip,
        at: this.now(),
      });
    });
  }
}
