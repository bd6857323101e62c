import type { Kysely, Selectable } from 'kysely';
import type { FileService } from '../../platform/files/service.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import { iso, type Clock } from '../../time.js';
import { fileUrl } from '../../platform/files/service.js';
import {
  checkImageFile,
  checkLink,
  type Direction,
  type SiteActor,
} from '../../platform/catalogue/common.js';
import { RowAdmin } from '../../platform/catalogue/rows.js';

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

type EntryRow = Omit<Selectable<Database['workbenchItem']>, 'createdAt' | 'updatedAt'>;

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
export class SiteWorkbench extends RowAdmin<EntryRow> {
  constructor(
    db: Kysely<Database>,
    now: Clock,
    private readonly files: FileService,
  ) {
    super(db, now, {
      table: 'workbenchItem',
      columns: COLUMNS,
      infoTable: 'T_WORKBENCH',
      gone: WORKBENCH_GONE_MESSAGE,
      assert: assertSiteAdmin,
      stamped: true,
    });
  }

  /** Every entry of one list, disabled ones too, in the order the home shows them. */
  async list(menuType: MenuType, actor: SiteActor) {
    assertSiteAdmin(actor);
    return (await this.table.rows(this.db, { menuType })).map(entryView);
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
    const current = input.id ? await this.table.row(input.id) : undefined;
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
        : await checkImageFile(this.db, input.iconFileId, {
            access: this.files.access,
            staff: actor,
            known: [current?.iconFileId],
          });
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
    return this.saveInGroup(
      { actor, ip, at: now },
      current,
      {
        group: { menuType: input.menuType },
        fields,
        sort: input.sort,
        created: { createdAt: iso(now) },
      },
      { first: 1 },
    );
  }

  setEnabled(id: number, enabled: 0 | 1, actor: SiteActor, ip: string | null) {
    return this.table.setEnabled(id, enabled, actor, ip);
  }

  /** One place up or down in its list; answers the list in its new order. */
  async move(id: number, direction: Direction, actor: SiteActor, ip: string | null) {
    const rows = await this.table.move(id, direction, actor, ip, (row) => ({
      menuType: row.menuType,
    }));
    return rows.map(entryView);
  }
}
