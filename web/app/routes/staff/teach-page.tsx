import { Card, Descriptions, Empty, Skeleton, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { staffTypeName } from '@school/common';
import type { Route } from './+types/teach-page';
import { call } from '../../api/client';
import { useApiData } from '../../api/page-data';
import type { Department } from '../../api/types';
import { requireUser } from '../../lib/session';
import { truncate } from '../../lib/text';
import { useUser } from '../../lib/use-user';

export const meta = () => [{ title: '校内网首页' }];

/** The caller's departments (none when they cannot be read); the layout guarantees a login. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const departments = user
    ? await call<Department[]>('dept/getDeptList', { userId: user.staffId }).catch(() => [])
    : [];
  return { departments };
}

/** The child departments of one tab, read when the tab is first shown (antd keeps it after). */
function ChildDepartments({ staffId, deptId }: { staffId: number; deptId: number }) {
  const { data: children } = useApiData<Department[]>(
    'dept/getChildDeptList',
    { userId: staffId, deptId },
    [],
    { quiet: true },
  );
  if (!children) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (children.length === 0) return <p className="muted">该部门没有下级部门</p>;
  return (
    <ul className="child-depts">
      {children.map((child) => (
        <li key={child.deptId} title={child.deptName}>
          {truncate(child.deptName, 5)}
        </li>
      ))}
    </ul>
  );
}

/** Staff home: who is logged in and their departments with the child departments. */
export default function TeachPage({ loaderData }: Route.ComponentProps) {
  const user = useUser();
  const { departments } = loaderData;
  const [active, setActive] = useState<number | undefined>(departments[0]?.deptId);

  if (!user) return null;
  return (
    <main className="container staff-home">
      <Card title="个人信息" className="staff-card">
        <Descriptions column={{ xs: 1, sm: 2, md: 4 }}>
          <Descriptions.Item label="姓名">{user.staffName}</Descriptions.Item>
          <Descriptions.Item label="账号">{user.staffCode}</Descriptions.Item>
          <Descriptions.Item label="身份">
            <Tag color={user.staffType === 5 ? 'gold' : 'blue'}>
              {staffTypeName(user.staffType)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="邮箱">{user.email ?? '未填写'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="我的部门" className="staff-card">
        {departments.length === 0 ? (
          <Empty description="暂无部门信息" />
        ) : (
          <Tabs
            activeKey={String(active)}
            onChange={(key) => setActive(Number(key))}
            items={departments.map((dept) => ({
              key: String(dept.deptId),
              label: dept.deptName,
              children: <ChildDepartments staffId={user.staffId} deptId={dept.deptId} />,
            }))}
          />
        )}
      </Card>
    </main>
  );
}
