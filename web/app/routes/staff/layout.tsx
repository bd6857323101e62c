import { Spin } from 'antd';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { call } from '../../api/client';
import { StaffChrome } from '../../layouts/staff/StaffChrome';
import { requireUser } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSite } from '../../root';
import type { PageHandle } from '../../lib/static-page';

/**
 * Uses antd components the portal does not: root.tsx links their styles too. Its pages are
 * shells (their data loads in the browser with the stored token), the same for all staff.
 */
export const handle: PageHandle = { staffStyles: true, keptForStaff: true };

/**
 * Route guard of intranet.md §2: without a stored login the visitor goes to
 * the home page, which warns 请先登录 and comes back here after login.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  // The chrome's school sites (XNZD) and its forum and service links (BK, FYZR).
  const [rows, notices] = await Promise.all([
    call('sysParameter/getParameterList', {
      parameteCodes: 'XNZD,BK,FYZR,GLPTBJ',
    }).catch(() => []),
    call('rollingNews/getRollingNews').catch(() => []),
  ]);
  return {
    user,
    notices,
    sites: rows.filter((row) => row.parameteCode === 'XNZD'),
    links: Object.fromEntries(
      rows.filter((r) => r.parameteCode !== 'XNZD').map((r) => [r.parameteCode, r.parameteValue]),
    ),
  };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="staff-loading">
      <Spin size="large" />
    </div>
  );
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const user = useUser() ?? loaderData.user;
  return (
    <StaffChrome
      user={user}
      site={site}
      sites={loaderData.sites}
      links={loaderData.links}
      notices={loaderData.notices}
    >
      <Outlet />
    </StaffChrome>
  );
}
