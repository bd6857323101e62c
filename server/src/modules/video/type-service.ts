import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, orNotFound } from '../../http/errors.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { tableLog } from '../../platform/oplog/service.js';

/** The operation log's name for video categories. */
export const T_VIDEO_TYPE = 'T_VIDEO_TYPE';
export const VIDEO_TYPE_GONE_MESSAGE = '视频分类不存在';

export interface VideoTypeInput {
  typeId?: number;
  typeName: string;
  /** Position in the video centre's titles; a new category goes last when left out. */
  sort?: number;
}

/**
 * The categories of the video centre, for administrators (isPower 1). Ids are
 * fixed numbers that links carry (no sequence): a new one takes the largest
 * id plus one. All categories are top level (parentId 0), as the video centre
 * asks for them.
 */
export class CmsVideoTypeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Every category in the video centre's order, with how many videos use it. */
  async list(staff: AuthStaff) {
    assertContentAdmin(staff);
    const rows = await this.db
      .selectFrom('videoType')
      .select((eb) => [
        'videoType.id',
        'videoType.name',
        'videoType.parentId',
        'videoType.sort',
        eb
          .selectFrom('video')
          .select((sub) => sub.fn.countAll<number>().as('c'))
          .whereRef('video.typeId', '=', 'videoType.id')
          .where('video.deleted', '=', 0)
          .as('videoCount'),
      ])
      .orderBy('videoType.sort')
      .orderBy('videoType.id')
      .execute();
    return rows.map((row) => ({
      typeId: row.id,
      typeName: row.name,
      parentId: row.parentId,
      sort: row.sort,
      videoCount: Number(row.videoCount ?? 0),
    }));
  }

  /** Creates (no typeId) or renames / reorders a category; answers its typeId. */
  async save(input: VideoTypeInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    const name = input.typeName.trim();
    if (!name) throw badRequest('请输入分类名称');
    const sameName = await this.db
      .selectFrom('videoType')
      .select('id')
      .where('name', '=', name)
      .$if(input.typeId !== undefined, (qb) => qb.where('id', '!=', input.typeId!))
      .executeTakeFirst();
    if (sameName) throw badRequest('已有同名的视频分类');

    if (input.typeId !== undefined) {
      const typeId = input.typeId;
      const current = await orNotFound(
        this.db.selectFrom('videoType').select(['id', 'sort']).where('id', '=', typeId),
        VIDEO_TYPE_GONE_MESSAGE,
      );
      await inTransaction(this.db, async (trx) => {
        await trx
          .updateTable('videoType')
          .set({ name, sort: input.sort ?? current.sort })
          .where('id', '=', typeId)
          .execute();
        await this.log(trx, staff, ip, typeId, '修改');
      });
      return typeId;
    }

    // Two administrators adding at once may pick the same id: the later one tries the next.
    for (let attempt = 0; attempt < 5; attempt++) {
      const created = await inTransaction(this.db, async (trx) => {
        const top = await trx
          .selectFrom('videoType')
          .select((eb) => [
            eb.fn.max<number | null>('id').as('maxId'),
            eb.fn.max<number | null>('sort').as('maxSort'),
          ])
          .executeTakeFirstOrThrow();
        const typeId = Number(top.maxId ?? 0) + 1;
        const result = await trx
          .insertInto('videoType')
          .values({
            id: typeId,
            name,
            parentId: 0,
            sort: input.sort ?? Number(top.maxSort ?? -1) + 1,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        await this.log(trx, staff, ip, typeId, '新增');
        return typeId;
      });
      if (created !== null) return created;
    }
    throw new AppError(409, '内容刚被他人修改，请刷新后重试');
  }

  /**
   * Deletes a category no video uses. Deleted videos that still name it move
   * to another category first (they are shown nowhere, but the table keeps
   * them for the operation log).
   */
  async remove(typeId: number, staff: AuthStaff, ip: string | null): Promise<void> {
    assertContentAdmin(staff);
    await orNotFound(
      this.db.selectFrom('videoType').select('id').where('id', '=', typeId),
      VIDEO_TYPE_GONE_MESSAGE,
    );
    await inTransaction(this.db, async (trx) => {
      const uses = await trx
        .selectFrom('video')
        .select(['deleted', (eb) => eb.fn.countAll<number>().as('n')])
        .where('typeId', '=', typeId)
        .groupBy('deleted')
        .execute();
      const live = Number(uses.find((u) => u.deleted === 0)?.n ?? 0);
      if (live > 0) {
        throw badRequest(`该分类下还有${live}个视频，请先将它们移到其他分类或删除后再删除分类`);
      }
      if (uses.length > 0) {
        const other = await trx
          .selectFrom('videoType')
          .select('id')
          .where('id', '!=', typeId)
          .orderBy('sort')
          .orderBy('id')
          .executeTakeFirst();
        if (!other) throw badRequest('至少需要保留一个视频分类');
        await trx
          .updateTable('video')
          .set({ typeId: other.id })
          .where('typeId', '=', typeId)
          .where('deleted', '=', 1)
          .execute();
      }
      await trx.deleteFrom('videoType').where('id', '=', typeId).execute();
      await this.log(trx, staff, ip, typeId, '删除');
    }).catch((err: unknown) => {
      // A video saved into the category at the same moment keeps it.
      if (isForeignKeyError(err)) throw new AppError(409, '内容刚被他人修改，请刷新后重试');
      throw err;
    });
  }

  private readonly log = tableLog(T_VIDEO_TYPE, () => this.now());
}

/** A row still refers to the one being deleted (PostgreSQL 23503, SQLite's FOREIGNKEY constraint). */
function isForeignKeyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
