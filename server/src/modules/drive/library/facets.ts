import type { FacetKind, FacetValue } from '@school/common/api';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { DriveFacetTable } from '../../../db/tables/drive.js';
import { inTransaction } from '../../../db/transaction.js';
import { badRequest, orNotFound } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { AuthStaff } from '../../../platform/auth/session.js';
import {
  conflict,
  isUniqueViolation,
  reorder,
  type Direction,
} from '../../../platform/catalogue/common.js';
import { tableLog } from '../../../platform/oplog/service.js';
import { iso, type Clock } from '../../../time.js';
import type { Viewer } from '../disk/space.js';
import { FACET_COLUMNS } from './facet-filter.js';

/** The names of the facets, as messages say them. */
export const FACET_LABELS: Record<FacetKind, string> = {
  stage: '学段',
  grade: '年级',
  subject: '学科',
  edition: '教材版本',
};

export const FACET_GONE = '该分面值不存在或已删除';

type FacetRow = Selectable<DriveFacetTable>;

/** Who changes the dictionary, and from where (the operation log's row). */
export interface FacetActor {
  staff: Pick<AuthStaff, 'id' | 'name' | 'isAdmin' | 'staffType'>;
  ip: string | null;
}

/**
 * The dictionary of the library's teaching facets (drive_facet, migration 0053): read by
 * everyone, kept by drive administrators (the routes' `driveAdmin` rule) — add, rename,
 * reorder, disable, delete an unused value. Each change writes an operation-log row and
 * raises the library's list version, so kept folder pages, searches and counts are read again.
 */
