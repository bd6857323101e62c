import { INTRO_SECTIONS, introHref, type SubSection } from '../portal/sections';

/**
 * The Encounter section's codes as the platform offers them, taken from the
 * public page's own menu (components/portal/intro/sections.ts) so the names
 * and the links agree with what visitors see: wwfzType for the pages of
 * section 1 (学校概况), fmsmType for the people of section 2 (人物风采).
 */
const [OVERVIEW, PEOPLE] = INTRO_SECTIONS as [
  (typeof INTRO_SECTIONS)[number],
  (typeof INTRO_SECTIONS)[number],
];

type PageSub = Extract<SubSection, { wwfzType: number }>;
const pageSubs = OVERVIEW.subs
  .map((sub, index) => ({ sub, index }))
  .filter((entry): entry is { sub: PageSub; index: number } => 'wwfzType' in entry.sub);

export const WWFZ_OPTIONS = pageSubs.map(({ sub }) => ({ value: sub.wwfzType, label: sub.label }));

/** Types the public page shows as one page: a second would never be seen. */
export const SINGLE_PAGE_TYPES = pageSubs
  .filter(({ sub }) => sub.kind === 'page')
  .map(({ sub }) => sub.wwfzType);

export const wwfzTypeName = (wwfzType: number) =>
  WWFZ_OPTIONS.find((o) => o.value === wwfzType)?.label ?? '';

/** The field labels of a page's form: the leaders' pages are people cards. */
export function pageLabels(wwfzType: number | undefined) {
  const leaders = pageSubs.find(({ sub }) => sub.wwfzType === wwfzType)?.sub.kind === 'leaders';
  return leaders
    ? { title: '姓名', description: '职务', picture: '照片', content: '简介' }
    : { title: '标题', description: '摘要', picture: '图片', content: '正文' };
}

/** Where meetfuyi shows a page; null when only staff may see it. */
export function wwfzPageHref(page: {
  wwfzType: number;
  wwfzId: number;
  enableType: number;
}): string | null {
  if (page.enableType !== 1) return null;
  const entry = pageSubs.find(({ sub }) => sub.wwfzType === page.wwfzType);
  if (!entry) return null;
  const view = { newsNum: OVERVIEW.newsNum, sub: entry.index + 1 };
  switch (entry.sub.kind) {
    case 'page':
      return introHref(view);
    case 'pageTabs':
      return introHref({ ...view, tab: page.wwfzId });
    default:
      return introHref({ ...view, item: page.wwfzId });
  }
}

/** fmsmType of the people: the principals' table, then each tab of the other sub-sections. */
const peopleTypes = PEOPLE.subs.flatMap((sub, index) => {
  if (sub.kind === 'principals') {
    return [{ code: sub.fmsmType, label: sub.label, group: sub.label, index, tab: false }];
  }
  if (sub.kind === 'people') {
    return sub.tabs.map((t) => ({
      code: t.code,
      label: t.label,
      group: sub.label,
      index,
      tab: true,
    }));
  }
  return [];
});

/** Grouped as the public menu groups them, for a Select. */
export const FMSM_OPTIONS = PEOPLE.subs.flatMap((sub) => {
  const types = peopleTypes.filter((t) => t.group === sub.label);
  if (types.length === 0) return [];
  return [{ label: sub.label, options: types.map((t) => ({ value: t.code, label: t.label })) }];
});

export function fmsmTypeName(fmsmType: number): string {
  const type = peopleTypes.find((t) => t.code === fmsmType);
  if (!type) return '';
  return type.tab ? `${type.group}·${type.label}` : type.label;
}

/** The campus stars' medals (金牌, 银牌, 铜牌): post holds the class year and award. */
const MEDAL_TYPES = [11, 12, 13];

export const isPrincipalType = (fmsmType: number | undefined) =>
  peopleTypes.some((t) => t.code === fmsmType && !t.tab);

/**
 * The fields a person of a type has, as the public page reads them: the
 * principals' table (school name, post, name, education, tenure), or a card
 * (photo, name, post, summary, full text).
 */
export function personLabels(fmsmType: number | undefined) {
  if (isPrincipalType(fmsmType)) {
    return {
      title: '姓名',
      post: '职务',
      plateType: '学校名称（时任校名）',
      description: '学历',
      brith: '任职时间',
      picture: null,
      content: null,
    };
  }
  const medal = fmsmType !== undefined && MEDAL_TYPES.includes(fmsmType);
  return {
    title: '姓名',
    post: medal ? '届别与奖项' : '职务或称号',
    plateType: null,
    description: '简介（卡片上显示）',
    brith: null,
    picture: '照片',
    content: '详细介绍',
  };
}

/** Where meetfuyi lists a person (its page of the tab); null when only staff may see them. */
export function fmsmPageHref(person: {
  fmsmType: number;
  fmsmId: number;
  publicPageNum: number | null;
}): string | null {
  if (person.publicPageNum === null) return null;
  const type = peopleTypes.find((t) => t.code === person.fmsmType);
  if (!type) return null;
  const view = { newsNum: PEOPLE.newsNum, sub: type.index + 1, pageNum: person.publicPageNum };
  return type.tab ? introHref({ ...view, tab: type.code, item: person.fmsmId }) : introHref(view);
}
