import { Button, Descriptions, Form, Input, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../api/client';
import type { DeptPlace } from './dept-tree';
import { useAction } from '../../api/page-data';
import { HeadSelect } from './HeadSelect';
import type { NewDepartmentPlace } from './NewDepartmentModal';
import { slowLoading } from '../../components/ui/slow-loading';

interface DeptForm {
  deptName: string;
  /** 负责人; null: none. */
  headStaffId: number | null;
}

/**
 * The chosen department: rename it, choose its head (负责人), add a department below it or beside it,
 * move it up or down among its siblings, delete it (the server refuses while
 * departments or staff are still in it, and says which).
 */
export function DepartmentEditor({
  place,
  onAdd,
  onChanged,
  onDeleted,
}: {
  place: DeptPlace;
  onAdd: (where: NewDepartmentPlace) => void;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { node, parent, siblings, index } = place;
  const [form] = Form.useForm<DeptForm>();
  const run = useAction();
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<unknown>, done: string, after = onChanged) => {
    setBusy(true);
    const ok = await run(work, done);
    setBusy(false);
    if (ok) after();
  };

  const save = async ({ deptName, headStaffId }: DeptForm) => {
    await act(
      () =>
        call('cms/department/save', {
          deptId: node.deptId,
          deptName: deptName.trim(),
          // 0: no head.
          headStaffId: headStaffId ?? 0,
        }),
      '保存成功',
    );
  };

  const move = (direction: 'up' | 'down') =>
    act(
      () => call('cms/department/move', { deptId: node.deptId, direction }),
      direction === 'up' ? '已上移' : '已下移',
    );

  return (
    <section aria-label={`部门：${node.deptName}`}>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'parent', label: '上级部门', children: parent?.deptName ?? '（顶级部门）' },
          { key: 'head', label: '负责人', children: node.headName ?? '未设置' },
          { key: 'own', label: '本部门人数', children: `${node.staffCount} 人` },
          {
            key: 'all',
            label: '含下级部门',
            children: (
              <>
                {node.totalStaffCount} 人{' '}
                <Link to={`/cms/staff?deptId=${node.deptId}`} style={{ marginLeft: 8 }}>
                  查看用户
                </Link>
              </>
            ),
          },
        ]}
      />
      <Form
        key={`${node.deptId}-${node.headStaffId ?? 0}`}
        form={form}
        layout="inline"
        name="rename-department"
        initialValues={{ deptName: node.deptName, headStaffId: node.headStaffId ?? null }}
        onFinish={save}
        style={{ marginBottom: 16 }}
      >
        <Form.Item
          name="deptName"
          label="部门名称"
          rules={[
            { required: true, whitespace: true, message: '请输入部门名称' },
            { max: 64, message: '部门名称不能超过64个字' },
          ]}
        >
          <Input maxLength={64} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="headStaffId" label="负责人">
          <HeadSelect
            current={
              node.headStaffId && node.headName
                ? { staffId: node.headStaffId, staffName: node.headName }
                : null
            }
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={slowLoading(busy)}>
            保存
          </Button>
        </Form.Item>
      </Form>
      <Space wrap>
        <Button
          onClick={() =>
            onAdd({ parentId: node.deptId, title: `新增下级部门（${node.deptName}之下）` })
          }
        >
          新增下级部门
        </Button>
        <Button
          onClick={() =>
            onAdd({
              parentId: parent?.deptId ?? 0,
              title: parent ? `新增同级部门（${parent.deptName}之下）` : '新增同级部门（顶级）',
            })
          }
        >
          新增同级部门
        </Button>
        <Button disabled={busy || index === 0} onClick={() => void move('up')}>
          上移
        </Button>
        <Button disabled={busy || index === siblings.length - 1} onClick={() => void move('down')}>
          下移
        </Button>
        <Popconfirm
          title={`确定删除部门${node.deptName}吗？`}
          description="有下级部门或用户的部门不能删除。"
          okText="确定"
          cancelText="取消"
          onConfirm={() =>
            act(() => call('cms/department/delete', { deptId: node.deptId }), '删除成功', onDeleted)
          }
        >
          <Button danger disabled={busy}>
            删除
          </Button>
        </Popconfirm>
      </Space>
    </section>
  );
}
