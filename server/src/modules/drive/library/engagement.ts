import { COMMENT_MAX, type Comment, type MineRow } from '@school/common/api';
import { sql, type AliasedSelectQueryBuilder, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, badRequest, forbidden, notFound, orNotFound } from '../../../http/errors.js';
import { countRows, onPage, type Paging } from '../../../db/paging.js';
import { displayTime, iso, type Clock } from '../../../time.js';
import { fileRow, type ListQuery } from './file-rows.js';
import type { DriveListing } from './listing.js';
import { shareUrl } from '../shares/share-rows.js';
import type { DriveResources } from './resources.js';
import type { Viewer } from '../disk/space.js';

/** A person's record of a file (a favourite, a download, a share), as the lists read it. */
interface RecordRow {
  resourceId: number;
  recordId: number;
  recordAt: string;
  shareCode: string | null;
}

export const NO_COMMENTS = '该文件暂时无法评论';
export const ALREADY_LIKED = '已经点过赞了';

/** The address a download opens (the file under the resource's own name). */
export const downloadUrl = (resourceId: number) => `/api/resources/file/${resourceId}?download=1`;

/**
 * What each person does with files they may see: like once, collect and
 * uncollect, comment, download (counted once a day per person, and kept in
 * their history), share (issue 19: shares.ts). The
 * counters change in one statement each, never read-modify-write.
 */
