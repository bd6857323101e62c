import { FACET_NAME_MAX } from '@school/common';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Switch,
  Table,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { errorText, useApiData } from '../../api/page-data';
import { FACET_LABELS, valuesOf, type FacetKind, type FacetValue } from './facet-data';

const KINDS: FacetKind[] = ['stage', 'grade', 'subject', 'edition'];

interface Editing {
  id?: number;
  kind: FacetKind;
  name: string;
  parentId?: number;
}

/**
 * 分面字典 (drive administrators): the values of 学段, 年级 (under a 学段), 学科 and 教材版本,
 * with how many library files use each; add, rename, move up or down, disable (kept on the
 * files that have it, offered no more) and delete one no file uses. `onChanged`: the page
 * reads its panel again.
 */
export function FacetAdminDrawer({
  open,
  onClose,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Editing>();
  const [kind, setKind] = useState<FacetKind>('subject');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const { data, reload } = useApiData(open ? 'resources/getFacets' : null, {}, []);
  const all = data ?? [];
  const stages = valuesOf(all, 'stage');

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
      reload();
      onChanged();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  const edit = (row: Editing) => {
    setEditing(row);
    form.setFieldsValue({ name: row.name, parentId: row.parentId });
  };

  const save = async () => {
    let values: Editing;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    const name = values.name.trim();
    const worked = await act(
      () =>
        editing?.id
          ? call('resources/editFacet', {
              id: editing.id,
              name,
              parentId: editing.kind === 'grade' ? values.parentId : undefined,
            })
          : call('resources/addFacet', { kind, name, parentId: values.parentId }),
      editing?.id ? '修改成功' : '新增成功',
    );
    setSaving(false);
    if (worked) setEditing(null);
  };

  const columns = [
    {
      title: '名称',
      key: 'name',
      render: (_: unknown, row: FacetValue) => row.name,
    },
    ...(kind === 'grade'
      ? [
          {
            title: '学段',
            key: 'stage',
            width: 70,
            render: (_: unknown, row: FacetValue) =>
              stages.find((stage) => stage.id === row.parentId)?.name ?? '—',
          },
        ]
      : []),
    {
      title: '文件数',
      key: 'use',
      width: 70,
      render: (_: unknown, row: FacetValue) => row.useNum ?? 0,
    },
    {
      title: '启用',
      key: 'enabled',
      width: 64,
      render: (_: unknown, row: FacetValue) => (
        <Switch
          size="small"
          checked={row.enabled}
          aria-label={`启用 ${row.name}`}
          onChange={(on) =>
            void act(
              () => call('resources/editFacet', { id: row.id, enabled: on ? '1' : '0' }),
              on ? '已启用' : '已停用',
            )
          }
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 190,
      render: (_: unknown, row: FacetValue) => (
        <div className="facet-admin-actions">
          <Button
            type="link"
            size="small"
            aria-label={`上移 ${row.name}`}
            onClick={() =>
              void act(
                () => call('resources/moveFacet', { id: row.id, direction: 'up' }),
                '移动成功',
              )
            }
          >
            上移
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`下移 ${row.name}`}
            onClick={() =>
              void act(
                () => call('resources/moveFacet', { id: row.id, direction: 'down' }),
                '移动成功',
              )
            }
          >
            下移
          </Button>
          <Button
            type="link"
            size="small"
            aria-label={`重命名 ${row.name}`}
            onClick={() =>
              edit({
                id: row.id,
                kind: row.kind,
                name: row.name,
                parentId: row.parentId ?? undefined,
              })
            }
          >
            重命名
          </Button>
          <Popconfirm
            title="提示"
            description={`是否删除${FACET_LABELS[row.kind]}“${row.name}”？有文件使用的值不能删除，可以停用。`}
            okText="确定"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => act(() => call('resources/delFacet', { id: row.id }), '删除成功')}
          >
            <Button type="link" size="small" danger aria-label={`删除 ${row.name}`}>
              删除
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  return (
    <Drawer
      title="教学分面字典"
      size={640}
      open={open}
      onClose={onClose}
      className="facet-admin"
      extra={
        <Button type="primary" onClick={() => edit({ kind, name: '' })}>
          新增{FACET_LABELS[kind]}
        </Button>
      }
    >
      <p className="muted">
        停用的值不再供上传和编辑时选择，已使用它的文件保持不变；有文件使用的值不能删除。
      </p>
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as FacetKind)}
        items={KINDS.map((k) => ({ key: k, label: FACET_LABELS[k] }))}
      />
      <Table<FacetValue>
        rowKey="id"
        size="small"
        loading={data === null}
        dataSource={valuesOf(all, kind)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无数据' }}
        columns={columns}
      />
      <Modal
        title={editing?.id ? `重命名${FACET_LABELS[editing.kind]}` : `新增${FACET_LABELS[kind]}`}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText="确定"
        cancelText="取消"
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="名称"
            rules={[
              {
                required: true,
                whitespace: true,
                message: `请填写名称，不超过${FACET_NAME_MAX}个字`,
              },
            ]}
          >
            <Input maxLength={FACET_NAME_MAX} />
          </Form.Item>
          {(editing?.kind ?? kind) === 'grade' && (
            <Form.Item
              name="parentId"
              label="所属学段"
              rules={[{ required: true, message: '请选择年级所属的学段' }]}
            >
              <Select
                placeholder="请选择学段"
                options={stages.map((stage) => ({ value: stage.id, label: stage.name }))}
              />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Drawer>
  );
}
