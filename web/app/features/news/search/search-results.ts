import type { ApiData } from '@school/common/api';
import type { Transport } from '../../../api/client';
import { intParam, load, type Loaded, type Page } from '../../../api/load';

export const SEARCH_PAGE_SIZE = 10;

/** One hit of api/news/getNewsTitleList: a news item (newId) or a video (videoId). */
export type SearchHit = ApiData<'news/getNewsTitleList'>['list'][number];

export interface SearchPageData {
  /** The trimmed keyword; empty means nothing was asked and the API was not called. */
  keyword: string;
  pageNum: number;
  result: Loaded<Page<SearchHit>> | null;
  /** Column names by typeId, for the line under each hit. */
  columns: Record<number, string>;
}

/** The search page's data: one page of hits for `newsTitle`, and the names of the columns. */
export async function loadSearch(transport: Transport, url: string): Promise<SearchPageData> {
  const keyword = (new URL(url).searchParams.get('newsTitle') ?? '').trim();
  const pageNum = intParam(url, 'pageNum', 1);
  if (!keyword) return { keyword, pageNum, result: null, columns: {} };
  const [result, types] = await Promise.all([
    load(transport, 'news/getNewsTitleList', {
      newsTitle: keyword,
      pageNum,
      pageSize: SEARCH_PAGE_SIZE,
      enableType: 1,
    }),
    load(transport, 'news/getNewsTypeList'),
  ]);
  const columns = Object.fromEntries(
    (types.ok ? types.data : []).map((t) => [t.typeId, t.typeName]),
  );
  return { keyword, pageNum, result, columns };
}
