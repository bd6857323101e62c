import { Link } from 'react-router';
import type { Route } from './+types/news';
import { intParam, load, pageOr } from '../../api/load';
import { serverTransport } from '../../api/server';
import type { NewsItem } from '@school/common/api';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { NEWS_CATEGORIES, NewsCategoryTabs } from '../../features/news/portal/NewsCategoryTabs';
import { PageCover } from '../../components/ui/PageCover';
import { Pager } from '../../components/ui/Pager';
import { topicHref } from '../../features/news/topics/topic-links';
import { pageMeta } from '../../lib/meta';
import { day, truncate } from '../../lib/text';
import type { PageHandle } from '../../lib/static-page';

const PAGE_SIZE = 6;
const SCHOOL_PARTS = [
  { value: 0, label: '全部' },
  { value: 1, label: '高中部' },
  { value: 2, label: '初中部' },
];

/** Read without React by visitors (lib/static-page.ts): links, the pager and the search form. */
export const handle: PageHandle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = intParam(url, 'newsNum', 2);
  const newsNum = NEWS_CATEGORIES.some((c) => c.newsNum === asked) ? asked : 2;
  const pageNum = intParam(url, 'pageNum', 1);
  const schChange = newsNum === 2 ? intParam(url, 'schChange', 0) : 0;
  const api = serverTransport(context);
  const [page, cover] = await Promise.all([
    load(api, 'news/getNewsList', {
      typeId: newsNum,
      pageNum,
      pageSize: PAGE_SIZE,
      enableType: 1,
      schChange: schChange === 1 || schChange === 2 ? schChange : undefined,
    }),
    load(api, 'coverPic/getCoverPic', { typeId: 1 }),
  ]);
  return {
    newsNum,
    pageNum,
    schChange,
    page: pageOr(page),
    cover: cover.ok ? cover.data[0] : undefined,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const label = NEWS_CATEGORIES.find((c) => c.newsNum === data?.newsNum)?.label ?? '新闻中心';
  return pageMeta(matches, {
    title: label,
    description: data?.page.list.map((i) => i.newsTitle).join('；'),
  });
};

/** News list (news?newsNum=2|3|4): cover, category tabs, paged items. */
export default function News({ loaderData }: Route.ComponentProps) {
  const { newsNum, pageNum, schChange, page, cover } = loaderData;
  const label = NEWS_CATEGORIES.find((c) => c.newsNum === newsNum)!.label;
  const hrefOf = (item: NewsItem) =>
    newsNum === 4
      ? topicHref(item)
      : `/newsDetail?newId=${item.newId}&newsNum=${newsNum}&typeId=${item.typeId}`;

  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="新闻中心" heading />
      <div className="container section-body">
        <NewsCategoryTabs current={newsNum} />
        <section className="section-main" aria-label={label}>
          <Crumbs items={[{ label: '新闻中心', to: '/news?newsNum=2' }, { label }]} />
          {newsNum === 2 && (
            <div className="filter-bar" role="group" aria-label="学部">
              {SCHOOL_PARTS.map((part) => (
                <Link
                  key={part.value}
                  to={`/news?newsNum=2${part.value ? `&schChange=${part.value}` : ''}`}
                  className={schChange === part.value ? 'active' : undefined}
                  aria-current={schChange === part.value ? 'true' : undefined}
                >
                  {part.label}
                </Link>
              ))}
            </div>
          )}
          {page.list.length === 0 ? (
            <EmptyState />
          ) : newsNum === 4 ? (
            <ul className="compact-list">
              {page.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  {item.ifTop === 1 && <span className="top-badge">顶</span>}
                  <Link to={hrefOf(item)} target="_blank" title={item.newsTitle}>
                    {truncate(item.newsTitle, 40)}
                  </Link>
                  <span className="item-date">{day(item.shelvesDate)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <ul className="news-list">
              {page.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  <h3>
                    {item.ifTop === 1 && <span className="top-badge">顶</span>}
                    <Link to={hrefOf(item)} target="_blank" title={item.newsTitle}>
                      {truncate(item.newsTitle, 40)}
                    </Link>
                  </h3>
                  <p className="news-desc">{truncate(item.newsDesc, 120)}</p>
                  <p className="news-info">
                    <span>发布人：{item.releaseUser || '暂无发布人'}</span>
                    <span>{day(item.shelvesDate)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Pager total={page.total} pageNum={pageNum} pageSize={PAGE_SIZE} />
        </section>
      </div>
    </main>
  );
}
