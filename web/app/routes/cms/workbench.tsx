import { isSystemAdmin } from '@school/common';
import { Tabs } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import type { Route } from './+types/workbench';
import { read } from '../../api/page-data';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { WorkbenchList } from '../../features/intranet/settings/WorkbenchList';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '工作台与应用 - 内容管理平台' }];

/** The open list's entries (?menuType=2: the application centre), for the administrator role. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const menuType = new URL(request.url).searchParams.get('menuType') === '2' ? 2 : 1;
  if (!isSystemAdmin(user)) return { menuType, rows: null };
  return { menuType, rows: await read('cms/workbench/list', { menuType }, []) };
}

/** /cms/workbench?menuType=1|2: the staff home's workbench and application centre (staffType 5). */
export default function CmsWorkbench({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [, setParams] = useSearchParams();
  const { menuType, rows } = loaderData;
  const active = String(menuType);
  // Only the open tab is drawn (destroyOnHidden): the loader read its entries.
  const list = (type: 1 | 2) =>
    rows && type === menuType ? <WorkbenchList menuType={type} loaded={rows} /> : null;
  return (
    <SiteGuard user={user} who="site">
      <section className="cms-panel" aria-label="工作台与应用">
        <h1>工作台与应用</h1>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ menuType: key }, { replace: true })}
          items={[
            { key: '1', label: '工作台', children: list(1) },
            { key: '2', label: '应用中心', children: list(2) },
          ]}
          destroyOnHidden
        />
      </section>
    </SiteGuard>
  );
}
