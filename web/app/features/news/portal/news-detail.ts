import { data } from 'react-router';
import { intParam, load, type Loaded } from '../../../api/load';
import type { Transport } from '../../../api/client';
import type { NewsDetail, NewsItem } from '@school/common/api';

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
    ? await load(transport, 'news/getNewsDetails', { newId })
    : ({ ok: false, status: 404, message: '内容不存在或已下架' } as const);
  const typeId = detail.ok ? detail.data.typeId : intParam(url, 'typeId', fallbackTypeId);
  const latest = await load(transport, 'news/getNewsList', {
    typeId,
    pageNum: 1,
    pageSize: 10,
    enableType: 1,
  });
  return { newId, detail, latest: latest.ok ? latest.data.list : [] };
}

/**
 * Where an article page is loaded: on the server as an anonymous visitor, or
 * in the browser with the reader's login.
 */
export type LoadSide = 'server' | 'browser';

/**
 * A missing item: the server still renders the article page (with status
 * 404), because the visitor may be its author or an administrator, whose
 * browser then loads the unpublished item with their login (a preview). In
 * the browser, an item missing even for that login is a 404.
 */
export function articleOrMissing<T extends { detail: Loaded<unknown> }>(page: T, side: LoadSide) {
  if (page.detail.ok || page.detail.status === 401) return page;
  if (side === 'server') return data(page, { status: 404 });
  throw data(page.detail.message, { status: 404 });
}
