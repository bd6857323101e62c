import { useOutletContext } from 'react-router';
import { StaffImport } from '../../features/people/import/StaffImport';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '人员导入 - 内容管理平台' }];

/** 人员导入 (/cms/staffImport, administrators only): staff accounts from a spreadsheet. */
export default function CmsStaffImport() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteAdminOnly user={user}>
      <StaffImport />
    </SiteAdminOnly>
  );
}
