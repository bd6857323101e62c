import { isContentAdmin } from '@school/common';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import type { StoredUser } from '../../lib/session';

/**
 * The school's own content (banners, societies, the introduction) is for
 * administrator-level users (isPower 1); others reach the address only by
 * typing it, and see why there is nothing here. The server refuses them too.
 */
export function ContentAdminOnly({ user, children }: { user: StoredUser; children: ReactNode }) {
  if (isContentAdmin(user)) return <>{children}</>;
  return <Result status="403" title="无权访问" subTitle="只有管理员可以进行此操作" />;
}
