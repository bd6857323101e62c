import { useOutletContext } from 'react-router';
import { ParameterGroups } from '../../features/settings/ParameterGroups';
import { SiteGuard } from '../../features/settings/SiteControls';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '系统参数与外部站点 - 内容管理平台' }];

/** /cms/parameter: system parameters and external sites (staffType 5). */
export default function CmsParameters() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteGuard user={user} who="site">
      <ParameterGroups />
    </SiteGuard>
  );
}
