import type { Kysely } from 'kysely';
import type { BannerTable, Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { offsetOf, type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/permissions.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../auth/session.js';
import { inTransaction } from '../news/service.js';
import { writeOperLog } from '../operlog/service.js';
import {
  COVER_TYPES,
  COVER_TYPE_MESSAGE,
  linkUrlOf,
  type BannerPlace,
} from '../showcase/service.js';
import { assertPictures, pictureViews } from './showcase-pictures.js';

export const BANNER_PLACES: Readonly<Record<BannerPlace, string>> = {
  home: '首页横幅',
  cover: '栏目封面',
};

/**
 * The cover types as the platform names them: after the sections whose pages
 * show the cover (their PageCover titles). Codes are api/coverPic/getCoverPic's.
 */
export const COVER_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: '校刊文集',
  1: '新闻中心',
  5: '校园媒体',
  9: '遇见青禾·图片中心·视频中心',
  14: '校园专栏',
};

export const BANNER_GONE_MESSAGE = '该图片不存在或已被删除';
const TITLE_MAX = 200;

export interface BannerSaveInput {
  bannerId?: number;
  place: BannerPlace;
  /** A cover's section (COVER_TYPES); the home carousel has none (stored as 0). */
  typeId?: number;
  coverFileId?: number | null;
  coverTitle: string;
  newsUrl?: string | null;
  sort?: number;
  enabled?: number;
}

type BannerRow = Pick<
  BannerTable,
  'place' | 'typeId' | 'imageFileId' | 'title' | 'linkUrl' | 'enabled' | 'sort'
> & { id: number };

/** A banner's link as the pages put it in an href (see linkUrlOf). */
export const bannerLink = linkUrlOf;

const typeNameOf = (row: Pick<BannerRow, 'place' | 'typeId'>) =>
  row.place === 'home' ? BANNER_PLACES.home : (COVER_TYPE_NAMES[row.typeId] ?? '');

/**
 * The home carousel (place 'home', in sort order) and the sections' cover
 * banners (place 'cover', by typeId; a page shows the first enabled one).
 * Administrators only; every change is one transaction with its T_BANNER
 * operation-log row, and the public calls read the same rows, so a change
 * shows at once.
 */
export class BannerAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async list(filter: { place: BannerPlace; typeId?: number }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const cover = filter.place === 'cover';
    const base = this.db
      .selectFrom('banner')
      .where('place', '=', filter.place)
      .$if(cover && filter.typeId !== undefined, (qb) => qb.where('typeId', '=', filter.typeId!));
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .select(['id', 'place', 'typeId', 'imageFileId', 'title', 'linkUrl', 'enabled', 'sort'])
      .$if(cover, (qb) => qb.orderBy('typeId'))
      .orderBy('sort')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute();
    const picture = await pictureViews(
      this.db,
      rows.map((row) => row.imageFileId),
    );
    const shown = cover ? await this.shownCovers() : undefined;
    return {
      total: Number(n),
      list: rows.map((row) => {
        const view = picture(row.imageFileId);
        return {
          bannerId: row.id,
          place: row.place,
          typeId: row.typeId,
          typeName: typeNameOf(row),
          coverTitle: row.title,
          newsUrl: row.linkUrl,
          coverFileId: row.imageFileId,
          coverUrl: view.url,
          thumbUrl: view.thumbUrl,
          enabled: row.enabled,
          sort: row.sort,
          // What the public sees now: every enabled home banner; one cover per section.
          shown: shown ? shown.has(row.id) : row.enabled === 1,
        };
      }),
    };
  }

  /** Creates (no bannerId) or edits a banner; answers its id. */
  async save(input: BannerSaveInput, staff: AuthStaff, ip: string | null): Promise<number> {
    assertContentAdmin(staff);
    const current = input.bannerId ? await this.row(input.bannerId) : undefined;
    if (input.place !== 'home' && input.place !== 'cover') throw badRequest('请选择图片位置');
    let typeId = 0;
    if (input.place === 'cover') {
      if (input.typeId === undefined || COVER_TYPES[input.typeId] === undefined) {
        throw badRequest(COVER_TYPE_MESSAGE);
      }
      typeId = input.typeId;
    }
    const title = input.coverTitle?.trim() ?? '';
    if (!title) throw badRequest('请输入图片标题');
    if (title.length > TITLE_MAX) throw badRequest(`图片标题不能超过${TITLE_MAX}个字`);
    const linkUrl =
      input.newsUrl === undefined ? (current?.linkUrl ?? null) : bannerLink(input.newsUrl);
    const imageFileId =
      input.coverFileId === undefined ? (current?.imageFileId ?? null) : input.coverFileId || null;
    await assertPictures(this.db, [{ fileId: imageFileId, label: '图片', required: true }]);
    const enabled = input.enabled ?? current?.enabled ?? 1;
    const sameGroup = current && current.place === input.place && current.typeId === typeId;

    const now = this.now();
    return inTransaction(this.db, async (trx) => {
      // New banners, and banners moved to another group, go last unless told otherwise.
      const sort =
        input.sort ?? (sameGroup ? current.sort : await this.nextSort(trx, input.place, typeId));
      const values = { place: input.place, typeId, imageFileId, title, linkUrl, enabled, sort };
      let bannerId: number;
      if (current) {
        bannerId = current.id;
        const result = await trx
          .updateTable('banner')
          .set(values)
          .where('id', '=', bannerId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound(BANNER_GONE_MESSAGE);
      } else {
        ({ id: bannerId } = await trx
          .insertInto('banner')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      await this.log(trx, staff, ip, bannerId, current ? '修改' : '新增', now);
      return bannerId;
    });
  }

  /** Shows (1) or hides (0) a banner; no change and no log row when it already is so. */
  async enable(bannerId: number, enabled: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const current = await this.row(bannerId);
    if (current.enabled === enabled) return { bannerId, enabled };
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('banner')
        .set({ enabled })
        .where('id', '=', bannerId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound(BANNER_GONE_MESSAGE);
      await this.log(trx, staff, ip, bannerId, enabled === 1 ? '启用' : '停用', now);
    });
    return { bannerId, enabled };
  }

  /**
   * Moves a banner one place up or down within its group (the home carousel,
   * or the covers of one section). The group is renumbered 0..n-1 in its new
   * order, so equal sort numbers (as seeded data may have) still move.
   */
  async move(bannerId: number, direction: 'up' | 'down', staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    const current = await this.row(bannerId);
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const group = await trx
        .selectFrom('banner')
        .select(['id', 'sort'])
        .where('place', '=', current.place)
        .where('typeId', '=', current.typeId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const index = group.findIndex((row) => row.id === bannerId);
      if (index === -1) throw notFound(BANNER_GONE_MESSAGE);
      const target = direction === 'up' ? index - 1 : index + 1;
      if (target < 0) throw badRequest('已经排在最前');
      if (target >= group.length) throw badRequest('已经排在最后');
      const order = group.map((row) => row.id);
      [order[index], order[target]] = [order[target]!, order[index]!];
      for (const [sort, id] of order.entries()) {
        if (group.find((row) => row.id === id)!.sort === sort) continue;
        await trx.updateTable('banner').set({ sort }).where('id', '=', id).execute();
      }
      await this.log(trx, staff, ip, bannerId, direction === 'up' ? '上移' : '下移', now);
    });
    return { bannerId };
  }

  async remove(bannerId: number, staff: AuthStaff, ip: string | null) {
    assertContentAdmin(staff);
    await this.row(bannerId);
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const result = await trx.deleteFrom('banner').where('id', '=', bannerId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound(BANNER_GONE_MESSAGE);
      await this.log(trx, staff, ip, bannerId, '删除', now);
    });
  }

  // ---- internals ----

  private async row(bannerId: number): Promise<BannerRow> {
    const row = await this.db
      .selectFrom('banner')
      .select(['id', 'place', 'typeId', 'imageFileId', 'title', 'linkUrl', 'enabled', 'sort'])
      .where('id', '=', bannerId)
      .executeTakeFirst();
    if (!row) throw notFound(BANNER_GONE_MESSAGE);
    return row;
  }

  private async nextSort(db: Kysely<Database>, place: BannerPlace, typeId: number) {
    const { last } = await db
      .selectFrom('banner')
      .select((eb) => eb.fn.max('sort').as('last'))
      .where('place', '=', place)
      .where('typeId', '=', typeId)
      .executeTakeFirstOrThrow();
    return last === null || last === undefined ? 0 : Number(last) + 1;
  }

  /** The cover each section's page shows now: its first enabled cover. */
  private async shownCovers(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('banner')
      .select(['id', 'typeId'])
      .where('place', '=', 'cover')
      .where('enabled', '=', 1)
      .orderBy('typeId')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    const first = new Map<number, number>();
    for (const row of rows) if (!first.has(row.typeId)) first.set(row.typeId, row.id);
    return new Set(first.values());
  }

  private log(
    db: Kysely<Database>,
    staff: AuthStaff,
    ip: string | null,
    objId: number,
    operType: string,
    at: Date,
  ) {
    return writeOperLog(db, {
      staffId: staff.id,
      staffName: staff.name,
      infoTable: 'T_BANNER',
      objId,
      operType,
      ip,
      at,
    });
  }
}
