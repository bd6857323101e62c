import type { MetaDescriptor } from 'react-router';
import type { Transport } from '../../../api/client';
import { intParam } from '../../../api/load';
import { articleOrMissing, loadArticle, type ArticlePageData, type LoadSide } from './news-detail';
import { pageMeta } from '../../../lib/meta';
import { plainText } from '../../../lib/text';

/**
 * An article of one of a section's columns, with the column it belongs to:
 * its own, or the address's typeId when it cannot be read (the first column
 * when that is not one of the section's).
 */
export async function loadColumnArticle(
  transport: Transport,
  url: string,
  columns: readonly number[],
  side: LoadSide,
) {
  const asked = intParam(url, 'typeId', 0);
  const fallback = columns.includes(asked) ? asked : columns[0]!;
  const page = await loadArticle(transport, url, fallback);
  return articleOrMissing(
    { ...page, typeId: page.detail.ok ? page.detail.data.typeId : fallback },
    side,
  );
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
