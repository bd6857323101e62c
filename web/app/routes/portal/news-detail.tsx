import type { Route } from './+types/news-detail';
import { browserTransport } from '../../api/client';
import {
  articleOrMissing,
  loadArticle,
  type ArticlePageData,
} from '../../features/news/portal/news-detail';
import { serverTransport } from '../../api/server';
import { ColumnArticle } from '../../features/news/portal/ColumnArticle';
import { NEWS_CATEGORIES } from '../../features/news/portal/NewsCategoryTabs';
import { getUser } from '../../lib/session';
import { pageMeta } from '../../lib/meta';
import { plainText } from '../../lib/text';
import type { PageHandle } from '../../lib/static-page';

/**
 * Read without React by visitors (lib/static-page.ts), its pictures or videos turned by the
 * page's script; an article the visitor may not read runs React, so that a staff member's
 * stored token can load it.
 */
export const handle: PageHandle = {
  hydrate: (data) => !(data as ArticlePageData | undefined)?.detail.ok,
  widgets: (data) => {
    const detail = (data as ArticlePageData | undefined)?.detail;
    return detail?.ok === true && detail.data.imgOrViewList.length > 0;
  },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return articleOrMissing(await loadArticle(serverTransport(context), request.url, 2), 'server');
}

/** Logged in: the same data with the visitor's token, so staff-only items open too. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return articleOrMissing(await loadArticle(browserTransport, request.url, 2), 'browser');
}
// A staff member opening a staff-only item in a new tab gets it at once, with the stored token.
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const item = page?.detail.ok ? page.detail.data : undefined;
  return pageMeta(matches, {
    title: item?.newsTitle ?? '新闻详情',
    description: item ? item.newsDesc || plainText(item.newsContent) : '',
    image: item?.imgUrl || item?.imgOrViewList[0]?.filePath,
    type: 'article',
  });
};

/** News article (newsDetail?newId=&newsNum=&typeId=). */
export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const item = loaderData.detail.ok ? loaderData.detail.data : undefined;
  const typeId = item?.typeId ?? 2;
  const newsNum = NEWS_CATEGORIES.find((c) => c.newsNum === typeId)?.newsNum ?? 2;
  return (
    <ColumnArticle
      page={loaderData}
      section={{ label: '新闻中心', to: '/news?newsNum=2' }}
      column={{
        label: NEWS_CATEGORIES.find((c) => c.newsNum === newsNum)!.label,
        to: `/news?newsNum=${newsNum}`,
      }}
      hrefOf={(id) => `/newsDetail?newId=${id}&newsNum=${typeId}&typeId=${typeId}`}
    />
  );
}
