import { Spin } from 'antd';
import { Outlet, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/layout';
import { CmsFrame } from '../../layouts/cms/CmsFrame';
import { requireUser } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSite } from '../../root';
import cmsCss from '../../styles/cms.css?url';
import editorCss from '../../styles/editor.css?url';
import type { PageHandle } from '../../lib/static-page';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: cmsCss },
  { rel: 'stylesheet', href: editorCss },
];

/** Uses antd components the portal does not: root.tsx links their styles too. */
export const handle: PageHandle = { staffStyles: true };

export const meta = () => [{ title: '内容管理平台' }];

/** Staff only: without a stored login the visitor goes home, logs in and comes back. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="staff-loading">
      <Spin size="large" />
    </div>
  );
}

/** The content-management platform: its frame around the section that is open. */
export default function CmsLayout({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const user = useUser() ?? loaderData.user;
  const navigation = useNavigation();
  const location = useLocation();
  // Another section is being read: show it loading, as it shows while it hydrates.
  const to = navigation.location?.pathname ?? '';
  const opening =
    navigation.state === 'loading' &&
    to !== location.pathname &&
    (to === '/cms' || to.startsWith('/cms/'));
  return (
    <CmsFrame user={user} site={site}>
      {opening ? <Spin size="large" className="cms-loading" /> : <Outlet context={{ user }} />}
    </CmsFrame>
  );
}
