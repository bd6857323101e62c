import { isSystemAdmin } from '@school/common';
import { Button, Card, Empty, Typography } from 'antd';
import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/departments';
import { call } from '../../api/client';
import { read, useAction, useLoadFailure, type Read } from '../../api/page-data';
import { DepartmentEditor } from '../../features/people/DepartmentEditor';
import { DepartmentTree } from '../../features/people/DepartmentTree';
import { findDept, type DeptNode } from '../../features/people/dept-tree';
import {
  NewDepartmentModal,
  type NewDepartmentPlace,
} from '../../features/people/NewDepartmentModal';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '部门管理 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  if (!isSystemAdmin(user)) return { tree: null };
  return { tree: await read('cms/department/tree', {}, []) };
}

/**
 * 部门管理 (/cms/department, administrators only): the department tree with
 * staff counts; choosing a department shows what can be done with it, and
 * departments can be dragged to another place.
 */
export default function CmsDepartments({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteAdminOnly user={user}>
      {loaderData.tree && <DepartmentManager loaded={loaderData.tree} />}
    </SiteAdminOnly>
  );
}

function DepartmentManager({ loaded }: { loaded: Read<DeptNode[]> }) {
  useLoadFailure(loaded);
  const tree = loaded.data;
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const run = useAction();
  const [selected, setSelected] = useState<number | undefined>();
  const [adding, setAdding] = useState<NewDepartmentPlace | null>(null);
  const place = selected !== undefined ? findDept(tree, selected) : null;

  const move = async (deptId: number, parentId: number, position: number) => {
    const moved = await run(
      () => call('cms/department/move', { deptId, parentId, position }),
      '已移动',
    );
    if (moved) {
      setSelected(deptId);
      reload();
    }
  };

  const addTop = () => setAdding({ parentId: 0, title: '新增顶级部门' });

  return (
    <section className="cms-panel" aria-label="部门管理">
      <h1>部门管理</h1>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card
          size="small"
          title="部门结构"
          extra={
            <Button size="small" onClick={addTop}>
              新增顶级部门
            </Button>
          }
          style={{ width: 420, flex: 'none' }}
        >
          {tree.length === 0 ? (
            <Empty description="暂无部门" />
          ) : (
            <>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                拖动部门可以调整位置和上级部门
              </Typography.Paragraph>
              <DepartmentTree
                tree={tree}
                selected={selected}
                onSelect={setSelected}
                onMove={(deptId, parentId, position) => void move(deptId, parentId, position)}
              />
            </>
          )}
        </Card>
        <Card size="small" title="部门信息" style={{ flex: 1, minWidth: 0 }}>
          {place ? (
            <DepartmentEditor
              place={place}
              onAdd={setAdding}
              onChanged={reload}
              onDeleted={() => {
                setSelected(undefined);
                reload();
              }}
            />
          ) : (
            <Empty description="请在左侧选择一个部门" />
          )}
        </Card>
      </div>
      <NewDepartmentModal
        place={adding}
        onClose={() => setAdding(null)}
        onCreated={(deptId) => {
          setAdding(null);
          setSelected(deptId);
          reload();
        }}
      />
    </section>
  );
}
