import { isSafeLink } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { fileUrl } from '../../platform/files/service.js';

/** The six tabs of the societies view (media channel 9), by category code. */
export const SOCIETY_CATEGORIES: Readonly<Record<number, string>> = {
  1: '海外文化',
  2: '理工科技',
  3: '人文社科',
  4: '社会文化',
  5: '体育运动',
  6: '文化艺术',
};

/** typeId of api/coverPic/getCoverPic: the section whose cover banner is asked for. */
export const COVER_TYPES: Readonly<Record<number, string>> = {
  0: '校刊',
  /** Not in the spec's list: the news centre's own cover (our addition). */
  1: '新闻中心',
  5: '校园媒体',
  9: '走进学校、图片中心与视频中心',
  14: '校园专栏',
};

export const COVER_TYPE_MESSAGE = '封面类型须为 0、1、5、9 或 14';
export const LINK_URL_MESSAGE = '链接地址须以 http://、https:// 或 / 开头';

export type BannerPlace = 'home' | 'cover';

export interface SocietyInput {
  name: string;
  /** 1-6, see SOCIETY_CATEGORIES. */
  category: number;
  logoFileId?: number | null;
  picFileId?: number | null;
  enabled?: boolean;
  sort?: number;
}

export interface BannerInput {
  /** 'home': the home carousel; 'cover': the cover banner of the section typeId. */
  place: BannerPlace;
  /** For covers one of COVER_TYPES; stored as given for the home carousel, which ignores it. */
  typeId: number;
  imageFileId: number;
  /** Shown as the picture's caption and alternative text; may be empty. */
  title: string;
  linkUrl?: string | null;
  enabled?: boolean;
  sort?: number;
}

export interface SocietyItem {
  associationId: number;
  associationName: string;
  associationType: number;
  associationTypeName: string;
  associationLog: string;
  associationPic: string;
}

export interface BannerItem {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}

/**
 * The address a banner opens. Only web links and paths of this site are
 * kept: the pages put it in an href, where a `javascript:` or `data:` address
 * would run in the visitor's browser.
 */
export function linkUrlOf(value: string | null | undefined): string | null {
  const link = value?.trim() ?? '';
  if (!link) return null;
  if (link.length > 500) throw badRequest('链接地址不能超过500个字符');
  if (!isSafeLink(link)) throw badRequest(LINK_URL_MESSAGE);
  return link;
}

function nameOf(value: string, max: number, label: string, required: boolean) {
  const text = value?.trim() ?? '';
  if (required && !text) throw badRequest(`请输入${label}`);
  if (text.length > max) throw badRequest(`${label}不能超过${max}个字`);
  return text;
}

/** Student societies and the pictures that open pages: the home carousel and section covers. */
export class ShowcaseService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Enabled societies, grouped by category, in their order within it. */
  async societies(): Promise<SocietyItem[]> {
    const rows = await this.db
      .selectFrom('society')
      .select(['id', 'name', 'category', 'logoFileId', 'picFileId'])
      .where('enabled', '=', 1)
      .orderBy('category')
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      associationId: row.id,
      associationName: row.name,
      associationType: row.category,
      associationTypeName: SOCIETY_CATEGORIES[row.category] ?? '',
      associationLog: fileUrl(row.logoFileId),
      associationPic: fileUrl(row.picFileId),
    }));
  }

  /** The home carousel. */
  homeBanners(): Promise<BannerItem[]> {
    return this.banners('home');
  }

  /** The cover banner of a section (the pages show the first). */
  async cover(typeId: number | undefined): Promise<BannerItem[]> {
    if (typeId === undefined || COVER_TYPES[typeId] === undefined) {
      throw badRequest(COVER_TYPE_MESSAGE);
    }
    return this.banners('cover', typeId);
  }

  private async banners(place: BannerPlace, typeId?: number): Promise<BannerItem[]> {
    const rows = await this.db
      .selectFrom('banner')
      .select(['imageFileId', 'title', 'linkUrl'])
      .where('place', '=', place)
      .$if(typeId !== undefined, (qb) => qb.where('typeId', '=', typeId!))
      .where('enabled', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      coverUrl: fileUrl(row.imageFileId),
      coverTitle: row.title,
      newsUrl: row.linkUrl,
    }));
  }

  async createSociety(input: SocietyInput): Promise<number> {
    if (!SOCIETY_CATEGORIES[input.category]) throw badRequest('社团类别须为 1 到 6');
    const values = {
      name: nameOf(input.name, 100, '社团名称', true),
      category: input.category,
      logoFileId: input.logoFileId ?? null,
      picFileId: input.picFileId ?? null,
      enabled: input.enabled === false ? 0 : 1,
      sort: input.sort ?? 0,
    };
    await this.assertPictures([values.logoFileId, values.picFileId]);
    const { id } = await this.db
      .insertInto('society')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async createBanner(input: BannerInput): Promise<number> {
    if (input.place !== 'home' && input.place !== 'cover') throw badRequest('图片位置不正确');
    if (input.place === 'cover' && COVER_TYPES[input.typeId] === undefined) {
      throw badRequest(COVER_TYPE_MESSAGE);
    }
    const values = {
      place: input.place,
      typeId: input.typeId,
      imageFileId: input.imageFileId,
      title: nameOf(input.title, 200, '图片标题', false),
      linkUrl: linkUrlOf(input.linkUrl),
      enabled: input.enabled === false ? 0 : 1,
      sort: input.sort ?? 0,
    };
    await this.assertPictures([values.imageFileId]);
    const { id } = await this.db
      .insertInto('banner')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A missing file would fail the foreign key as a 500; it is the author's mistake, a 400. */
  private async assertPictures(ids: Array<number | null>) {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return;
    const found = await this.db
      .selectFrom('storedFile')
      .select('id')
      .where('id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) throw badRequest('图片不存在，请重新上传');
  }
}
