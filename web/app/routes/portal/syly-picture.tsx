import type { Route } from './+types/syly-picture';
import { loadGallery } from '../../features/news/gallery/gallery-list';
import { serverTransport } from '../../api/server';
import { GalleryPage } from '../../features/news/gallery/GalleryPage';
import { pageMeta } from '../../lib/meta';
import css from '../../styles/portal-media-centre.css?url';

const TYPE_ID = 11;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGallery(serverTransport(context), request.url, TYPE_ID);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: '似水流年',
    description: data?.page.list.map((i) => i.newsTitle).join('；'),
    image: data?.page.list[0]?.imgUrl || undefined,
  });

/** Gallery 似水流年 (news column 11). */
export default function SylyPicture({ loaderData }: Route.ComponentProps) {
  return <GalleryPage {...loaderData} />;
}
