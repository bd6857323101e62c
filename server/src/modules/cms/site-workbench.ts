import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/permissions.js';
import { iso, type Clock } from '../../time.js';
import { fileUrl } from '../file/service.js';
import { inTransaction } from '../news/service.js';
import {
  MOVE_NAMES,
  checkImageFile,
  checkLink,
  logSiteChange,
  reorder,
  type Direction,
  type SiteActor,
} from './site-common.js';

/** menuType of the spec: 1 the workbench, 2 the application centre. */
export type MenuType = 1 | 2;
export const MENU_NAMES: Record<MenuType, string> = { 1: '工作台', 2: '应用中心' };

export const WORKBENCH_GONE_MESSAGE = '该入口不存在或已删除';
const NAME_MAX = 64;

/** A save: no workbenchId creates (at the end of its list); fields left out keep their value. */
export interface WorkbenchInput {
  id?: number;
  menuType: MenuType;
  name: string;
  path: string;
  /** passthroughstatus: 1 opens through the signed hand-off, 0 directly. */
  passthrough?: number;
  /** null clears. */
  visitType?: number | null;
  /** null clears. */
  iconFileId?: number | null;
  enabled?: number;
  sort?: number;
}

type EntryRow = {
  id: number;
  menuType: number;
  name: string;
  path: string;
  passthrough: number;
  visitType: number | null;
  iconFileId: number | null;
  enabled: number;
  sort: number;
};

const COLUMNS = [
  'id',
  'menuType',
  'name',
  'path',
  'passthrough',
  'visitType',
  'iconFileId',
  'enabled',
  'sort',
] as const;

/** An entry as the intranet's home and the platform's list show it (the spec's names). */
function entryView(row: EntryRow) {
  return {
    workbenchId: row.id,
    menuType: row.menuType,
    workbenchName: row.name,
    workbenchPath: row.path,
    passthroughstatus: row.passthrough,
    visitType: row.visitType,
    iconFileId: row.iconFileId,
    illustrationnamePath: fileUrl(row.iconFileId),
    enabled: row.enabled,
    sort: row.sort,
  };
}

/**
 * The shortcuts of the staff home: the workbench (menuType 1) and the
 * application centre (2), kept by the administrator role (staffType 5).
 */
export class SiteWorkbench {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  /** Every entry of one list, disabled ones too, in the order the home shows them. */
  async list(menuType: MenuType, actor: SiteActor) {
    assertSiteAdmin(actor);
    return (await this.rowsOf(this.db, menuType)).map(entryView);
  }

  /** What the staff home shows: the enabled entries of one list, in order. */
  async menu(menuType: MenuType) {
    const rows = await this.db
      .selectFrom('workbenchItem')
      .select(COLUMNS)
      .where('menuType', '=', menuType)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const { workbenchId, workbenchName, workbenchPath, passthroughstatus, visitType } =
        entryView(row);
      const illustrationnamePath = fileUrl(row.iconFileId);
      return {
        workbenchId,
        workbenchName,
        workbenchPath,
        passthroughstatus,
        visitType,
        illustrationnamePath,
      };
    });
  }

  async save(input: WorkbenchInput, actor: SiteActor, ip: string | null): Promise<number> {
    assertSiteAdmin(actor);
    const current = input.id ? await this.row(input.id) : undefined;
    if (current && current.menuType !== input.menuType) {
      throw badRequest(`该入口属于${MENU_NAMES[current.menuType as MenuType]}，不能移到其他列表`);
    }
    const name = input.name.trim();
    if (!name) throw badRequest('请输入名称');
    if (name.length > NAME_MAX) throw badRequest(`名称不能超过${NAME_MAX}个字`);
    const path = checkLink(input.path, '链接地址');
    if (!path) throw badRequest('请输入链接地址');
    const iconFileId =
      input.iconFileId === undefined
        ? (current?.iconFileId ?? null)
        : await checkImageFile(this.db, input.iconFileId);
    const now = this.now();
    const fields = {
      name,
      path,
      passthrough: input.passthrough ?? current?.passthrough ?? 0,
      visitType: input.visitType === undefined ? (current?.visitType ?? null) : input.visitType,
      iconFileId,
      enabled: input.enabled ?? current?.enabled ?? 1,
      updatedAt: iso(now),
    };
    return inTransaction(this.db, async (trx) => {
      let id: number;
      if (current) {
        id = current.id;
        await trx
          .updateTable('workbenchItem')
          .set({ ...fields, sort: input.sort ?? current.sort })
          .where('id', '=', id)
          .execute();
      } else {
        const last = await trx
          .selectFrom('workbenchItem')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('menuType', '=', input.menuType)
          .executeTakeFirst();
        const created = await trx
          .insertInto('workbenchItem')
          .values({
            ...fields,
            menuType: input.menuType,
            sort: input.sort ?? Number(last?.sort ?? 0) + 1,
            createdAt: iso(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = created.id;
      }
      await logSiteChange(trx, actor, ip, {
        infoTable: 'T_WORKBENCH',
        objId: id,
        operType: current ? '修改' : '新增',
        at: now,
      });
      return id;
    });
  }

  async setEnabled(id: number, enabled: 0 | 1, actor: SiteActor, ip: string | null) {
    assertSiteAdmin(actor);
    await this.row(id);
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('workbenchItem')
        .set({ enabled, updatedAt: iso(now) })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound(WORKBENCH_GONE_MESSAGE);
      await logSiteChange(trx, actor, ip, {
        infoTable: 'T_WORKBENCH',
        objId: id,
        operType: enabled === 1 ? '启用' : '停用',
        at: now,
      });
    });
  }

  /** One place up or down in its list; answers the list in its new order. */
  async move(id: number, direction: Direction, actor: SiteActor, ip: string | null) {
    assertSiteAdmin(actor);
    const entry = await this.row(id);
    const menuType = entry.menuType as MenuType;
    const now = this.now();
    return inTransaction(this.db, async (trx) => {
      const changes = reorder(await this.rowsOf(trx, menuType), id, direction);
      for (const change of changes) {
        await trx
          .updateTable('workbenchItem')
          .set({ sort: change.sort })
          .where('id', '=', change.id)
          .execute();
      }
      await logSiteChange(trx, actor, ip, {
        infoTable: 'T_WORKBENCH',
        objId: id,
        operType: MOVE_NAMES[direction],
        at: now,
      });
      return (await this.rowsOf(trx, menuType)).map(entryView);
    });
  }

  async remove(id: number, actor: SiteActor, ip: string | null) {
    assertSiteAdmin(actor);
    await this.row(id);
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await trx.deleteFrom('workbenchItem').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(WORKBENCH_GONE_MESSAGE);
      await logSiteChange(trx, actor, ip, {
        infoTable: 'T_WORKBENCH',
        objId: id,
        operType: '删除',
        at: now,
      });
    });
  }

  private rowsOf(db: Kysely<Database>, menuType: MenuType) {
    return db
      .selectFrom('workbenchItem')
      .select(COLUMNS)
      .where('menuType', '=', menuType)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  private async row(id: number): Promise<EntryRow> {
    const row = await this.db
      .selectFrom('workbenchItem')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(WORKBENCH_GONE_MESSAGE);
    return row;
  }
}
