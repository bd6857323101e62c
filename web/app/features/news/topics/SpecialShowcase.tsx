import { Link } from 'react-router';
import type { Page } from '../../../api/load';
import type { NewsDetail, SubjectNewsItem } from '@school/common/api';
import { day, truncate } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';
import { MediaCarousel } from '../../../components/article/MediaCarousel';
import { RichText } from '../../../components/article/RichText';
import { EmptyState } from '../../../components/ui/EmptyState';
import { SPECIAL_CAROUSEL_MS, subjectNewsHref, topicHref } from './topic-links';

/** The pictures of a topic: its carousel, or its cover picture when it has no carousel. */
function TopicPictures({ topic }: { topic: NewsDetail }) {
  const kind = topic.newcontenttype;
  if ((kind === 2 || kind === 3) && topic.imgOrViewList.length > 0) {
    return (
      <MediaCarousel files={topic.imgOrViewList} kind={kind} autoplaySpeed={SPECIAL_CAROUSEL_MS} />
    );
  }
  if (!topic.imgUrl) return null;
  return (
    <figure className="special-cover">
      <SafeImage src={topic.imgUrl} alt={topic.newsTitle} />
    </figure>
  );
}

/** One special topic as the showcase presents it: title, pictures, body and its sub-news. */
export function SpecialShowcase({
  topic,
  subNews,
}: {
  topic: NewsDetail;
  subNews: Page<SubjectNewsItem>;
}) {
  const href = topicHref(topic);
  return (
    <article className="special-feature">
      <h1 className="article-title">
        <Link to={href}>{topic.newsTitle}</Link>
      </h1>
      <p className="article-meta">
        <span>来源：{topic.source || '暂无来源'}</span>
        <span>发布时间：{day(topic.shelvesDate)}</span>
        <span>子新闻：{subNews.total} 篇</span>
      </p>
      <TopicPictures topic={topic} />
      {topic.newsDesc && <p className="special-lead">{topic.newsDesc}</p>}
      <RichText html={topic.newsContent} className="article-body" />
      <section className="special-children" aria-labelledby="special-children-title">
        <h2 id="special-children-title">专题子新闻</h2>
        {subNews.list.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="compact-list">
            {subNews.list.map((item) => (
              <li key={item.subjectNewId}>
                <Link
                  to={subjectNewsHref(topic.newId, item.subjectNewId, topic.typeId, 1)}
                  title={item.newsTitle}
                >
                  {truncate(item.newsTitle, 40)}
                </Link>
                <span className="item-date">{day(item.statusDate)}</span>
              </li>
            ))}
          </ul>
        )}
        {subNews.total > subNews.list.length && (
          <p className="special-all">
            <Link to={href}>查看本专题全部 {subNews.total} 篇子新闻 »</Link>
          </p>
        )}
      </section>
    </article>
  );
}
