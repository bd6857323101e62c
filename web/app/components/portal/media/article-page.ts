import { data, type MetaDescriptor } from 'react-router';
import type { Transport } from '../../../api/client';
import { intParam } from '../../../api/load';
import { loadArticle, type ArticlePageData } from '../../../api/news-detail';
import { pageMeta } from '../../../lib/meta';
import { plainText } from '../../../lib/text';

/** The 404 page for a missing article; a staff-only one (401) is left to the page's login offer. */
export function articleOrNotFound(page: ArticlePageData): ArticlePageData {
  if (!page.detail.ok && page.detail.status !== 401) {
    throw data(page.detail.message, { status: 404 });
  }
  return page;
}

/**
 * An article of one of a section's columns, with the column it belongs to:
 * its own, or the address's typeId when it cannot be read (the first column
 * when that is not one of the section's).
 */
export async function loadColumnArticle(
  transport: Transport,
  url: string,
  columns: readonly number[],
): Promise<ArticlePageData & { typeId: number }> {
  const asked = intParam(url, 'typeId', 0);
  const fallback = columns.includes(asked) ? asked : columns[0];
  const page = articleOrNotFound(await loadArticle(transport, url, fallback));
  return { ...page, typeId: page.detail.ok ? page.detail.data.typeId : fallback };
}

/** Title, description and preview picture of an article page. */
export function articleMeta(
  page: ArticlePageData | undefined,
  matches: Parameters<typeof pageMeta>[0],
  title: string,
): MetaDescriptor[] {
  const item = page?.detail.ok ? page.detail.data : undefined;
  return pageMeta(matches, {
    title: item?.newsTitle ?? title,
    description: item ? item.newsDesc || plainText(item.newsContent) : '',
    image:
      item?.imgUrl || (item?.newcontenttype === 2 ? item.imgOrViewList[0]?.filePath : undefined),
    type: 'article',
  });
}
