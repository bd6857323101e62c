import { Card, Tabs } from 'antd';
import { useLocation } from 'react-router';
import type { Route } from './+types/search-page';
import {
  intSearch,
  read,
  useLoadFailure,
  usePageLoading,
  useSearchState,
} from '../../api/page-data';
import type { VideoType } from '../../features/video/portal/video-data';
import { Crumbs } from '../../components/ui/Crumbs';
import { SearchFilters, type FilterValues } from '../../features/sitesearch/SearchFilters';
import { SearchResults, type SearchAnswer } from '../../features/sitesearch/SearchResults';
import { FILTER_KEYS, SEARCH_TABS, tabOf } from '../../features/sitesearch/search-form';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '搜索结果 - 校内网' }];

/** intranet.md §9: search results 12 a page. */
const PAGE_SIZE = 12;
const EMPTY: SearchAnswer = { total: 0, list: [], newsList: [], videoList: [] };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const type = tabOf(params.get('type'));
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]),
  ) as FilterValues;
  const pageNum = intSearch(params, 'pageNum') ?? 1;
  const [answer, videoTypes] = await Promise.all([
    read(
      'search/getSearchList',
      { type, ...filters, enableType: 2, pageNum, pageSize: PAGE_SIZE },
      EMPTY,
    ),
    type === 5
      ? read('video/getVideoTypeList', {}, [])
      : Promise.resolve({ data: [] as VideoType[], error: null }),
  ]);
  return { type, filters, pageNum, answer, videoTypes };
}

/** The site search (intranet.md §2 sechresPage): five tabs and 查资料, each with its own filters. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { type, filters, pageNum, answer, videoTypes } = loaderData;
  useLoadFailure(answer, videoTypes);
  const { change, setPage } = useSearchState();
  const loading = usePageLoading();
  const location = useLocation();
  const clear = Object.fromEntries(FILTER_KEYS.map((key) => [key, undefined]));
  return (
    <main id="main" className="container staff-detail">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">站内搜索</h1>
      <Crumbs home="/teachPage" items={[{ label: '搜索结果' }]} />
      <Card className="staff-card">
        <Tabs
          activeKey={String(type)}
          // Another tab searches anew from page 1, keeping the words typed.
          onChange={(key) => change({ ...clear, str: filters.str, type: key })}
          items={SEARCH_TABS.map((tab) => ({ key: String(tab.type), label: tab.label }))}
        />
        <SearchFilters
          type={type}
          values={filters}
          videoTypes={videoTypes.data}
          onSearch={(values) => change({ ...clear, ...values, type })}
        />
        <SearchResults
          type={type}
          answer={answer.data}
          pageNum={pageNum}
          pageSize={PAGE_SIZE}
          search={location.search}
          keyword={filters.str ?? ''}
          loading={loading}
          onPage={setPage}
        />
      </Card>
    </main>
  );
}
