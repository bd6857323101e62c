import { isSystemAdmin } from '@school/common';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import type { StoredUser } from '../../lib/session';

/**
 * Accounts and departments are for the administrator role (staffType 5);
 * others reach the address only by typing it, and see why there is nothing
 * here. The server refuses them too.
 */
export function SiteAdminOnly({ user, children }: { user: StoredUser; children: ReactNode }) {
  if (isSystemAdmin(user)) return <>{children}</>;
  return <Result status="403" title="无权访问" subTitle="只有系统管理员可以进行此操作" />;
}
