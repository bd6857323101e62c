import type { FileService } from '../../platform/files/service.js';
import type { Kysely } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database, SocietyTable } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { SOCIETY_CATEGORIES } from './service.js';
import { assertPictures, pageWithPictures } from '../../platform/files/pictures.js';
import { RowAdmin } from '../../platform/catalogue/rows.js';

export const SOCIETY_GONE_MESSAGE = '该社团不存在或已被删除';
export const SOCIETY_CATEGORY_MESSAGE = '请选择社团类别（1 到 6）';
const NAME_MAX = 100;

export interface SocietySaveInput {
  associationId?: number;
  associationName: string;
  /** 1-6, see SOCIETY_CATEGORIES. */
  associationType: number;
  logoFileId?: number | null;
  picFileId?: number | null;
  sort?: number;
  enabled?: number;
}

const COLUMNS = ['id', 'name', 'category', 'logoFileId', 'picFileId', 'enabled', 'sort'] as const;

type SocietyRow = Pick<
  SocietyTable,
  'name' | 'category' | 'logoFileId' | 'picFileId' | 'enabled' | 'sort'
> & { id: number };

/**
 * The student societies of media channel 9 (api/news/getSocietyList): name,
 * one of the six categories, a logo for the grid and a large picture for the
 * dialog, both required since the page shows both. Administrators only;
 * every change is one transaction with its T_SOCIETY operation-log row.
 */
export class SocietyAdmin extends RowAdmin<SocietyRow> {
  constructor(
    db: Kysely<Database>,
    now: Clock,
    private readonly files: FileService,
  ) {
    super(db, now, {
      table: 'society',
      columns: COLUMNS,
      infoTable: 'T_SOCIETY',
      gone: SOCIETY_GONE_MESSAGE,
      assert: assertContentAdmin,
    });
  }

  async list(filter: { category?: number; keyword?: string }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const keyword = filter.keyword?.trim();
    const base = this.db
      .selectFrom('society')
      .$if(filter.category !== undefined, (qb) => qb.where('category', '=', filter.category!))
      .$if(Boolean(keyword), (qb) => qb.where(containsText('name', keyword!)));
    const { total, rows, picture } = await pageWithPictures(
      this.db,
      base,
      paging,
      (query) => query.select(COLUMNS).orderBy('category').orderBy('sort').orderBy('id'),
      (row) => [row.logoFileId, row.picFileId],
    );
    return {
      total,
      list: rows.map((row) => {
        const logo = picture(row.logoFileId);
        const pic = picture(row.picFileId);
        return {
          associationId: row.id,
          associationName: row.name,
          associationType: row.category,
          associationTypeName: SOCIETY_CATEGORIES[row.category] ?? '',
          logoFileId: row.logoFileId,
          associationLog: logo.url,
          logoThumbUrl: logo.thumbUrl,
          picFileId: row.picFileId,
          associationPic: pic.url,
          picThumbUrl: pic.thumbUrl,
          enabled: row.enabled,
          sort: row.sort,
        };
      }),
    };
  }

  /** Creates (no associationId) or edits a society; answers its id. */
  async save(input: SocietySaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    const current = input.associationId ? await this.table.row(input.associationId) : undefined;
    const name = input.associationName?.trim() ?? '';
    if (!name) throw badRequest('请输入社团名称');
    if (name.length > NAME_MAX) throw badRequest(`社团名称不能超过${NAME_MAX}个字`);
    if (!SOCIETY_CATEGORIES[input.associationType]) throw badRequest(SOCIETY_CATEGORY_MESSAGE);
    const kept = (value: number | null | undefined, previous: number | null | undefined) =>
      value === undefined ? (previous ?? null) : value || null;
    const logoFileId = kept(input.logoFileId, current?.logoFileId);
    const picFileId = kept(input.picFileId, current?.picFileId);
    await assertPictures(
      this.db,
      [
        { fileId: logoFileId, label: '社团标志', required: true },
        { fileId: picFileId, label: '社团图片', required: true },
      ],
      { access: this.files.access, staff, known: [current?.logoFileId, current?.picFileId] },
    );
    const category = input.associationType;
    const enabled = input.enabled ?? current?.enabled ?? 1;
    return this.saveInGroup(
      { actor: staff, ip, at: this.now() },
      current,
      { group: { category }, fields: { name, logoFileId, picFileId, enabled }, sort: input.sort },
      { first: 0, strict: true },
    );
  }

  /** Shows (1) or hides (0) a society; no change and no log row when it already is so. */
  async setEnabled(associationId: number, enabled: number, staff: AuthStaff, ip: string | null) {
    await this.table.setEnabled(associationId, enabled, staff, ip, true);
    return { associationId, enabled };
  }
}
