import type { Route } from './+types/media';
import { emptyPage, intParam, load, pageOr } from '../../api/load';
import { SOCIETY_CATEGORIES } from '../../features/showcase/portal/media-societies';
import { serverTransport } from '../../api/server';
import type { NewsItem } from '@school/common/api';
import { Crumbs } from '../../components/ui/Crumbs';
import { PageCover } from '../../components/ui/PageCover';
import { Pager } from '../../components/ui/Pager';
import {
  MEDIA_CHANNELS,
  MEDIA_TABS,
  SOCIETIES_CHANNEL,
  channelLabel,
} from '../../features/news/media/channels';
import { MediaList } from '../../features/news/media/MediaList';
import { SideTabs } from '../../components/ui/SideTabs';
import { Societies } from '../../features/showcase/portal/Societies';
import { pageMeta } from '../../lib/meta';
import sectionsCss from '../../styles/portal-sections.css?url';

const PAGE_SIZE = 5;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = intParam(url, 'newsNum', 6);
  const newsNum = MEDIA_CHANNELS.some((c) => c.newsNum === asked) ? asked : 6;
  const pageNum = intParam(url, 'pageNum', 1);
  const askedType = intParam(url, 'associationType', 1);
  const associationType = SOCIETY_CATEGORIES.some((c) => c.type === askedType) ? askedType : 1;
  const api = serverTransport(context);
  const societiesView = newsNum === SOCIETIES_CHANNEL;
  const [cover, page, societies] = await Promise.all([
    load(api, 'coverPic/getCoverPic', { typeId: 5 }),
    societiesView
      ? undefined
      : load(api, 'news/getNewsList', {
          typeId: newsNum,
          pageNum,
          pageSize: PAGE_SIZE,
          enableType: 1,
        }),
    societiesView ? load(api, 'news/getSocietyList') : undefined,
  ]);
  return {
    newsNum,
    pageNum,
    associationType,
    cover: cover.ok ? cover.data[0] : undefined,
    page: page ? pageOr(page) : emptyPage<NewsItem>(),
    societies: societies?.ok ? societies.data : [],
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: `${channelLabel(data?.newsNum ?? 6)} - 校园媒体`,
    description:
      data?.newsNum === SOCIETIES_CHANNEL
        ? data.societies.map((s) => s.associationName).join('、')
        : data?.page.list.map((i) => i.newsTitle).join('；'),
  });

/**
 * Campus media (media?newsNum=6|7|8|9): the cover, the channel tabs, and the
 * channel's items 5 a page, or for 9 the student societies by category.
 */
export default function Media({ loaderData }: Route.ComponentProps) {
  const { newsNum, pageNum, associationType, cover, page, societies } = loaderData;
  const label = channelLabel(newsNum);
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="校园媒体" heading />
      <div className="container section-body">
        <SideTabs title="校园媒体" tabs={MEDIA_TABS} current={newsNum} />
        <section className="section-main" aria-label={label}>
          <Crumbs items={[{ label: '校园媒体', to: '/media?newsNum=6' }, { label }]} />
          {newsNum === SOCIETIES_CHANNEL ? (
            <Societies societies={societies} current={associationType} />
          ) : (
            <>
              <MediaList items={page.list} />
              <Pager total={page.total} pageNum={pageNum} pageSize={PAGE_SIZE} />
            </>
          )}
        </section>
      </div>
    </main>
  );
}
