import type { SiteInfo } from '../../../lib/site';
import { menuLabels } from '../../../lib/site-labels';

/**
 * The Encounter section (meetfuyi) as its menu shows it: three sections
 * (newsNum 1-3) and their sub-sections (`sub`, from 1). Every view has its
 * own address, built by introHref, so it renders on the server and works
 * without JavaScript.
 *
 * The section's title and its impressions are named after the school (lib/site-labels.ts):
 * sectionLabel and subLabel give the names a page shows.
 *
 * The API's codes: wwfzType picks the school-introduction pages of section 1,
 * fmsmType the people of section 2; both lists and their tab names follow
 * WWFZ_TYPES and FMSM_TYPES in server/src/modules/intro/service.ts.
 */

export interface IntroTab {
  /** The fmsmType of a people tab. */
  code: number;
  label: string;
}

export type SubSection =
  /** One HTML page (profile, aims, scholarships). */
  | { kind: 'page'; label: string; wwfzType: number }
  /** Each page of the type is a tab (history, emblem and song); `tab` is its wwfzId. */
  | { kind: 'pageTabs'; label: string; wwfzType: number }
  /** Cards of people with photo, name and post; 更多 shows the full text. */
  | { kind: 'leaders'; label: string; wwfzType: number }
  /** A paged list of pages; `item` opens one of them. */
  | { kind: 'pageList'; label: string; wwfzType: number }
  /** The table of former principals. */
  | { kind: 'principals'; label: string; fmsmType: number }
  /** Paged cards of people, one tab per fmsmType; `tab` is the fmsmType. */
  | { kind: 'people'; label: string; tabs: IntroTab[] }
  /** Tiles to the picture and video centres. */
  | { kind: 'impressions'; label: string };

export interface IntroSection {
  newsNum: number;
  label: string;
  subs: SubSection[];
}

export const INTRO_SECTIONS: IntroSection[] = [
  {
    newsNum: 1,
    label: '学校概况',
    subs: [
      { kind: 'page', label: '学校简介', wwfzType: 1 },
      { kind: 'pageTabs', label: '历史沿革', wwfzType: 2 },
      { kind: 'leaders', label: '现任领导', wwfzType: 3 },
      { kind: 'pageList', label: '学校荣誉', wwfzType: 5 },
      { kind: 'pageTabs', label: '校徽校歌', wwfzType: 6 },
      { kind: 'page', label: '办学宗旨', wwfzType: 7 },
      { kind: 'pageList', label: '领导关怀', wwfzType: 8 },
      { kind: 'pageList', label: '院士寄语', wwfzType: 9 },
      { kind: 'pageList', label: '国际交流', wwfzType: 10 },
      { kind: 'page', label: '奖学金', wwfzType: 11 },
    ],
  },
  {
    newsNum: 2,
    label: '人物风采',
    subs: [
      { kind: 'principals', label: '历任校长', fmsmType: 1 },
      {
        kind: 'people',
        label: '名师风采',
        tabs: [
          { code: 3, label: '特级教师' },
          { code: 14, label: '正高级教师' },
          { code: 15, label: '高级教师' },
        ],
      },
      {
        kind: 'people',
        label: '校友英才',
        tabs: [
          { code: 5, label: '政界精英' },
          { code: 6, label: '学术名家' },
          { code: 7, label: '商界翘楚' },
          { code: 8, label: '文体明星' },
          { code: 9, label: '医卫先锋' },
          { code: 16, label: '青年才俊' },
        ],
      },
      {
        kind: 'people',
        label: '校园之星',
        tabs: [
          { code: 11, label: '金牌' },
          { code: 12, label: '银牌' },
          { code: 13, label: '铜牌' },
        ],
      },
    ],
  },
  {
    newsNum: 3,
    // Shown with the school's short name (sectionLabel): 明德印象.
    label: '校园印象',
    subs: [{ kind: 'impressions', label: '校园印象' }],
  },
];

type SiteNames = Pick<SiteInfo, 'shortName' | 'menu'>;

/** 遇见明德: the section's title, or the administrator's name for it. */
export const introTitle = (site: SiteNames) => menuLabels(site)('intro');

/** A section's label as the school names it: the impressions take the short name. */
export function sectionLabel(section: IntroSection, site: SiteNames): string {
  return section.subs[0]?.kind === 'impressions' ? menuLabels(site)('impressions') : section.label;
}

/** A sub-section's label as the school names it. */
export function subLabel(sub: SubSection, site: SiteNames): string {
  return sub.kind === 'impressions' ? menuLabels(site)('impressions') : sub.label;
}

/** Where the visitor is in the section; `tab` and `item` are ids the page checks against its data. */
export interface IntroView {
  newsNum: number;
  sub: number;
  tab?: number;
  pageNum: number;
  item?: number;
}

function positive(params: URLSearchParams, name: string): number | undefined {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The view an address asks for; unknown sections and sub-sections fall back to the first. */
export function introViewOf(url: URL | string): IntroView {
  const params = new URL(url).searchParams;
  const section = INTRO_SECTIONS.find((s) => s.newsNum === positive(params, 'newsNum'));
  const newsNum = section?.newsNum ?? 1;
  const subs = (section ?? INTRO_SECTIONS[0]).subs;
  const asked = positive(params, 'sub') ?? 1;
  const sub = asked <= subs.length ? asked : 1;
  const subSection = subs[sub - 1];
  let tab = positive(params, 'tab');
  if (subSection.kind === 'people' && !subSection.tabs.some((t) => t.code === tab)) {
    tab = subSection.tabs[0].code;
  }
  return {
    newsNum,
    sub,
    tab,
    pageNum: positive(params, 'pageNum') ?? 1,
    item: positive(params, 'item'),
  };
}

export function sectionOf(view: Pick<IntroView, 'newsNum'>): IntroSection {
  return INTRO_SECTIONS.find((s) => s.newsNum === view.newsNum) ?? INTRO_SECTIONS[0];
}

export function subSectionOf(view: Pick<IntroView, 'newsNum' | 'sub'>): SubSection {
  const { subs } = sectionOf(view);
  return subs[view.sub - 1] ?? subs[0];
}

/**
 * The address of a view. The first sub-section and the first page are left
 * out, so '/meetfuyi?newsNum=1' (the navigation's link) is the profile's one
 * address.
 */
export function introHref(view: Partial<IntroView> & Pick<IntroView, 'newsNum'>): string {
  const params = new URLSearchParams({ newsNum: String(view.newsNum) });
  if (view.sub && view.sub > 1) params.set('sub', String(view.sub));
  if (view.tab) params.set('tab', String(view.tab));
  if (view.pageNum && view.pageNum > 1) params.set('pageNum', String(view.pageNum));
  if (view.item) params.set('item', String(view.item));
  return `/meetfuyi?${params.toString()}`;
}