export class DriveFacets {
  private readonly log = tableLog('T_DRIVE_FACET', () => this.now());

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Every value in order (grades by their stage's order); drive administrators get use counts. */
  async list(viewer: Viewer): Promise<FacetValue[]> {
    const rows = await this.db
      .selectFrom('driveFacet')
      .selectAll()
      .orderBy('kind')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const uses = isDriveAdmin(viewer) ? await this.useCounts() : undefined;
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      parentId: row.parentId,
      sort: row.sort,
      enabled: row.enabled === 1,
      ...(uses ? { useNum: uses.get(row.id) ?? 0 } : {}),
    }));
  }

  /** Library files per value, each facet counted on its own index. */
  private async useCounts(): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const column of Object.values(FACET_COLUMNS)) {
      const rows = await this.db
        .selectFrom('driveResource')
        .select((eb) => [`${column} as id`, eb.fn.countAll<number>().as('n')])
        .where(column, 'is not', null)
        .where('ownerId', 'is', null)
        .groupBy(column)
        .execute();
      for (const row of rows) counts.set(Number(row.id), Number(row.n));
    }
    return counts;
  }

  /** A value by its id, or 404. */
  get(id: number, db: Kysely<Database> = this.db): Promise<FacetRow> {
    return orNotFound(db.selectFrom('driveFacet').selectAll().where('id', '=', id), FACET_GONE);
  }

  async add(
    actor: FacetActor,
    input: { kind: FacetKind; name: string; parentId?: number },
  ): Promise<number> {
    const name = input.name.trim();
    return this.change(async (trx) => {
      const parentId = input.kind === 'grade' ? await this.stageOf(trx, input.parentId) : null;
      const last = await trx
        .selectFrom('driveFacet')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .where('kind', '=', input.kind)
        .executeTakeFirst();
      const at = iso(this.now());
      const { id } = await trx
        .insertInto('driveFacet')
        .values({
          kind: input.kind,
          name,
          parentId,
          sort: Number(last?.sort ?? 0) + 1,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.log(trx, actor.staff, actor.ip, id, `新增${FACET_LABELS[input.kind]}：${name}`);
      return id;
    }, `${FACET_LABELS[input.kind]}“${name}”已存在`);
  }

  async edit(
    actor: FacetActor,
    id: number,
    input: { name?: string; enabled?: '0' | '1'; parentId?: number },
  ): Promise<void> {
    const name = input.name?.trim();
    await this.change(
      async (trx) => {
        const row = await this.get(id, trx);
        if (input.parentId !== undefined && row.kind !== 'grade') {
          throw badRequest('只有年级有所属学段');
        }
        const parentId =
          input.parentId !== undefined ? await this.stageOf(trx, input.parentId) : undefined;
        if (parentId !== undefined && parentId !== row.parentId) {
          const used = await this.usedBy(trx, row);
          if (used) throw conflict(`该年级已被${used}个文件使用，不能改变所属学段`);
        }
        await trx
          .updateTable('driveFacet')
          .set({
            ...(name ? { name } : {}),
            ...(input.enabled ? { enabled: input.enabled === '1' ? 1 : 0 } : {}),
            ...(parentId !== undefined ? { parentId } : {}),
            updatedAt: iso(this.now()),
          })
          .where('id', '=', id)
          .execute();
        const what = [
          name && name !== row.name ? `重命名为${name}` : '',
          input.enabled ? (input.enabled === '1' ? '启用' : '停用') : '',
          parentId !== undefined && parentId !== row.parentId ? '改变所属学段' : '',
        ].filter(Boolean);
        await this.log(
          trx,
          actor.staff,
          actor.ip,
          id,
          `修改${FACET_LABELS[row.kind]}“${row.name}”${what.length ? `：${what.join('，')}` : ''}`,
        );
      },
      name ? `该分面中已有“${name}”` : undefined,
    );
  }

  /** One place up or down among its kind (a grade among the grades of its stage). */
  async move(actor: FacetActor, id: number, direction: Direction): Promise<void> {
    await this.change(async (trx) => {
      const row = await this.get(id, trx);
      const siblings = await trx
        .selectFrom('driveFacet')
        .select(['id', 'sort'])
        .where('kind', '=', row.kind)
        .$if(row.kind === 'grade', (qb) => qb.where('parentId', '=', row.parentId!))
        .orderBy('sort')
        .orderBy('id')
        .execute();
      for (const moved of reorder(siblings, id, direction, { start: siblings[0]?.sort ?? 1 })) {
        await trx
          .updateTable('driveFacet')
          .set({ sort: moved.sort })
          .where('id', '=', moved.id)
          .execute();
      }
      const verb = direction === 'up' ? '上移' : '下移';
      await this.log(
        trx,
        actor.staff,
        actor.ip,
        id,
        `${verb}${FACET_LABELS[row.kind]}“${row.name}”`,
      );
    });
  }

  /** Deletes a value no library file uses (else 409: disable it instead), a stage without grades. */
  async remove(actor: FacetActor, id: number): Promise<void> {
    await this.change(async (trx) => {
      const row = await this.get(id, trx);
      const used = await this.usedBy(trx, row);
      if (used) {
        throw conflict(
          `${FACET_LABELS[row.kind]}“${row.name}”已被${used}个文件使用，不能删除；可以停用它，停用后不再供选择`,
        );
      }
      if (row.kind === 'stage') {
        const grade = await trx
          .selectFrom('driveFacet')
          .select('id')
          .where('parentId', '=', id)
          .executeTakeFirst();
        if (grade) throw conflict(`学段“${row.name}”下还有年级，请先删除或移走这些年级`);
      }
      await trx.deleteFrom('driveFacet').where('id', '=', id).execute();
      await this.log(trx, actor.staff, actor.ip, id, `删除${FACET_LABELS[row.kind]}“${row.name}”`);
    });
  }

  /** Files of the whole drive naming the value (a disk file may keep one from a copy). */
  private async usedBy(db: Kysely<Database>, row: FacetRow): Promise<number> {
    const column = FACET_COLUMNS[row.kind];
    const found = await db
      .selectFrom('driveResource')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', row.id)
      .executeTakeFirst();
    return Number(found?.n ?? 0);
  }

  /** A grade's stage: required, and a stage. */
  private async stageOf(db: Kysely<Database>, parentId: number | undefined): Promise<number> {
    if (!parentId) throw badRequest('请选择年级所属的学段');
    const stage = await db
      .selectFrom('driveFacet')
      .select(['id', 'kind'])
      .where('id', '=', parentId)
      .executeTakeFirst();
    if (!stage || stage.kind !== 'stage') throw badRequest('所属学段不存在，请重新选择');
    return stage.id;
  }

  /**
   * A change of the dictionary in one transaction, which also raises the library's list
   * version (`tree:lib`, the scope every kept library list and count is stamped with).
   * `duplicate`: the refusal when a name is taken in its kind.
   */
  private async change<T>(work: (trx: Kysely<Database>) => Promise<T>, duplicate?: string) {
    try {
      return await inTransaction(this.db, async (trx) => {
        const result = await work(trx);
        await raiseLibraryVersion(trx);
        return result;
      });
    } catch (err) {
      if (duplicate && isUniqueViolation(err)) throw conflict(duplicate);
      throw err;
    }
  }
}

/** Raises the library's folder version: every kept list and count of the library is read again. */
export async function raiseLibraryVersion(db: Kysely<Database>): Promise<void> {
  await sql`INSERT INTO drive_list_version (scope, version) VALUES ('tree:lib', 1)
    ON CONFLICT (scope) DO UPDATE SET version = drive_list_version.version + 1`.execute(db);
}
