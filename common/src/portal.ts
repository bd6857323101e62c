/**
 * Answers of the portal's API as the pages read them: one definition for the
 * server that builds them and the pages that show them.
 */

/**
 * News items, their files and one item in full: the TypeBox schemas of the
 * API contract (common/src/api/news.ts) are their one definition.
 */
export type { NewsDetail, NewsFile, NewsItem } from './api/news.js';

/** A school-introduction page (api/wwfz/getWwfzDetails). */
export interface IntroPageItem {
  wwfzId: number;
  wwfzType: number;
  wwfzTitle: string;
  enWwfzTitle: string | null;
  wwfzDesc: string;
  wwfzCont: string;
  wwfzPic: string;
  createDate: string;
}

/**
 * A person (api/fmsm/getFmsmDetails). For principals: fmsmTitle is the name,
 * post the post, plateType the school's name at the time, fmsmDesc the
 * education and brith the tenure.
 */
export interface PersonItem {
  fmsmId: number;
  fmsmType: number;
  fmsmTitle: string;
  fmsmDesc: string;
  fmsmCont: string;
  fmsmPic: string;
  post: string | null;
  plateType: string | null;
  brith: string | null;
}
