import type { Route } from './+types/video-detail';
import { browserTransport, type Transport } from '../../api/client';
import { articleOrMissing, type LoadSide } from '../../features/news/portal/news-detail';
import { serverTransport } from '../../api/server';
import { loadVideoPage, videoDetailHref } from '../../features/video/portal/video-data';
import { Crumbs } from '../../components/ui/Crumbs';
import { SideList } from '../../components/ui/SideList';
import { StaffOnlyNotice } from '../../components/ui/StaffOnlyNotice';
import { VideoArticle } from '../../features/video/portal/VideoArticle';
import { videoCentreHref } from '../../features/video/portal/categories';
import { pageMeta } from '../../lib/meta';
import { getUser } from '../../lib/session';
import { plainText } from '../../lib/text';
import css from '../../styles/portal-media-centre.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

async function loadPage(transport: Transport, url: string, side: LoadSide) {
  return articleOrMissing(await loadVideoPage(transport, url), side);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPage(serverTransport(context), request.url, 'server');
}

/**
 * Logged in: the same data with the visitor's token, so staff-only videos open too.
 * It runs on hydration too, so a staff-only link opened in a new tab shows to
 * the logged-in reader; anonymous readers keep the server's data (no request).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return loadPage(browserTransport, request.url, 'browser');
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const video = page?.detail.ok ? page.detail.data : undefined;
  return pageMeta(matches, {
    title: video?.videoTitle ?? '视频中心',
    description: video ? video.videoDesc || plainText(video.videoContent) : '',
    image: video?.imgUrl || undefined,
    type: 'article',
  });
};

/** A video (videoDetail?videoId=&typeId=): player, catalogue, introduction, staff actions. */
export default function VideoDetail({ loaderData }: Route.ComponentProps) {
  const { detail, files, filePage, fileNo, related, videoId, typeId } = loaderData;
  const video = detail.ok ? detail.data : undefined;
  const categoryName =
    video?.typeName ?? (typeId ? related.find((v) => v.typeId === typeId)?.typeName : undefined);
  return (
    <main id="main" className="detail-page container video-detail">
      <Crumbs
        items={[
          { label: '视频中心', to: '/video' },
          ...(categoryName ? [{ label: categoryName, to: videoCentreHref(typeId) }] : []),
          { label: '正文' },
        ]}
      />
      <div className="detail-body">
        <div className="detail-main">
          {video ? (
            <VideoArticle
              key={video.videoId}
              video={video}
              files={files.list}
              filesTotal={files.total}
              filePage={filePage}
              fileNo={fileNo}
            />
          ) : (
            <StaffOnlyNotice message={detail.ok ? '' : detail.message} />
          )}
        </div>
        <SideList
          title="同类视频"
          items={related.map((v) => ({ id: v.videoId, title: v.videoTitle, date: v.createDate }))}
          currentId={videoId}
          hrefOf={(id) => videoDetailHref({ videoId: id, typeId })}
        />
      </div>
    </main>
  );
}
