import { isContentAdmin } from '@school/common';
import { App, Button, Form, Input, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import type { Route } from './+types/columns';
import { call, type ApiBody } from '../../api/client';
import { errorText, read, useLoadFailure, usePageLoading } from '../../api/page-data';
import { columnTree, type Column, type ColumnNode } from '../../features/news/columns/column-tree';
import { requireUser, type StoredUser } from '../../lib/session';

export const meta = () => [{ title: '栏目设置 - 内容管理平台' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  return { columns: await read('cms/column/list', {}, []) };
}

/**
 * 栏目设置: the news columns (their numbers are fixed by the site's pages):
 * rename, order, and open or close a column to teachers' posts.
 */
export default function CmsColumns({ loaderData }: Route.ComponentProps) {
  const { user } = useOutletContext<{ user: StoredUser }>();
  const { message } = App.useApp();
  const { columns } = loaderData;
  useLoadFailure(columns);
  const loading = usePageLoading();
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<Column | null>(null);
  const [form] = Form.useForm<{ typeName: string; sort: number }>();

  const tree = useMemo(() => columnTree(columns.data), [columns]);

  const save = async (change: ApiBody<'cms/column/save'>, done: string) => {
    try {
      await call('cms/column/save', change);
      message.success(done);
      void revalidate();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  if (!isContentAdmin(user)) return null;
  return (
    <section className="cms-panel" aria-label="栏目设置">
      <h1>栏目设置</h1>
      <p className="cms-hint">
        栏目编号由网站页面固定使用，不能增删；可以修改名称和排序，并决定教师能否在该栏目发布新闻（教师发布的新闻须经管理员审核）。
      </p>
      <Table<ColumnNode>
        // Rendered with its data, so every group opens (defaultExpandAllRows reads the first data).
        rowKey="typeId"
        loading={loading}
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '栏目名称', dataIndex: 'typeName' },
          { title: '编号', dataIndex: 'typeId', width: 110 },
          { title: '排序', dataIndex: 'sort', width: 80 },
          {
            title: '新闻数',
            dataIndex: 'newsCount',
            width: 90,
            render: (n: number, row) => (row.isParent ? <Tag>分组</Tag> : n),
          },
          {
            title: '教师可发布',
            width: 120,
            render: (_, row) => (
              <Switch
                checked={row.teacherOpen === 1}
                disabled={row.isParent}
                aria-label={`${row.typeName}教师可发布`}
                checkedChildren="开放"
                unCheckedChildren="关闭"
                onChange={(open) =>
                  void save(
                    { typeId: row.typeId, teacherOpen: open ? 1 : 0 },
                    open ? '已向教师开放' : '已对教师关闭',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 90,
            render: (_, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => {
                  form.setFieldsValue({ typeName: row.typeName, sort: row.sort });
                  setEditing(row);
                }}
              >
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Modal
        title={editing ? `编辑栏目：${editing.typeName}` : ''}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const values = await form.validateFields();
          if (editing && (await save({ typeId: editing.typeId, ...values }, '已保存'))) {
            setEditing(null);
          }
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="typeName"
            label="栏目名称"
            rules={[
              { required: true, whitespace: true, message: '请输入栏目名称' },
              { max: 64, message: '栏目名称不能超过64个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={100000} />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
