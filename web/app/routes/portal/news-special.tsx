import { Link } from 'react-router';
import type { Route } from './+types/news-special';
import { load, pageOr } from '../../api/load';
import { serverTransport } from '../../api/server';
import { SUBJECT_PAGE_SIZE } from '../../features/news/topics/topic-detail';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { NewsCategoryTabs } from '../../features/news/portal/NewsCategoryTabs';
import { PageCover } from '../../components/ui/PageCover';
import { SpecialShowcase } from '../../features/news/topics/SpecialShowcase';
import { latestTopic, topicHref } from '../../features/news/topics/topic-links';
import { pageMeta } from '../../lib/meta';
import { day, truncate } from '../../lib/text';
import sectionsCss from '../../styles/portal-sections.css?url';

/** How many recent topics the page looks at and lists under 更多专题. */
const RECENT_TOPICS = 10;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverTransport(context);
  const [topics, cover] = await Promise.all([
    load(api, 'news/getNewsList', {
      typeId: 4,
      pageNum: 1,
      pageSize: RECENT_TOPICS,
      enableType: 1,
    }),
    load(api, 'coverPic/getCoverPic', { typeId: 1 }),
  ]);
  const recent = pageOr(topics);
  const latest = latestTopic(recent.list);
  const [detail, children] = latest
    ? await Promise.all([
        load(api, 'news/getNewsDetails', { newId: latest.newId }),
        load(api, 'news/getSubjectNewsList', {
          newId: latest.newId,
          pageNum: 1,
          pageSize: SUBJECT_PAGE_SIZE,
        }),
      ])
    : [undefined, undefined];
  return {
    cover: cover.ok ? cover.data[0] : undefined,
    topic: detail?.ok ? detail.data : undefined,
    children: children ? pageOr(children) : { total: 0, list: [] },
    others: recent.list.filter((item) => item.newId !== latest?.newId),
    total: recent.total,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.topic ? `专题新闻：${data.topic.newsTitle}` : '专题新闻',
    description: data?.topic?.newsDesc,
    image: data?.topic?.imgUrl || undefined,
  });

/**
 * Special topics (newsSpecial): the latest special topic with its picture
 * carousel (every 5 s), its body and sub-news, then the other recent topics
 * and the way to all of them (news?newsNum=4).
 */
export default function NewsSpecial({ loaderData }: Route.ComponentProps) {
  const { cover, topic, children, others, total } = loaderData;
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="专题新闻" />
      <div className="container section-body">
        <NewsCategoryTabs current={4} />
        <section className="section-main" aria-label="专题新闻">
          <Crumbs
            items={[
              { label: '新闻中心', to: '/news?newsNum=2' },
              { label: '专题新闻', to: '/news?newsNum=4' },
              { label: '最新专题' },
            ]}
          />
          {topic ? <SpecialShowcase topic={topic} subNews={children} /> : <EmptyState />}
          <section className="special-more" aria-labelledby="special-more-title">
            <h2 id="special-more-title">更多专题</h2>
            {others.length === 0 ? (
              <EmptyState />
            ) : (
              <ul className="compact-list">
                {others.map((item) => (
                  <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                    {item.ifTop === 1 && <span className="top-badge">顶</span>}
                    <Link to={topicHref(item)} title={item.newsTitle}>
                      {truncate(item.newsTitle, 40)}
                    </Link>
                    <span className="item-date">{day(item.shelvesDate)}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="special-all">
              <Link to="/news?newsNum=4">全部专题新闻（{total}）»</Link>
            </p>
          </section>
        </section>
      </div>
    </main>
  );
}
