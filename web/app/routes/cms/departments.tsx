import { Button, Card, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { call } from '../../api/client';
import { DepartmentEditor } from '../../features/people/DepartmentEditor';
import { DepartmentTree } from '../../features/people/DepartmentTree';
import { findDept } from '../../features/people/dept-tree';
import { useAction, useDepartmentTree } from '../../features/people/hooks';
import {
  NewDepartmentModal,
  type NewDepartmentPlace,
} from '../../features/people/NewDepartmentModal';
import { SiteAdminOnly } from '../../layouts/cms/SiteAdminOnly';
import type { StoredUser } from '../../lib/session';

export const meta = () => [{ title: '部门管理 - 内容管理平台' }];

/**
 * 部门管理 (/cms/department, administrators only): the department tree with
 * staff counts; choosing a department shows what can be done with it, and
 * departments can be dragged to another place.
 */
export default function CmsDepartments() {
  const { user } = useOutletContext<{ user: StoredUser }>();
  return (
    <SiteAdminOnly user={user}>
      <DepartmentManager />
    </SiteAdminOnly>
  );
}

function DepartmentManager() {
  const { tree, reload } = useDepartmentTree();
  const run = useAction();
  const [selected, setSelected] = useState<number | undefined>();
  const [adding, setAdding] = useState<NewDepartmentPlace | null>(null);
  const place = tree && selected !== undefined ? findDept(tree, selected) : null;

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
          {tree === null ? (
            <Spin />
          ) : tree.length === 0 ? (
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
