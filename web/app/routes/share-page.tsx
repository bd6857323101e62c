import type { Route } from './+types/share-page';
import { load } from '../api/load';
import { intSearch } from '../api/page-data';
import { serverTransport } from '../api/server';
import { SharePage } from '../features/drive/SharePage';
import shareStyles from '../styles/share-page.css?url';
import type { PageHandle } from '../lib/static-page';
import { useSite } from '../root';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: shareStyles }];

/** Uses the drive's antd components, which the portal does not: root.tsx links their styles. */
export const handle: PageHandle = { staffStyles: true };

export const meta = () => [{ title: '文件分享 - 教学网盘' }];

/** A share link's code as the address carries it; anything else opens no share. */
const SHARE_CODE = /^[A-Za-z0-9_-]{1,16}$/;

/**
 * /s/:shareCode (issue 19): the share page a phone, or a desktop without a
 * login, opens from a /judgePage link. Open without a login.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shareCode = SHARE_CODE.test(params.shareCode) ? params.shareCode : '';
  // The link as it opens, on the server: a page a phone reads before any script has run.
  const transport = serverTransport(context);
  const [first, link] = shareCode
    ? await Promise.all([
        load(transport, 'share/getShareInfo', { shareCode, extractCode: '' }),
        load(transport, 'share/getShareLink', { shareCode }),
      ])
    : [{ ok: false, status: 404, message: '分享链接不正确' } as const, null];
  return {
    shareCode,
    resourcesId: intSearch(new URL(request.url).searchParams, 'resourcesId'),
    first: first.ok ? { info: first.data, message: null } : { info: null, message: first.message },
    sharerName: link?.ok ? link.data.sharerName : null,
  };
}

export default function ShareRoute({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <SharePage
      key={loaderData.shareCode}
      shareCode={loaderData.shareCode}
      resourcesId={loaderData.resourcesId}
      first={loaderData.first}
      sharerName={loaderData.sharerName}
      schoolName={site.name}
    />
  );
}
