import type { Route } from './+types/share-page';
import { intSearch } from '../api/page-data';
import { SharePage } from '../features/drive/SharePage';
import shareStyles from '../styles/share-page.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: shareStyles }];

export const meta = () => [{ title: '文件分享 - 教学网盘' }];

/** A share link's code as the address carries it; anything else opens no share. */
const SHARE_CODE = /^[A-Za-z0-9_-]{1,16}$/;

/**
 * /s/:shareCode (issue 19): the share page a phone, or a desktop without a
 * login, opens from a /judgePage link. Open without a login.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const shareCode = SHARE_CODE.test(params.shareCode) ? params.shareCode : '';
  return {
    shareCode,
    resourcesId: intSearch(new URL(request.url).searchParams, 'resourcesId'),
  };
}

export default function ShareRoute({ loaderData }: Route.ComponentProps) {
  return <SharePage shareCode={loaderData.shareCode} resourcesId={loaderData.resourcesId} />;
}
