import { intParam, load, type Loaded, type Page } from './load';
import type { Transport } from './client';
import type { NewsDetail, NewsItem } from './types';

export interface ArticlePageData {
  newId: number;
  detail: Loaded<NewsDetail>;
  latest: NewsItem[];
}

/**
 * An article page's data: the item, and the 10 latest items of its column for
 * the sidebar. Used by the server loader (anonymous) and, for a logged-in
 * visitor, by the client loader with the visitor's token, so staff-only
 * items open for staff.
 */
export async function loadArticle(
  transport: Transport,
  url: string,
  fallbackTypeId: number,
): Promise<ArticlePageData> {
  const newId = intParam(url, 'newId', 0);
  const detail = newId
    ? await load<NewsDetail>(transport, 'news/getNewsDetails', { newId })
    : ({ ok: false, status: 404, message: '内容不存在或已下架' } as const);
  const typeId = detail.ok ? detail.data.typeId : intParam(url, 'typeId', fallbackTypeId);
  const latest = await load<Page<NewsItem>>(transport, 'news/getNewsList', {
    typeId,
    pageNum: 1,
    pageSize: 10,
    enableType: 1,
  });
  return { newId, detail, latest: latest.ok ? latest.data.list : [] };
}
