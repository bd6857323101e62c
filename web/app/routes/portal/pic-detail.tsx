import type { Route } from './+types/pic-detail';
import { newsArticle, newsTarget } from '../../components/article/news-article';
import { browserTransport, type Transport } from '../../api/client';
import { intParam } from '../../api/load';
import {
  articleOrMissing,
  loadArticle,
  type LoadSide,
} from '../../features/news/portal/news-detail';
import { serverTransport } from '../../api/server';
import { ArticleView } from '../../components/article/ArticleView';
import { Crumbs } from '../../components/ui/Crumbs';
import { galleryOf, isGalleryType, picDetailHref } from '../../features/news/gallery/galleries';
import { SideList } from '../../components/ui/SideList';
import { StaffOnlyNotice } from '../../components/ui/StaffOnlyNotice';
import { pageMeta } from '../../lib/meta';
import { getUser } from '../../lib/session';
import { plainText } from '../../lib/text';
import css from '../../styles/portal-media-centre.css?url';

/** The picture slider turns every 3 seconds (portal spec §9). */
const SLIDER_SPEED = 3000;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

async function loadPicture(transport: Transport, url: string, side: LoadSide) {
  const newTxt = intParam(url, 'newTxt', 12);
  const result = await loadArticle(transport, url, galleryOf(newTxt).typeId);
  return articleOrMissing({ ...result, newTxt }, side);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPicture(serverTransport(context), request.url, 'server');
}

/**
 * Logged in: the same data with the visitor's token, so staff-only items open too.
 * It runs on hydration too, so a staff-only link opened in a new tab shows to
 * the logged-in reader; anonymous readers keep the server's data (no request).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return loadPicture(browserTransport, request.url, 'browser');
}
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const item = page?.detail.ok ? page.detail.data : undefined;
  return pageMeta(matches, {
    title: item?.newsTitle ?? '图片中心',
    description: item ? item.newsDesc || plainText(item.newsContent) : '',
    image: item?.imgOrViewList[0]?.filePath || item?.imgUrl,
    type: 'article',
  });
};

/** A gallery item (picdetail?newId=&newTxt=11|12): title, picture slider, body. */
export default function PicDetail({ loaderData }: Route.ComponentProps) {
  const { detail, latest, newId, newTxt } = loaderData;
  const item = detail.ok ? detail.data : undefined;
  // The breadcrumb follows newTxt; the item's own column when newTxt is not a gallery.
  const gallery = galleryOf(isGalleryType(newTxt) ? newTxt : item?.typeId);
  // An item without slider pictures shows its cover picture instead.
  const pictures =
    item && item.imgOrViewList.length === 0 && item.imgUrl
      ? [
          {
            fileId: null,
            fileName: item.newsTitle,
            filePath: item.imgUrl,
            oldfile: 0,
            caption: null,
          },
        ]
      : (item?.imgOrViewList ?? []);
  return (
    <main id="main" className="detail-page container pic-detail">
      <Crumbs
        items={[
          { label: '图片中心', to: '/picture' },
          { label: gallery.label, to: gallery.path },
          { label: '正文' },
        ]}
      />
      <div className="detail-body">
        <div className="detail-main">
          {item ? (
            <ArticleView
              key={item.newId}
              unpublished={item.published === false}
              article={newsArticle(item, {
                contentKind: item.newcontenttype === 3 ? 3 : 2,
                media: pictures,
              })}
              target={newsTarget(item)}
              carouselSpeed={SLIDER_SPEED}
            />
          ) : (
            <StaffOnlyNotice message={detail.ok ? '' : detail.message} />
          )}
        </div>
        <SideList
          title={`更多${gallery.label}`}
          items={latest.map((n) => ({ id: n.newId, title: n.newsTitle, date: n.shelvesDate }))}
          currentId={newId}
          hrefOf={(id) =>
            picDetailHref(id, latest.find((n) => n.newId === id)?.typeId ?? gallery.typeId)
          }
        />
      </div>
    </main>
  );
}
