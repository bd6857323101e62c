import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import { type Clock } from '../../time.js';
import { inTransaction } from '../../db/transaction.js';
import {
  conflict,
  isUniqueViolation,
  type Direction,
  type SiteActor,
} from '../../platform/catalogue/common.js';
import { RowAdmin } from '../../platform/catalogue/rows.js';

/**
 * The dictionaries of the teaching drive (intranet.md §3): RESOURCES_TYPE, the
 * kinds of resource (lesson plan, courseware, ...), and RESOURCES_FILE_TYPE,
 * the file formats whose values 2-9 choose the list icons.
 */
export const DICTIONARY_CODES = ['RESOURCES_TYPE', 'RESOURCES_FILE_TYPE'] as const;
export type DictionaryCode = (typeof DICTIONARY_CODES)[number];
export const DICTIONARY_NAMES: Record<DictionaryCode, string> = {
  RESOURCES_TYPE: '资源类型',
  RESOURCES_FILE_TYPE: '文件格式',
};

export const DICTIONARY_GONE_MESSAGE = '该字典项不存在或已删除';
const NAME_MAX = 100;
const VALUE_MAX = 64;

/** A save: no dicId adds a value at the end of its dictionary; fields left out keep theirs. */
export interface DictionaryInput {
  id?: number;
  code: DictionaryCode;
  name: string;
  value: string;
  enabled?: number;
  sort?: number;
}

type ItemRow = Selectable<Database['dictionaryItem']>;

const COLUMNS = ['id', 'dicCode', 'dicName', 'dicValue', 'enabled', 'sort'] as const;

const itemView = (row: ItemRow) => ({
  dicId: row.id,
  dicCode: row.dicCode,
  dicName: row.dicName,
  dicValue: row.dicValue,
  enabled: row.enabled,
  sort: row.sort,
});

const duplicate = (value: string) => conflict(`字典值“${value}”已存在，请换一个`);

/**
 * Values of the dictionaries, kept by the administrator role (staffType 5);
 * every logged-in staff member reads the enabled ones (the drive's filters).
 * A value is unique within its dictionary. (The drive stores values in its
 * resources; once it does, a value in use should be disabled, not deleted.)
 */
export class SiteDictionaries extends RowAdmin<ItemRow> {
  constructor(db: Kysely<Database>, now: Clock) {
    super(db, now, {
      table: 'dictionaryItem',
      columns: COLUMNS,
      infoTable: 'T_DICTIONARY',
      gone: DICTIONARY_GONE_MESSAGE,
      assert: assertSiteAdmin,
    });
  }

  /** Every value of a dictionary, disabled ones too, in order. */
  async list(code: DictionaryCode, actor: SiteActor) {
    assertSiteAdmin(actor);
    return (await this.table.rows(this.db, { dicCode: code })).map(itemView);
  }

  /** What the drive's pickers offer: the enabled values, in order. */
  async values(code: string) {
    return this.db
      .selectFrom('dictionaryItem')
      .select(['dicName', 'dicValue'])
      .where('dicCode', '=', code)
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  async save(input: DictionaryInput, actor: SiteActor, ip: string | null): Promise<number> {
    assertSiteAdmin(actor);
    const current = input.id ? await this.table.row(input.id) : undefined;
    if (current && current.dicCode !== input.code) {
      throw badRequest('字典项不能移到其他字典');
    }
    const name = input.name.trim();
    if (!name) throw badRequest('请输入字典名称');
    if (name.length > NAME_MAX) throw badRequest(`字典名称不能超过${NAME_MAX}个字`);
    const value = input.value.trim();
    if (!value) throw badRequest('请输入字典值');
    if (value.length > VALUE_MAX) throw badRequest(`字典值不能超过${VALUE_MAX}个字`);
    const now = this.now();
    try {
      return await inTransaction(this.db, async (trx) => {
        const same = await trx
          .selectFrom('dictionaryItem')
          .select('id')
          .where('dicCode', '=', input.code)
          .where('dicValue', '=', value)
          .executeTakeFirst();
        if (same && same.id !== current?.id) throw duplicate(value);
        const fields = {
          dicName: name,
          dicValue: value,
          enabled: input.enabled ?? current?.enabled ?? 1,
        };
        return this.table.writeInGroup(
          trx,
          { actor, ip, at: now },
          current,
          { group: { dicCode: input.code }, fields, sort: input.sort },
          { first: 1 },
        );
      });
    } catch (err) {
      // Two saves of the same value at once: the unique index refuses the second.
      if (isUniqueViolation(err)) throw duplicate(value);
      throw err;
    }
  }

  setEnabled(id: number, enabled: 0 | 1, actor: SiteActor, ip: string | null) {
    return this.table.setEnabled(id, enabled, actor, ip);
  }

  /** One place up or down in its dictionary; answers the dictionary in its new order. */
  async move(id: number, direction: Direction, actor: SiteActor, ip: string | null) {
    const rows = await this.table.move(id, direction, actor, ip, (row) => ({
      dicCode: row.dicCode,
    }));
    return rows.map(itemView);
  }
}
