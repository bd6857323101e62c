import { isSafeLink } from '@school/common';
import { SOCIETY_CATEGORIES } from '../portal/media-societies';

/**
 * The cover types of api/coverPic/getCoverPic as the platform names them,
 * after the sections whose pages show the cover, with the page where a person
 * sees it (a section's first page).
 */
export const COVER_TYPES: ReadonlyArray<{ typeId: number; label: string; page: string }> = [
  { typeId: 1, label: '新闻中心', page: '/news?newsNum=2' },
  { typeId: 5, label: '校园媒体', page: '/media?newsNum=6' },
  { typeId: 14, label: '校园专栏', page: '/campus?campusNum=15' },
  { typeId: 9, label: '学校介绍·图片中心·视频中心', page: '/meetfuyi?newsNum=1' },
  { typeId: 0, label: '校刊文集', page: '/schoolWenji?newsNum=1' },
];

export type BannerPlace = 'home' | 'cover';

export const BANNER_PLACES: ReadonlyArray<{ place: BannerPlace; label: string }> = [
  { place: 'home', label: '首页横幅' },
  { place: 'cover', label: '栏目封面' },
];

/** Where a banner is seen: the home page, or the first page of its cover's section. */
export function bannerPageHref(banner: { place: BannerPlace; typeId: number }): string {
  if (banner.place === 'home') return '/index';
  return COVER_TYPES.find((c) => c.typeId === banner.typeId)?.page ?? '/index';
}

/** The societies view opened on the society's category tab. */
export function societyPageHref(associationType: number): string {
  return `/media?newsNum=9&associationType=${associationType}`;
}

export const SOCIETY_OPTIONS = SOCIETY_CATEGORIES.map((c) => ({ value: c.type, label: c.label }));

/**
 * A banner's link as the server keeps it: an http(s) address or a path of
 * this site ('/...', but not '//host', another site without its scheme).
 */
export function isBannerLink(value: string): boolean {
  const link = value.trim();
  return !link || isSafeLink(link);
}
