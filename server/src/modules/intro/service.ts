import { pageOf } from '../../db/paging.js';
import type { IntroPageItem, PersonItem } from '@school/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sanitizeRichText } from '../../platform/content/sanitize.js';
import { badRequest } from '../../http/errors.js';
import { type Paging } from '../../http/paging.js';
import { displayTime, iso, type Clock } from '../../time.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { fileUrl } from '../../platform/files/service.js';
import { FIXED_INTRO_PAGES } from '../../db/migrations/0009_fixed_intro_pages.js';

/**
 * wwfzType: the sub-sections of the school-introduction (Encounter) section,
 * section 1 of the meetfuyi page. The codes are the old site's and skip 4, so
 * the menu's 4th entry (honours) is code 5. Each sub-section holds pages
 * (the spec's wwfz items, table intro_page): one page for a plain text such
 * as the profile, several for tabs (history, emblem and song) or paged lists
 * (honours, leader care, academicians, exchange).
 */
export const WWFZ_TYPES: Readonly<Record<number, string>> = {
  1: '学校简介',
  2: '历史沿革',
  3: '现任领导',
  5: '学校荣誉',
  6: '校徽校歌',
  7: '办学宗旨',
  8: '领导关怀',
  9: '院士寄语',
  10: '国际交流',
  11: '奖学金',
};

/**
 * fmsmType: the tabs of section 2 of the meetfuyi page, the people of the
 * school's story (the spec's fmsm items, table person).
 *
 * The principals (1) are shown as a table of school name, post, name,
 * education and tenure, kept in the fmsm fields as:
 * fmsmTitle = name, post = post, plateType = the school's name at the time,
 * fmsmDesc = education, brith = tenure (e.g. "1952—1960").
 */
export const FMSM_TYPES: Readonly<Record<number, string>> = {
  1: '历任校长',
  3: '特级教师',
  14: '正高级教师',
  15: '高级教师',
  5: '政界精英',
  6: '学术名家',
  7: '商界翘楚',
  8: '文体明星',
  9: '医卫先锋',
  16: '青年才俊',
  11: '金牌',
  12: '银牌',
  13: '铜牌',
};

/** The fmsmType codes of each sub-section of section 2, in tab order. */
export const FMSM_GROUPS = {
  principals: [1],
  teachers: [3, 14, 15],
  alumni: [5, 6, 7, 8, 9, 16],
  campusStars: [11, 12, 13],
} as const;

export interface IntroPageInput {
  wwfzType: number;
  title: string;
  enTitle?: string | null;
  /** Plain text. */
  description?: string;
  /** HTML; cleaned before it is stored. */
  content?: string;
  picFileId?: number | null;
  /** 1 everyone, 2 logged-in staff only. */
  enableType?: number;
  sort?: number;
  createdAt?: Date;
}

export interface PersonInput {
  fmsmType: number;
  subjectId?: number | null;
  title: string;
  description?: string;
  content?: string;
  picFileId?: number | null;
  post?: string | null;
  plateType?: string | null;
  brith?: string | null;
  enableType?: number;
  sort?: number;
  createdAt?: Date;
}

export interface IntroPageFilter {
  wwfzType: number;
  /** Narrows the list to one page of the type. */
  wwfzId?: number;
  /** 2: staff-only pages too, when the caller is logged in. */
  enableType?: number;
}

export type { IntroPageItem, PersonItem };

export interface PersonFilter {
  fmsmType: number;
  subjectId?: number;
  enableType?: number;
}

/** Trimmed text within its column's length; null when empty. */
function optionalText(value: string | null | undefined, max: number, label: string) {
  const text = value?.trim() ?? '';
  if (text.length > max) throw badRequest(`${label}不能超过${max}个字`);
  return text || null;
}

function requiredText(value: string, max: number, label: string) {
  const text = optionalText(value, max, label);
  if (!text) throw badRequest(`请输入${label}`);
  return text;
}

function audienceOf(enableType: number | undefined) {
  const audience = enableType ?? 1;
  if (audience !== 1 && audience !== 2) throw badRequest('enableType 须为 1 或 2');
  return audience;
}

/** Staff-only items are listed only for a logged-in caller who asks for them (enableType 2). */
const includeStaffOnly = (staff: AuthStaff | null, enableType: number | undefined) =>
  Boolean(staff) && enableType === 2;

/** The page the original pages ask for by this fixed id, if it is one (history tabs, emblem, song). */
export const fixedPage = (wwfzId: number) =>
  FIXED_INTRO_PAGES.find((page) => page.wwfzId === wwfzId);

