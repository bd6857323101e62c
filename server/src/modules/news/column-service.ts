import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../../platform/oplog/service.js';

export interface ColumnChange {
  typeId: number;
  typeName?: string;
  teacherOpen?: 0 | 1;
  sort?: number;
}

/**
 * The news columns (typeId) are fixed numbers that pages, links and the specs
 * use, so they are neither added nor removed here. An administrator renames
 * them, orders them within their parent, and decides which columns teachers
 * may post to. Parent columns only group others: no list shows their own
 * items, so they stay closed to teachers.
 */
export class CmsColumnService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async list(staff: AuthStaff) {
    assertContentAdmin(staff);
    const rows = await this.rows(this.db);
    const parents = new Set(rows.map((row) => row.parentId));
    const counts = await this.db
      .selectFrom('news')
      .select(['typeId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted', '=', 0)
      .groupBy('typeId')
      .execute();
    const byType = new Map(counts.map((c) => [c.typeId, Number(c.n)]));
    return rows.map((row) => ({
      typeId: row.id,
      typeName: row.name,
      parentId: row.parentId,
      sort: row.sort,
      teacherOpen: row.teacherOpen,
      isParent: parents.has(row.id),
      newsCount: byType.get(row.id) ?? 0,
    }));
  }

  async save(change: ColumnChange, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    return inTransaction(this.db, async (trx) => {
      const rows = await this.rows(trx);
      const row = rows.find((r) => r.id === change.typeId);
      if (!row) throw notFound('栏目不存在');
      const name = change.typeName?.trim();
      if (change.typeName !== undefined && !name) throw badRequest('请输入栏目名称');
      if (
        name &&
        rows.some((r) => r.id !== row.id && r.parentId === row.parentId && r.name === name)
      ) {
        throw new AppError(409, `同一上级栏目下已有名为「${name}」的栏目`);
      }
      const isParent = rows.some((r) => r.parentId === row.id);
      if (change.teacherOpen === 1 && isParent) {
        throw badRequest('上级栏目只用来归类，不能向教师开放');
      }
      const changes = {
        ...(name ? { name } : {}),
        ...(change.teacherOpen !== undefined ? { teacherOpen: change.teacherOpen } : {}),
        ...(change.sort !== undefined ? { sort: change.sort } : {}),
      };
      // An UPDATE with nothing to set is not SQL: a call that changes nothing is bad input.
      if (!Object.keys(changes).length) throw badRequest('请填写要修改的栏目名称、排序或开放设置');
      await trx.updateTable('newsType').set(changes).where('id', '=', row.id).execute();
      await writeOperLog(trx, {
        staffId: staff.id,
        staffName: staff.name,
        infoTable: 'T_COLUMN',
        objId: row.id,
        operType: '修改',
        ip,
        at: this.now(),
      });
      return { typeId: row.id };
    });
  }

  private rows(db: Kysely<Database>) {
    return db
      .selectFrom('newsType')
      .select(['id', 'name', 'parentId', 'sort', 'teacherOpen'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }
}
