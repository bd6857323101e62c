import type { FileService } from '../../platform/files/service.js';
import type { Kysely } from 'kysely';
import type { BannerTable, Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { assertContentAdmin } from '../../http/roles.js';
import type { Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { COVER_TYPES, COVER_TYPE_MESSAGE, linkUrlOf, type BannerPlace } from './service.js';
import { assertPictures, pageWithPictures } from '../../platform/files/pictures.js';
import { RowAdmin } from '../../platform/catalogue/rows.js';

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
  9: '影像中心·图片中心·视频中心',
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

const COLUMNS = [
  'id',
  'place',
  'typeId',
  'imageFileId',
  'title',
  'linkUrl',
  'enabled',
  'sort',
] as const;

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
export class BannerAdmin extends RowAdmin<BannerRow> {
  constructor(
    db: Kysely<Database>,
    now: Clock,
    private readonly files: FileService,
  ) {
    super(db, now, {
      table: 'banner',
      columns: COLUMNS,
      infoTable: 'T_BANNER',
      gone: BANNER_GONE_MESSAGE,
      assert: assertContentAdmin,
    });
  }

  async list(filter: { place: BannerPlace; typeId?: number }, staff: AuthStaff, paging: Paging) {
    assertContentAdmin(staff);
    const cover = filter.place === 'cover';
    const base = this.db
      .selectFrom('banner')
      .where('place', '=', filter.place)
      .$if(cover && filter.typeId !== undefined, (qb) => qb.where('typeId', '=', filter.typeId!));
    const { total, rows, picture } = await pageWithPictures(
      this.db,
      base,
      paging,
      (query) =>
        query
          .select(COLUMNS)
          .$if(cover, (qb) => qb.orderBy('typeId'))
          .orderBy('sort')
          .orderBy('id'),
      (row) => [row.imageFileId],
    );
    const shown = cover ? await this.shownCovers() : undefined;
    return {
      total,
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
    const current = input.bannerId ? await this.table.row(input.bannerId) : undefined;
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
    await assertPictures(this.db, [{ fileId: imageFileId, label: '图片', required: true }], {
      access: this.files.access,
      staff,
      known: [current?.imageFileId],
    });
    const enabled = input.enabled ?? current?.enabled ?? 1;
    return this.saveInGroup(
      { actor: staff, ip, at: this.now() },
      current,
      {
        group: { place: input.place, typeId },
        fields: { imageFileId, title, linkUrl, enabled },
        sort: input.sort,
      },
      { first: 0, strict: true },
    );
  }

  /** Shows (1) or hides (0) a banner; no change and no log row when it already is so. */
  async setEnabled(bannerId: number, enabled: number, staff: AuthStaff, ip: string | null) {
    await this.table.setEnabled(bannerId, enabled, staff, ip, true);
    return { bannerId, enabled };
  }

  /**
   * Moves a banner one place up or down within its group (the home carousel,
   * or the covers of one section). The group is renumbered 0..n-1 in its new
   * order, so equal sort numbers (as seeded data may have) still move.
   */
  async move(bannerId: number, direction: 'up' | 'down', staff: AuthStaff, ip: string | null) {
    await this.table.move(
      bannerId,
      direction,
      staff,
      ip,
      (row) => ({ place: row.place, typeId: row.typeId }),
      {
        start: 0,
        first: '已经排在最前',
        last: '已经排在最后',
        missing: () => notFound(BANNER_GONE_MESSAGE),
      },
    );
    return { bannerId };
  }

  // ---- internals ----

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
}
