import { pageOf } from '../../db/paging.js';
import type { Kysely, Selectable } from 'kysely';
import { containsText } from '../../db/like.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import { displayTime, iso, type Clock } from '../../time.js';
import { inTransaction } from '../../db/transaction.js';
import { checkLink, type SiteActor } from '../../platform/catalogue/common.js';
import { RowAdmin } from '../../platform/catalogue/rows.js';

export const NOTICE_GONE_MESSAGE = '该通知不存在或已删除';
const TITLE_MAX = 200;
/** The ticker shows a handful; more would never scroll past. */
const CURRENT_LIMIT = 20;

/** A save: no rollingnewsId creates; fields left out keep their value (or the default). */
export interface NoticeInput {
  id?: number;
  title: string;
  /** '' or null clears the link. */
  url?: string | null;
  shelvesDate?: Date;
  enabled?: number;
  sort?: number;
}

type NoticeRow = Omit<Selectable<Database['rollingNotice']>, 'createStaff'>;

const COLUMNS = [
  'id',
  'title',
  'url',
  'shelvesDate',
  'enabled',
  'sort',
  'createdAt',
  'updatedAt',
] as const;

/**
 * The intranet's rolling notices (the ticker of the staff pages): lines that
 * speak for the school, so administrators (isPower 1) keep them. A notice is
 * shown from its shelves date on, so one can be written ahead of time.
 */
export class SiteNotices extends RowAdmin<NoticeRow> {
  constructor(db: Kysely<Database>, now: Clock) {
    super(db, now, {
      table: 'rollingNotice',
      columns: COLUMNS,
      infoTable: 'T_NOTICE',
      gone: NOTICE_GONE_MESSAGE,
      assert: assertContentAdmin,
      stamped: true,
    });
  }

  async list(filter: { keyword?: string }, actor: SiteActor, paging: Paging) {
    assertContentAdmin(actor);
    const keyword = filter.keyword?.trim();
    const base = this.db
      .selectFrom('rollingNotice')
      .$if(Boolean(keyword), (qb) => qb.where(containsText('title', keyword!)));
    return pageOf(
      base,
      paging,
      (query) => query.select(COLUMNS).orderBy('shelvesDate', 'desc').orderBy('id', 'desc'),
      (row) => this.view(row),
    );
  }

  /**
   * The notices the ticker shows at `now`: enabled and with a shelves date
   * that has come (a notice dated in the future stays hidden until then),
   * by sort, then newest first.
   */
  async current(now: Date = this.now()) {
    const rows = await this.db
      .selectFrom('rollingNotice')
      .select(['id', 'title', 'url', 'shelvesDate'])
      .where('enabled', '=', 1)
      .where('shelvesDate', '<=', iso(now))
      .orderBy('sort')
      .orderBy('shelvesDate', 'desc')
      .orderBy('id', 'desc')
      .limit(CURRENT_LIMIT)
      .execute();
    return rows.map((row) => ({
      rollingnewsId: row.id,
      rollingnewsTitle: row.title,
      newsUrl: row.url,
      shelvesDate: displayTime(row.shelvesDate),
    }));
  }

  /** Creates or updates a notice; answers its id. */
  async save(input: NoticeInput, actor: SiteActor, ip: string | null): Promise<number> {
    assertContentAdmin(actor);
    const current = input.id ? await this.table.row(input.id) : undefined;
    const title = input.title.trim();
    if (!title) throw badRequest('请输入通知标题');
    if (title.length > TITLE_MAX) throw badRequest(`通知标题不能超过${TITLE_MAX}个字`);
    const url = input.url === undefined ? (current?.url ?? null) : checkLink(input.url, '链接地址');
    const now = this.now();
    const fields = {
      title,
      url,
      shelvesDate: input.shelvesDate ? iso(input.shelvesDate) : (current?.shelvesDate ?? iso(now)),
      enabled: input.enabled ?? current?.enabled ?? 1,
      sort: input.sort ?? current?.sort ?? 0,
      updatedAt: iso(now),
    };
    return inTransaction(this.db, async (trx) =>
      this.table.write(trx, { actor, ip, at: now }, current, fields, () => ({
        ...fields,
        createStaff: actor.id,
        createdAt: iso(now),
      })),
    );
  }

  setEnabled(id: number, enabled: 0 | 1, actor: SiteActor, ip: string | null) {
    return this.table.setEnabled(id, enabled, actor, ip);
  }

  private view(row: NoticeRow) {
    const due = row.shelvesDate <= iso(this.now());
    return {
      rollingnewsId: row.id,
      rollingnewsTitle: row.title,
      newsUrl: row.url,
      shelvesDate: displayTime(row.shelvesDate),
      enabled: row.enabled,
      sort: row.sort,
      /** Shown on the ticker now. */
      live: row.enabled === 1 && due,
      /** Enabled, waiting for its shelves date. */
      scheduled: row.enabled === 1 && !due,
      createDate: displayTime(row.createdAt),
      updateDate: displayTime(row.updatedAt),
    };
  }
}
