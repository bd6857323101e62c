import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound, orNotFound } from '../../http/errors.js';
import { iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { inTransaction } from '../../db/transaction.js';
import { writeOperLog } from '../oplog/service.js';
import { MOVE_NAMES, reorder, type Direction, type ReorderOptions } from './common.js';

/**
 * An ordered list of rows in one table, as the intranet settings (rolling
 * notices, workbench entries, parameters, dictionaries) and the showcase
 * (banners, societies) keep them: find a row or answer its gone-message,
 * read a group in order, and enable, move or delete a row in one
 * transaction with its operation-log row.
 */

export type RowTableName =
  'rollingNotice' | 'workbenchItem' | 'sysParameter' | 'dictionaryItem' | 'banner' | 'society';

export type RowInfoTable =
  'T_NOTICE' | 'T_WORKBENCH' | 'T_PARAMETER' | 'T_DICTIONARY' | 'T_BANNER' | 'T_SOCIETY';

export interface RowTableSpec {
  table: RowTableName;
  columns: readonly string[];
  infoTable: RowInfoTable;
  /** The 404 message when the row is not there (any more). */
  gone: string;
  /** Who may change the rows: throws for anyone else (assertSiteAdmin, assertContentAdmin). */
  assert: (actor: AuthStaff) => void;
  /** The table has an updatedAt that enabling stamps. */
  stamped?: boolean;
}

/** The rows of one list: column = value for each column that groups them. */
export type Group = Record<string, string | number>;

/** Who changes, from where, when: what the operation-log row records. */
export interface Change {
  actor: AuthStaff;
  ip: string | null;
  at: Date;
}

/** The tables seen loosely, so that one helper queries any of them by name. */
interface LooseRow {
  id: Generated<number>;
  sort: Generated<number>;
  enabled: Generated<number>;
  updatedAt: Generated<string>;
  [column: string]: unknown;
}
type LooseDb = Record<RowTableName, LooseRow>;
const loose = (db: Kysely<Database>) => db as unknown as Kysely<LooseDb>;

export class RowTable<Row extends { id: number; sort: number }> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly spec: RowTableSpec,
  ) {}

  /** The row, or a 404 with the table's gone-message. */
  async row(id: number): Promise<Row> {
    const row = await orNotFound(
      loose(this.db).selectFrom(this.spec.table).select(this.spec.columns).where('id', '=', id),
      this.spec.gone,
    );
    return row as unknown as Row;
  }

  /** The rows of one group, in order (sort, then id). */
  async rows(db: Kysely<Database>, group: Group): Promise<Row[]> {
    const rows = await loose(db)
      .selectFrom(this.spec.table)
      .select(this.spec.columns)
      .$call((qb) =>
        Object.entries(group).reduce((q, [col, value]) => q.where(col, '=', value), qb),
      )
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows as unknown as Row[];
  }

  /** The sort after the group's last row; `empty` for an empty group. */
  async nextSort(db: Kysely<Database>, group: Group, empty: number): Promise<number> {
    const { last } = await loose(db)
      .selectFrom(this.spec.table)
      .select((eb) => eb.fn.max('sort').as('last'))
      .$call((qb) =>
        Object.entries(group).reduce((q, [col, value]) => q.where(col, '=', value), qb),
      )
      .executeTakeFirstOrThrow();
    return last === null || last === undefined ? empty : Number(last) + 1;
  }

  /** The operation-log row of a change; pass the change's transaction. */
  log(db: Kysely<Database>, change: Change, objId: number, operType: string): Promise<void> {
    return writeOperLog(db, {
      staffId: change.actor.id,
      staffName: change.actor.name,
      infoTable: this.spec.infoTable,
      objId,
      operType,
      ip: change.ip,
      at: change.at,
    });
  }

  /**
   * A save's write: updates `current` with `changes`, or inserts `created()`
   * when there is none, and logs 修改 or 新增; answers the row's id. `strict`
   * answers the gone-message when the row went away meanwhile.
   */
  async write(
    trx: Kysely<Database>,
    change: Change,
    current: Row | undefined,
    changes: Record<string, unknown>,
    created: () => Record<string, unknown> | Promise<Record<string, unknown>>,
    strict = false,
  ): Promise<number> {
    let id: number;
    if (current) {
      id = current.id;
      const result = await loose(trx)
        .updateTable(this.spec.table)
        .set(changes)
        .where('id', '=', id)
        .executeTakeFirst();
      if (strict && Number(result.numUpdatedRows) === 0) throw notFound(this.spec.gone);
    } else {
      ({ id } = await loose(trx)
        .insertInto(this.spec.table)
        .values(await created())
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    await this.log(trx, change, id, current ? '修改' : '新增');
    return id;
  }

  /**
   * A save's write of a row in its group (`group`: the grouping columns'
   * values, written too): the row keeps its place unless `sort` is given; a
   * new row, or one moved to another group, goes last (`first` in an empty
   * group). A new row also takes the `created` columns. See `write` for
   * `strict`.
   */
  async writeInGroup(
    trx: Kysely<Database>,
    change: Change,
    current: Row | undefined,
    save: {
      group: Group;
      fields: Record<string, unknown>;
      sort?: number;
      created?: Record<string, unknown>;
    },
    options: { first: number; strict?: boolean },
  ): Promise<number> {
    const { group } = save;
    const stored = current as unknown as Record<string, unknown> | undefined;
    const stays =
      stored !== undefined && Object.entries(group).every(([col, value]) => stored[col] === value);
    const sort =
      save.sort ??
      (stays && current ? current.sort : await this.nextSort(trx, group, options.first));
    const values = { ...save.fields, ...group, sort };
    return this.write(
      trx,
      change,
      current,
      values,
      () => ({ ...values, ...save.created }),
      options.strict,
    );
  }

  /**
   * Enables (1) or disables (0) a row with its 启用/停用 log row; with
   * `skipUnchanged`, a row already so is left as it is, with no log row.
   */
  async setEnabled(
    id: number,
    enabled: number,
    actor: AuthStaff,
    ip: string | null,
    skipUnchanged = false,
  ): Promise<void> {
    this.spec.assert(actor);
    const current = await this.row(id);
    if (skipUnchanged && (current as { enabled?: number }).enabled === enabled) return;
    const at = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await loose(trx)
        .updateTable(this.spec.table)
        .set(this.spec.stamped ? { enabled, updatedAt: iso(at) } : { enabled })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound(this.spec.gone);
      await this.log(trx, { actor, ip, at }, id, enabled === 1 ? '启用' : '停用');
    });
  }

  /**
   * Moves a row one place up or down within its group (`groupOf` the row),
   * renumbering the group as `reorder` says; answers the group in its new order.
   */
  async move(
    id: number,
    direction: Direction,
    actor: AuthStaff,
    ip: string | null,
    groupOf: (row: Row) => Group,
    options?: ReorderOptions,
  ): Promise<Row[]> {
    this.spec.assert(actor);
    const group = groupOf(await this.row(id));
    const at = this.now();
    return inTransaction(this.db, async (trx) => {
      for (const change of reorder(await this.rows(trx, group), id, direction, options)) {
        await loose(trx)
          .updateTable(this.spec.table)
          .set({ sort: change.sort })
          .where('id', '=', change.id)
          .execute();
      }
      await this.log(trx, { actor, ip, at }, id, MOVE_NAMES[direction]);
      return this.rows(trx, group);
    });
  }

  /** Deletes a row with its 删除 log row; `guard` may refuse first, in the transaction. */
  async remove(
    id: number,
    actor: AuthStaff,
    ip: string | null,
    guard?: (trx: Kysely<Database>, row: Row) => Promise<void>,
  ): Promise<void> {
    this.spec.assert(actor);
    const row = await this.row(id);
    const at = this.now();
    await inTransaction(this.db, async (trx) => {
      await guard?.(trx, row);
      const result = await loose(trx)
        .deleteFrom(this.spec.table)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(this.spec.gone);
      await this.log(trx, { actor, ip, at }, id, '删除');
    });
  }
}

/**
 * A service that keeps one table's rows (the intranet settings, the
 * showcase) through its RowTable; deleting is the table's own step. A
 * subclass adds its list, save, enable and move.
 */
export abstract class RowAdmin<Row extends { id: number; sort: number }> {
  protected readonly table: RowTable<Row>;

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly now: Clock,
    spec: RowTableSpec,
  ) {
    this.table = new RowTable(db, now, spec);
  }

  remove(id: number, actor: AuthStaff, ip: string | null): Promise<void> {
    return this.table.remove(id, actor, ip);
  }

  /** A save that is only the row's write (see RowTable.writeInGroup), in its own transaction. */
  protected saveInGroup(
    change: Change,
    current: Row | undefined,
    save: Parameters<RowTable<Row>['writeInGroup']>[3],
    options: Parameters<RowTable<Row>['writeInGroup']>[4],
  ): Promise<number> {
    return inTransaction(this.db, (trx) =>
      this.table.writeInGroup(trx, change, current, save, options),
    );
  }
}
