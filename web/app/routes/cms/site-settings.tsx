import { isSystemAdmin } from '@school/common';
import { Typography } from 'antd';
import { useOutletContext } from 'react-router';
import type { Route } from './+types/site-settings';
import { read, useLoadFailure } from '../../api/page-data';
import { SiteGuard } from '../../features/intranet/settings/SiteControls';
import { SiteSettingsForm } from '../../features/site-settings/SiteSettingsForm';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '站点设置 - 内容管理平台' }];

/** The school's identity, for the administrator role only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  if (!isSystemAdmin(user)) return { settings: null };
  return { settings: await read('cms/siteSettings/get', {}, null) };
}

/** /cms/site: 站点设置 (staffType 5). */
export default function CmsSiteSettings({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { settings } = loaderData;
  useLoadFailure(settings);
  return (
    <SiteGuard user={user} who="site">
      <section className="cms-panel" aria-labelledby="site-settings-title">
        <h1 id="site-settings-title">站点设置</h1>
        <Typography.Paragraph type="secondary">
          学校的名称、标志、颜色、页脚和菜单名称。保存后门户和校内网的页面立即使用新的设置。
        </Typography.Paragraph>
        {settings?.data && <SiteSettingsForm loaded={settings.data} />}
      </section>
    </SiteGuard>
  );
}
