import { pageOf } from '../../db/paging.js';
import type { IntroPageItem, PersonItem } from '@school/common';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Paging } from '../../http/paging.js';
import { displayTime } from '../../time.js';
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

/** Staff-only items are listed only for a logged-in caller who asks for them (enableType 2). */
/** Pages and people as the public pages show them: sort, then newest first. */
export const inPublicOrder = <T extends 'introPage' | 'person', O>(
  query: SelectQueryBuilder<Database, T, O>,
) => query.orderBy('sort').orderBy('createdAt', 'desc').orderBy('id', 'desc');

const includeStaffOnly = (staff: AuthStaff | null, enableType: number | undefined) =>
  Boolean(staff) && enableType === 2;

/** The page the original pages ask for by this fixed id, if it is one (history tabs, emblem, song). */
export const fixedPage = (wwfzId: number) =>
  FIXED_INTRO_PAGES.find((page) => page.wwfzId === wwfzId);

/**
 * The school-introduction pages (wwfz) and people (fmsm) of the meetfuyi
 * page, as the portal reads them. They are created and changed only by the
 * platform's one save (admin-base.ts).
 */
export class IntroService {
  constructor(private readonly db: Kysely<Database>) {}

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
      (query) => inPublicOrder(query.selectAll()),
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
      (query) => inPublicOrder(query.selectAll()),
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
}
