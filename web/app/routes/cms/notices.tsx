import { useOutletContext } from 'react-router';
import { NoticeList } from '../../features/settings/NoticeList';
import { SiteGuard } from '../../features/settings/SiteControls';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '滚动通知 - 内容管理平台' }];

/** /cms/notice: the intranet's rolling notices (administrators, isPower 1). */
export default function CmsNotices() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteGuard user={user} who="content">
      <NoticeList />
    </SiteGuard>
  );
}
