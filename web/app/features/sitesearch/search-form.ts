/** The five tabs of /sechresPage (intranet.md §4): their type and label, in the page's order. */
export const SEARCH_TABS = [
  { type: 1, label: '查新闻' },
  { type: 4, label: '查图片' },
  { type: 5, label: '查视频' },
  { type: 2, label: '查老师' },
  { type: 3, label: '查电话' },
  { type: 6, label: '查资料' },
] as const;

export type SearchType = (typeof SEARCH_TABS)[number]['type'];

/** The filters a tab's form sets, as the address keeps them. */
export const FILTER_KEYS = [
  'str',
  'newcontenttype',
  'releaseUser',
  'beginDate',
  'endDate',
  'videoTypeId',
] as const;

/**
 * The tab a type opens: the banner box's 全文 (0) and anything unknown search
 * the news, as its 查新闻 does.
 */
export function tabOf(type: string | null): SearchType {
  const found = SEARCH_TABS.find((tab) => String(tab.type) === type);
  return found ? found.type : 1;
}

/** 找到 N 条相关结果. */
export const countText = (total: number) => `找到 ${total} 条相关结果`;
