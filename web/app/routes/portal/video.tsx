import type { Route } from './+types/video';
import { serverTransport } from '../../api/server';
import { VIDEO_PAGE_SIZE, loadVideoCentre } from '../../features/video/portal/video-data';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageCover } from '../../components/ui/PageCover';
import { Pager } from '../../components/ui/Pager';
import { VideoGrid } from '../../features/video/portal/VideoGrid';
import { VideoTabs } from '../../features/video/portal/VideoTabs';
import { pageMeta } from '../../lib/meta';
import css from '../../styles/portal-media-centre.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadVideoCentre(serverTransport(context), request.url);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const category = data?.types.find((t) => t.typeId === data.typeId)?.typeName;
  return pageMeta(matches, {
    title: category ? `${category} - 视频中心` : '视频中心',
    description: data?.page.list.map((v) => v.videoTitle).join('；'),
    image: data?.page.list[0]?.imgUrl || undefined,
  });
};

/** The video centre (video?typeId=&pageNum=): cover, categories, a grid of 6 videos a page. */
export default function Video({ loaderData }: Route.ComponentProps) {
  const { types, typeId, pageNum, page, cover } = loaderData;
  const category = types.find((t) => t.typeId === typeId);
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="视频中心" heading />
      <div className="container video-centre">
        <section className="section-main" aria-label={category?.typeName ?? '视频中心'}>
          <Crumbs
            items={
              category
                ? [{ label: '视频中心', to: '/video' }, { label: category.typeName }]
                : [{ label: '视频中心' }]
            }
          />
          <VideoTabs types={types} current={typeId} />
          {page.list.length === 0 ? <EmptyState /> : <VideoGrid videos={page.list} />}
          <Pager total={page.total} pageNum={pageNum} pageSize={VIDEO_PAGE_SIZE} />
        </section>
      </div>
    </main>
  );
}
