import { Card, Descriptions, Empty, Skeleton, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { staffTypeName } from '@school/common';
import { call } from '../../api/client';
import type { Department } from '../../api/types';
import { truncate } from '../../lib/text';
import { useUser } from '../../lib/use-user';

export const meta = () => [{ title: '校内网首页' }];

/** Staff home: who is logged in and their departments with the child departments. */
export default function TeachPage() {
  const user = useUser();
  const [departments, setDepartments] = useState<Department[] | null>(null);
  const [active, setActive] = useState<number>();
  const [children, setChildren] = useState<Record<number, Department[]>>({});

  useEffect(() => {
    if (!user) return;
    call<Department[]>('dept/getDeptList', { userId: user.staffId })
      .then((rows) => {
        setDepartments(rows);
        setActive(rows[0]?.deptId);
      })
      .catch(() => setDepartments([]));
  }, [user]);

  useEffect(() => {
    if (!user || active === undefined || children[active]) return;
    call<Department[]>('dept/getChildDeptList', { userId: user.staffId, deptId: active })
      .then((rows) => setChildren((all) => ({ ...all, [active]: rows })))
      .catch(() => setChildren((all) => ({ ...all, [active]: [] })));
  }, [user, active, children]);

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
        {departments === null ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : departments.length === 0 ? (
          <Empty description="暂无部门信息" />
        ) : (
          <Tabs
            activeKey={String(active)}
            onChange={(key) => setActive(Number(key))}
            items={departments.map((dept) => ({
              key: String(dept.deptId),
              label: dept.deptName,
              children: children[dept.deptId] ? (
                children[dept.deptId].length ? (
                  <ul className="child-depts">
                    {children[dept.deptId].map((child) => (
                      <li key={child.deptId} title={child.deptName}>
                        {truncate(child.deptName, 5)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">该部门没有下级部门</p>
                )
              ) : (
                <Skeleton active paragraph={{ rows: 1 }} />
              ),
            }))}
          />
        )}
      </Card>
    </main>
  );
}
