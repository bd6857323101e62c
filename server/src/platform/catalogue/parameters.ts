import type { Kysely, Selectable } from 'kysely';
import type { FileService } from '../files/service.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { assertSiteAdmin } from '../../http/roles.js';
import { type Clock } from '../../time.js';
import { fileUrl } from '../files/service.js';
import { inTransaction } from '../../db/transaction.js';
import { checkImageFile, checkLink, type Direction, type SiteActor } from './common.js';
import { PARAMETER_CODES, parameterCode } from './parameter-codes.js';
import { RowAdmin } from './rows.js';

export const PARAMETER_GONE_MESSAGE = '该参数不存在或已删除';
const NAME_MAX = 100;
const VALUE_MAX = 1000;

/** A save: no parameterId adds a row to the code; fields left out keep their value. */
export interface ParameterInput {
  id?: number;
  code: string;
  name: string;
  value?: string;
  /** '1' everyone, '2' isPower 1 only (site lists). */
  type?: string;
  /** A stored picture; null clears, undefined keeps what the row has. */
  picFileId?: number | null;
  sort?: number;
}

type ParameterRow = Selectable<Database['sysParameter']>;

const COLUMNS = ['id', 'code', 'value', 'name', 'type', 'pic', 'sort'] as const;

/** The stored file behind a picture the platform set (`/api/files/<id>`), if any. */
const picFileIdOf = (pic: string | null) => {
  const match = pic ? /^\/api\/files\/(\d+)$/.exec(pic) : null;
  return match ? Number(match[1]) : null;
};

function rowView(row: ParameterRow) {
  return {
    parameterId: row.id,
    parameteCode: row.code,
    parameteValue: row.value,
    parameterName: row.name,
    parameterType: row.type,
    pic: row.pic,
    picFileId: picFileIdOf(row.pic),
    sort: row.sort,
  };
}

/**
 * System parameters and external sites (sys_parameter), kept by the
 * administrator role (staffType 5). The public api/sysParameter calls read
 * the same table on every request, so a save shows at once.
 */
export class SiteParameters extends RowAdmin<ParameterRow> {
  constructor(
    db: Kysely<Database>,
    now: Clock,
    private readonly files: FileService,
  ) {
    super(db, now, {
      table: 'sysParameter',
      columns: COLUMNS,
      infoTable: 'T_PARAMETER',
      gone: PARAMETER_GONE_MESSAGE,
      assert: assertSiteAdmin,
    });
  }

  /**
   * Every parameter grouped by code, with what the code means: the codes the
   * site knows first (even when they have no rows), then added codes by name.
   */
  async list(actor: SiteActor) {
    assertSiteAdmin(actor);
    const rows = await this.db
      .selectFrom('sysParameter')
      .select(COLUMNS)
      .orderBy('code')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const added = [...new Set(rows.map((r) => r.code))]
      .filter((code) => !parameterCode(code).known)
      .sort();
    return [...PARAMETER_CODES.map((c) => c.code), ...added].map((code) => {
      const info = parameterCode(code);
      return {
        parameteCode: code,
        codeName: info.name,
        description: info.description,
        kind: info.kind,
        list: info.list,
        required: info.required,
        pictures: info.pictures,
        visibility: info.visibility,
        known: info.known,
        rows: rows.filter((r) => r.code === code).map(rowView),
      };
    });
  }

  async save(input: ParameterInput, actor: SiteActor, ip: string | null): Promise<number> {
    assertSiteAdmin(actor);
    const current = input.id ? await this.table.row(input.id) : undefined;
    const code = input.code.trim();
    if (current && current.code !== code) {
      throw badRequest('已有参数的编码不能修改，请在新编码下新增一行');
    }
    if (!/^[A-Z0-9_]{2,32}$/.test(code)) {
      throw badRequest('参数编码须为2到32位大写字母、数字或下划线');
    }
    const info = parameterCode(code);
    const name = input.name.trim();
    if (!name) throw badRequest('请输入参数名称');
    if (name.length > NAME_MAX) throw badRequest(`参数名称不能超过${NAME_MAX}个字`);
    let value = (input.value ?? current?.value ?? '').trim();
    if (value.length > VALUE_MAX) throw badRequest(`参数值不能超过${VALUE_MAX}个字`);
    if (info.kind === 'link') {
      value = checkLink(value, `${info.name}的地址`) ?? '';
      if (!value) throw badRequest(`请输入${info.name}的地址`);
    }
    const type = input.type ?? current?.type ?? '1';
    const pic =
      input.picFileId === undefined
        ? (current?.pic ?? null)
        : fileUrl(
            await checkImageFile(this.db, input.picFileId, {
              access: this.files.access,
              staff: actor,
              known: [picFileIdOf(current?.pic ?? null)],
            }),
          ) || null;

    const now = this.now();
    return inTransaction(this.db, async (trx) =>
      this.table.write(
        trx,
        { actor, ip, at: now },
        current,
        { name, value, type, pic, sort: input.sort ?? current?.sort },
        async () => {
          const siblings = await trx
            .selectFrom('sysParameter')
            .select(['id', 'sort'])
            .where('code', '=', code)
            .execute();
          if (!info.list && siblings.length > 0) {
            throw badRequest(`「${info.name}」只能有一行，请修改现有的一行`);
          }
          const last = Math.max(0, ...siblings.map((s) => s.sort));
          return { code, name, value, type, pic, sort: input.sort ?? last + 1 };
        },
      ),
    );
  }

  /** Deletes a row; the last row of a code the pages read stays. */
  override remove(id: number, actor: SiteActor, ip: string | null) {
    return this.table.remove(id, actor, ip, async (trx, row) => {
      const info = parameterCode(row.code);
      if (!info.required) return;
      // Touching the code's rows first makes two deletes of its last two rows take turns.
      await trx
        .updateTable('sysParameter')
        .set((eb) => ({ sort: eb.ref('sort') }))
        .where('code', '=', row.code)
        .execute();
      const { n } = await trx
        .selectFrom('sysParameter')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('code', '=', row.code)
        .executeTakeFirstOrThrow();
      if (Number(n) <= 1) {
        throw badRequest(`「${info.name}」（${row.code}）是网站正在使用的参数，不能删除，可以修改`);
      }
    });
  }

  /** One place up or down among the rows of its code; answers them in their new order. */
  async move(id: number, direction: Direction, actor: SiteActor, ip: string | null) {
    const rows = await this.table.move(id, direction, actor, ip, (row) => ({ code: row.code }));
    return rows.map(rowView);
  }
}
