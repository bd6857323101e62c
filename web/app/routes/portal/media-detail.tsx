import type { Route } from './+types/media-detail';
import { browserTransport } from '../../api/client';
import { serverTransport } from '../../api/server';
import { articleMeta, loadColumnArticle } from '../../features/news/portal/article-page';
import { MEDIA_CHANNELS, channelLabel, mediaDetailHref } from '../../features/news/media/channels';
import { ColumnArticle } from '../../features/news/portal/ColumnArticle';
import { getUser } from '../../lib/session';
import sectionsCss from '../../styles/portal-sections.css?url';

/** Channels with articles (9, the societies, has none). */
const ARTICLE_CHANNELS = MEDIA_CHANNELS.map((c) => c.newsNum).filter((n) => n !== 9);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadColumnArticle(serverTransport(context), request.url, ARTICLE_CHANNELS, 'server');
}

/** Logged in: the same data with the visitor's token, so staff-only items open too. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return loadColumnArticle(browserTransport, request.url, ARTICLE_CHANNELS, 'browser');
}
// A staff member opening a staff-only item in a new tab gets it at once, with the stored token.
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data, matches }) =>
  articleMeta(data, matches, '校园媒体');

/** A media article (mediaDetail?newId=&newsNum=&typeId=) beside 10 more of its channel. */
export default function MediaDetail({ loaderData }: Route.ComponentProps) {
  const { typeId } = loaderData;
  return (
    <ColumnArticle
      page={loaderData}
      section={{ label: '校园媒体', to: '/media?newsNum=6' }}
      column={{ label: channelLabel(typeId), to: `/media?newsNum=${typeId}` }}
      hrefOf={(id) => mediaDetailHref(id, typeId)}
    />
  );
}
