import type { NewsDetail } from '@school/common/api';
import type { ActionTarget } from './ArticleActions';
import type { ArticleContent } from './ArticleView';

/** A news item (api/news/getNewsDetails) as ArticleView shows it. */
export const newsArticle = (
  item: NewsDetail,
  changes: Partial<ArticleContent> = {},
): ArticleContent => ({
  title: item.newsTitle,
  source: item.source,
  date: item.shelvesDate,
  viewCount: item.viewCount,
  flowerCount: item.flowerCount,
  contentKind: item.newcontenttype,
  html: item.newsContent,
  media: item.imgOrViewList,
  attachments: item.fileList,
  publisher: item.releaseUser,
  ...changes,
});

/** What the staff actions of a news item act on. */
export const newsTarget = (item: NewsDetail): ActionTarget => ({
  kind: 'news',
  newId: item.newId,
  typeId: item.typeId,
  newsType: item.newsType,
  createStaff: item.createStaff,
});
