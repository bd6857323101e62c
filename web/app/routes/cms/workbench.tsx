import { Tabs } from 'antd';
import { useOutletContext, useSearchParams } from 'react-router';
import { SiteGuard } from '../../features/settings/SiteControls';
import { WorkbenchList } from '../../features/settings/WorkbenchList';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '工作台与应用 - 内容管理平台' }];

/** /cms/workbench?menuType=1|2: the staff home's workbench and application centre (staffType 5). */
export default function CmsWorkbench() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const [params, setParams] = useSearchParams();
  const active = params.get('menuType') === '2' ? '2' : '1';
  return (
    <SiteGuard user={user} who="site">
      <section className="cms-panel" aria-label="工作台与应用">
        <h1>工作台与应用</h1>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ menuType: key }, { replace: true })}
          items={[
            { key: '1', label: '工作台', children: <WorkbenchList menuType={1} /> },
            { key: '2', label: '应用中心', children: <WorkbenchList menuType={2} /> },
          ]}
          destroyOnHidden
        />
      </section>
    </SiteGuard>
  );
}
