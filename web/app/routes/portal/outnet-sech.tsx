import type { Route } from './+types/outnet-sech';
import { loadSearch, SEARCH_PAGE_SIZE } from '../../features/news/search/search-results';
import { serverTransport } from '../../api/server';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { SearchBox } from '../../features/news/search/SearchBox';
import { SearchResults } from '../../features/news/search/SearchResults';
import { pageMeta } from '../../lib/meta';
import css from '../../styles/portal-intro.css?url';
import type { PageHandle } from '../../lib/static-page';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

/** Read without React by visitors (lib/static-page.ts): links, the pager and the search form. */
export const handle: PageHandle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSearch(serverTransport(context), request.url);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const keyword = data?.keyword ?? '';
  const total = data?.result?.ok ? data.result.data.total : 0;
  return [
    ...pageMeta(matches, {
      title: keyword ? `搜索：${keyword}` : '搜索',
      description: keyword
        ? `找到 ${total} 条与“${keyword}”相关的结果`
        : '搜索新闻、专栏、图片与视频',
    }),
    // Result pages change with every keyword; search engines should not keep them.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

/** Search results (outnetSech?newsTitle=<keyword>): 10 per page, each opening in a new tab. */
export default function OutnetSech({ loaderData }: Route.ComponentProps) {
  const { keyword, pageNum, result, columns } = loaderData;
  return (
    <main id="main" className="search-page container">
      <h1 className="visually-hidden">站内搜索</h1>
      <Crumbs items={[{ label: '搜索结果' }]} />
      <section className="search-panel" aria-label="搜索结果">
        <SearchBox keyword={keyword} />
        {!result ? (
          <EmptyState text="请输入搜索内容" />
        ) : !result.ok ? (
          <EmptyState text={result.status === 400 ? result.message : '暂无数据'} />
        ) : (
          <>
            <p className="search-count" role="status">
              找到 <strong>{result.data.total}</strong> 条与“<mark>{keyword}</mark>”相关的结果
            </p>
            <SearchResults hits={result.data.list} keyword={keyword} columns={columns} />
            <Pager total={result.data.total} pageNum={pageNum} pageSize={SEARCH_PAGE_SIZE} />
          </>
        )}
      </section>
    </main>
  );
}