/** The school-introduction pages (wwfz) and people (fmsm) of the meetfuyi page. */
export class IntroService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
  ) {}

  async pages(
    filter: IntroPageFilter,
    staff: AuthStaff | null,
    paging: Paging,
  ): Promise<{ total: number; list: IntroPageItem[] }> {
    const base = this.db
      .selectFrom('introPage')
      .where('wwfzType', '=', filter.wwfzType)
      .$if(filter.wwfzId !== undefined, (qb) => qb.where('id', '=', filter.wwfzId!))
      .$if(!includeStaffOnly(staff, filter.enableType), (qb) => qb.where('enableType', '=', 1));
    return pageOf(
      base,
      paging,
      (query) =>
        query.selectAll().orderBy('sort').orderBy('createdAt', 'desc').orderBy('id', 'desc'),
      (row) => ({
        wwfzId: row.id,
        wwfzType: row.wwfzType,
        wwfzTitle: row.title,
        enWwfzTitle: row.enTitle,
        wwfzDesc: row.description,
        wwfzCont: row.content,
        wwfzPic: fileUrl(row.picFileId),
        createDate: displayTime(row.createdAt),
      }),
    );
  }

  async people(
    filter: PersonFilter,
    staff: AuthStaff | null,
    paging: Paging,
  ): Promise<{ total: number; list: PersonItem[] }> {
    const base = this.db
      .selectFrom('person')
      .where('fmsmType', '=', filter.fmsmType)
      .$if(filter.subjectId !== undefined, (qb) => qb.where('subjectId', '=', filter.subjectId!))
      .$if(!includeStaffOnly(staff, filter.enableType), (qb) => qb.where('enableType', '=', 1));
    return pageOf(
      base,
      paging,
      (query) =>
        query.selectAll().orderBy('sort').orderBy('createdAt', 'desc').orderBy('id', 'desc'),
      (row) => ({
        fmsmId: row.id,
        fmsmType: row.fmsmType,
        fmsmTitle: row.title,
        fmsmDesc: row.description,
        fmsmCont: row.content,
        fmsmPic: fileUrl(row.picFileId),
        post: row.post,
        plateType: row.plateType,
        brith: row.brith,
      }),
    );
  }

  /** A page of a school-introduction sub-section; the content platform and the demo seed use it. */
  async createPage(input: IntroPageInput): Promise<number> {
    if (!WWFZ_TYPES[input.wwfzType]) throw badRequest('学校介绍栏目不正确');
    const values = {
      wwfzType: input.wwfzType,
      title: requiredText(input.title, 200, '标题'),
      enTitle: optionalText(input.enTitle, 200, '英文标题'),
      description: optionalText(input.description, 1000, '摘要') ?? '',
      content: sanitizeRichText(input.content ?? ''),
      picFileId: input.picFileId ?? null,
      enableType: audienceOf(input.enableType),
      sort: input.sort ?? 0,
      createdAt: iso(input.createdAt ?? this.now()),
    };
    await this.assertPicture(values.picFileId);
    const { id } = await this.db
      .insertInto('introPage')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Writes the text of a page the original pages ask for by fixed id (history
   * tabs, emblem, song: db/migrations/0009), as the platform's editor does;
   * the demo seed fills them this way.
   */
  async fillPage(wwfzId: number, input: IntroPageInput): Promise<void> {
    const fixed = fixedPage(wwfzId);
    if (!fixed || fixed.wwfzType !== input.wwfzType) throw badRequest('学校介绍栏目不正确');
    const values = {
      title: requiredText(input.title, 200, '标题'),
      enTitle: optionalText(input.enTitle, 200, '英文标题'),
      description: optionalText(input.description, 1000, '摘要') ?? '',
      content: sanitizeRichText(input.content ?? ''),
      picFileId: input.picFileId ?? null,
      enableType: audienceOf(input.enableType),
      sort: input.sort ?? fixed.sort,
    };
    await this.assertPicture(values.picFileId);
    const result = await this.db
      .updateTable('introPage')
      .set(values)
      .where('id', '=', wwfzId)
      .where('wwfzType', '=', fixed.wwfzType)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw badRequest('学校介绍页面不存在');
  }

  /** A person of section 2 (principal, teacher, alumnus, medallist). */
  async createPerson(input: PersonInput): Promise<number> {
    if (!FMSM_TYPES[input.fmsmType]) throw badRequest('人物栏目不正确');
    const values = {
      fmsmType: input.fmsmType,
      subjectId: input.subjectId ?? null,
      title: requiredText(input.title, 200, '姓名'),
      description: optionalText(input.description, 1000, '简介') ?? '',
      content: sanitizeRichText(input.content ?? ''),
      picFileId: input.picFileId ?? null,
      post: optionalText(input.post, 100, '职务'),
      plateType: optionalText(input.plateType, 100, '校名或类别'),
      brith: optionalText(input.brith, 100, '任职时间或届别'),
      enableType: audienceOf(input.enableType),
      sort: input.sort ?? 0,
      createdAt: iso(input.createdAt ?? this.now()),
    };
    await this.assertPicture(values.picFileId);
    const { id } = await this.db
      .insertInto('person')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A missing file would fail the foreign key as a 500; it is the author's mistake, a 400. */
  private async assertPicture(fileId: number | null) {
    if (fileId === null) return;
    const found = await this.db
      .selectFrom('storedFile')
      .select('id')
      .where('id', '=', fileId)
      .executeTakeFirst();
    if (!found) throw badRequest('图片不存在，请重新上传');
  }
}
