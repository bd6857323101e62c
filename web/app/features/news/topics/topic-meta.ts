import type { MetaDescriptor } from 'react-router';
import type { TopicPageData } from './topic-detail';
import { pageMeta } from '../../../lib/meta';
import { plainText } from '../../../lib/text';

type Matches = Parameters<typeof pageMeta>[0];

/** Title, description and preview picture of a special topic's page: the open sub-news first. */
export function topicMeta(page: TopicPageData | undefined, matches: Matches): MetaDescriptor[] {
  const topic = page?.topic.ok ? page.topic.data : undefined;
  const child = page?.child?.ok ? page.child.data : undefined;
  return pageMeta(matches, {
    title: child?.newsTitle ?? topic?.newsTitle ?? (page?.titleHint || '专题新闻'),
    description: child
      ? plainText(child.newsContent)
      : topic
        ? topic.newsDesc || plainText(topic.newsContent)
        : '',
    // A video cannot be a link preview's picture.
    image:
      (child?.newcontenttype === 2 ? child.imgOrViewList[0]?.filePath : undefined) ||
      topic?.imgUrl ||
      undefined,
    type: 'article',
  });
}