export class DriveEngagement {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly resources: DriveResources,
    private readonly listing: DriveListing,
  ) {}

  async like(viewer: Viewer, resourceId: number): Promise<number> {
    await this.resources.get(resourceId, viewer);
    return inTransaction(this.db, async (trx) => {
      const added = await trx
        .insertInto('driveLike')
        .values({ resourceId, staffId: viewer.id, createdAt: iso(this.now()) })
        .onConflict((oc) => oc.columns(['resourceId', 'staffId']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError(409, ALREADY_LIKED);
      await trx
        .updateTable('driveResource')
        .set((eb) => ({ likeNum: eb('likeNum', '+', 1) }))
        .where('id', '=', resourceId)
        .execute();
      const row = await trx
        .selectFrom('driveResource')
        .select('likeNum')
        .where('id', '=', resourceId)
        .executeTakeFirstOrThrow();
      return row.likeNum;
    });
  }

  async favourite(viewer: Viewer, resourceId: number, on: boolean): Promise<void> {
    await this.resources.get(resourceId, viewer);
    await inTransaction(this.db, async (trx) => {
      if (on) {
        const added = await trx
          .insertInto('driveFavorite')
          .values({ resourceId, staffId: viewer.id, createdAt: iso(this.now()) })
          .onConflict((oc) => oc.columns(['staffId', 'resourceId']).doNothing())
          .executeTakeFirst();
        if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0)
          throw new AppError(409, '已经收藏过了');
      } else {
        const removed = await trx
          .deleteFrom('driveFavorite')
          .where('resourceId', '=', resourceId)
          .where('staffId', '=', viewer.id)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw new AppError(409, '尚未收藏该文件');
      }
      await trx
        .updateTable('driveResource')
        .set((eb) => ({ favoriteNum: eb('favoriteNum', on ? '+' : '-', 1) }))
        .where('id', '=', resourceId)
        .execute();
    });
  }

  async comments(
    viewer: Viewer,
    resourceId: number,
    paging: Paging,
  ): Promise<{ total: number; list: Comment[] }> {
    await this.resources.get(resourceId, viewer);
    const base = this.db.selectFrom('driveComment').where('resourceId', '=', resourceId);
    const [total, rows] = await Promise.all([
      countRows(base),
      base
        .innerJoin('staff', 'staff.id', 'driveComment.staffId')
        .select([
          'driveComment.id',
          'driveComment.staffId',
          'staff.name',
          'driveComment.content',
          'driveComment.createdAt',
        ])
        .orderBy('driveComment.id', 'desc')
        .$call(onPage(paging))
        .execute(),
    ]);
    return {
      total,
      list: rows.map((row) => ({
        resId: row.id,
        userId: row.staffId,
        userName: row.name,
        content: row.content,
        createDate: displayTime(row.createdAt),
        mine: row.staffId === viewer.id,
      })),
    };
  }

  async comment(viewer: Viewer, resourceId: number, content: string): Promise<number> {
    const text = content.trim();
    if (!text) throw badRequest('请输入评论内容');
    if ([...text].length > COMMENT_MAX) throw badRequest(`评论不能超过${COMMENT_MAX}个字`);
    const row = await this.resources.get(resourceId, viewer);
    if (row.isComment === '1') throw forbidden(NO_COMMENTS);
    const { id } = await this.db
      .insertInto('driveComment')
      .values({ resourceId, staffId: viewer.id, content: text, createdAt: iso(this.now()) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async deleteComment(viewer: Viewer, commentId: number): Promise<void> {
    const row = await orNotFound(
      this.db.selectFrom('driveComment').select(['id', 'staffId']).where('id', '=', commentId),
      '评论不存在或已删除',
    );
    if (row.staffId !== viewer.id) throw forbidden('只能删除自己的评论');
    await this.db.deleteFrom('driveComment').where('id', '=', commentId).execute();
  }

  /** A download: counted once per person and day, kept in their history; answers the address. */
  async download(viewer: Viewer, resourceId: number): Promise<string> {
    await this.resources.get(resourceId, viewer);
    const at = this.now();
    await inTransaction(this.db, async (trx) => {
      const added = await trx
        .insertInto('driveDownload')
        .values({
          resourceId,
          staffId: viewer.id,
          day: iso(at).slice(0, 10),
          createdAt: iso(at),
        })
        .onConflict((oc) => oc.columns(['resourceId', 'staffId', 'day']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx
          .updateTable('driveResource')
          .set((eb) => ({ downloadNum: eb('downloadNum', '+', 1) }))
          .where('id', '=', resourceId)
          .execute();
      } else {
        // Downloaded again today: back in the history if it had been removed from it.
        await trx
          .updateTable('driveDownload')
          .set({ hidden: 0, createdAt: iso(at) })
          .where('resourceId', '=', resourceId)
          .where('staffId', '=', viewer.id)
          .where('day', '=', iso(at).slice(0, 10))
          .execute();
      }
    });
    return downloadUrl(resourceId);
  }

  /** 我的收藏 / 我的下载 / 我的分享, newest first, the files the person may still see. */
  async mine(
    viewer: Viewer,
    kind: 'favorites' | 'downloads' | 'shares',
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: MineRow[] }> {
    // The person's records of this kind, as one shape: resource, record id, time, share code.
    const records = ((): AliasedSelectQueryBuilder<RecordRow, 'record'> => {
      const noCode = sql<string | null>`null`.as('shareCode');
      if (kind === 'favorites') {
        return this.db
          .selectFrom('driveFavorite')
          .where('staffId', '=', viewer.id)
          .select(['resourceId', 'id as recordId', 'createdAt as recordAt', noCode])
          .as('record');
      }
      if (kind === 'shares') {
        // A folder's links are listed by getMyFolderShares.
        return this.db
          .selectFrom('driveShare')
          .where('staffId', '=', viewer.id)
          .where('resourceId', 'is not', null)
          .select([
            'resourceId',
            'id as recordId',
            'createdAt as recordAt',
            sql<string | null>`share_code`.as('shareCode'),
          ])
          .$narrowType<{ resourceId: number }>()
          .as('record');
      }
      return this.db
        .selectFrom('driveDownload')
        .where('staffId', '=', viewer.id)
        .where('hidden', '=', 0)
        .select(['resourceId', 'id as recordId', 'createdAt as recordAt', noCode])
        .as('record');
    })();
    const base = this.listing
      .resources(viewer, query)
      .innerJoin(records, 'record.resourceId', 'driveResource.id');
    const [total, rows] = await Promise.all([
      countRows(base),
      base
        .selectAll('driveResource')
        .select([
          'staff.name as uploaderName',
          'record.recordId',
          'record.recordAt',
          'record.shareCode',
        ])
        .orderBy('record.recordId', 'desc')
        .$call(onPage(paging))
        .execute(),
    ]);
    return {
      total,
      list: rows.map((row) => {
        return {
          ...fileRow(row),
          resId: row.recordId,
          recordDate: displayTime(row.recordAt),
          shareUrl: row.shareCode ? shareUrl(row.id, row.shareCode) : null,
          shareCode: row.shareCode ?? null,
        };
      }),
    };
  }

  /** Removes records from the person's download history (the counts stay). */
  async hideDownloads(viewer: Viewer, recordIds: number[]): Promise<void> {
    if (recordIds.length === 0) throw badRequest('请选择文件');
    const rows = await this.db
      .selectFrom('driveDownload')
      .select(['id', 'staffId'])
      .where('id', 'in', recordIds)
      .execute();
    if (rows.some((row) => row.staffId !== viewer.id)) throw forbidden('只能操作自己的下载记录');
    if (rows.length !== recordIds.length) throw notFound('下载记录不存在或已删除');
    await this.db
      .updateTable('driveDownload')
      .set({ hidden: 1 })
      .where('id', 'in', recordIds)
      .execute();
  }
}
