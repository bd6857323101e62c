import { isSystemAdmin } from '@school/common';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/parameters';
import { read } from '../../api/page-data';
import { ParameterGroups } from '../../features/intranet/settings/ParameterGroups';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '系统参数与外部站点 - 内容管理平台' }];

/** Every code with its rows, for the administrator role only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  if (!isSystemAdmin(user)) return { groups: null };
  return { groups: await read('cms/parameter/list', {}, []) };
}

/** /cms/parameter: system parameters and external sites (staffType 5). */
export default function CmsParameters({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { groups } = loaderData;
  return (
    <SiteGuard user={user} who="site">
      {groups && <ParameterGroups loaded={groups} />}
    </SiteGuard>
  );
}
