import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Switch, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { call } from '../../../api/client';
import { EnabledSwitch, MoveButtons, RowActions } from './SiteControls';
import type { DictionaryCode, DictionaryRow } from './site-forms';
import { useLoaded, useRunner } from './site-hooks';

export const DICTIONARIES: Array<{ code: DictionaryCode; name: string; hint: string }> = [
  {
    code: 'RESOURCES_TYPE',
    name: '资源类型',
    hint: '教学网盘上传文件时选择的资源类型，也是列表的“类型”筛选。',
  },
  {
    code: 'RESOURCES_FILE_TYPE',
    name: '文件格式',
    hint: '教学网盘的“文件格式”筛选；值 2、3、8 显示文档图标，4 图片，5 音频，6、7 视频，9 压缩包。',
  },
];

const EMPTY: DictionaryRow[] = [];

interface Values {
  dicName: string;
  dicValue: string;
  enabled: boolean;
}

function DictionaryFormModal({
  open,
  code,
  item,
  onClose,
  onSaved,
}: {
  open: boolean;
  code: DictionaryCode;
  item: DictionaryRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const run = useRunner();
  const [saving, setSaving] = useState(false);
  const initial: Partial<Values> = item
    ? { dicName: item.dicName, dicValue: item.dicValue, enabled: item.enabled === 1 }
    : { enabled: true };

  const submit = async () => {
    // An invalid form shows its messages beside the fields; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const saved = await run(
      () =>
        call('cms/dictionary/save', {
          dicId: item?.dicId,
          dicCode: code,
          dicName: values.dicName.trim(),
          dicValue: values.dicValue.trim(),
          enabled: values.enabled ? 1 : 0,
        }),
      '保存成功',
    );
    setSaving(false);
    if (saved) onSaved();
  };

  return (
    <Modal
      open={open}
      title={item ? '编辑字典项' : '新增字典项'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="dictionary" initialValues={initial}>
        <Form.Item
          name="dicName"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入字典名称' },
            { max: 100, message: '字典名称不能超过100个字' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="dicValue"
          label="字典值"
          tooltip="同一字典内不能重复；网盘中的文件按这个值记录类型"
          rules={[
            { required: true, whitespace: true, message: '请输入字典值' },
            { max: 64, message: '字典值不能超过64个字' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The values of one dictionary in order, with their form. */
export function DictionaryList({ code }: { code: DictionaryCode }) {
  const run = useRunner();
  const [editing, setEditing] = useState<{ open: boolean; row: DictionaryRow | null }>({
    open: false,
    row: null,
  });
  const load = useCallback(
    () => call<DictionaryRow[]>('cms/dictionary/list', { dicCode: code }),
    [code],
  );
  const { data, loading, reload, setData } = useLoaded(load, EMPTY);
  const rows = data ?? [];
  const about = DICTIONARIES.find((d) => d.code === code)!;

  const act = async (path: string, body: Record<string, number>, done: string) => {
    if (await run(() => call(`cms/dictionary/${path}`, body), done)) reload();
  };

  return (
    <>
      <div className="cms-filters">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ open: true, row: null })}
        >
          新增{about.name}
        </Button>
        <Typography.Text type="secondary">{about.hint}</Typography.Text>
      </div>
      <Table<DictionaryRow>
        rowKey="dicId"
        loading={loading}
        dataSource={rows}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'dicName' },
          { title: '字典值', dataIndex: 'dicValue', width: 120 },
          {
            title: '排序',
            width: 170,
            render: (_, row, index) => (
              <MoveButtons
                name={row.dicName}
                first={index === 0}
                last={index === rows.length - 1}
                onMove={(direction) =>
                  run(
                    async () => {
                      setData(
                        await call<DictionaryRow[]>('cms/dictionary/move', {
                          dicId: row.dicId,
                          direction,
                        }),
                      );
                    },
                    direction === 'up' ? '已上移' : '已下移',
                  )
                }
              />
            ),
          },
          {
            title: '启用',
            dataIndex: 'enabled',
            width: 90,
            render: (enabled: number, row) => (
              <EnabledSwitch
                name={row.dicName}
                enabled={enabled}
                onChange={(next) =>
                  act(
                    'enable',
                    { dicId: row.dicId, enabled: next },
                    next === 1 ? '已启用' : '已停用',
                  )
                }
              />
            ),
          },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <RowActions
                name={row.dicName}
                onEdit={() => setEditing({ open: true, row })}
                onDelete={() => act('delete', { dicId: row.dicId }, '已删除')}
              />
            ),
          },
        ]}
      />
      <DictionaryFormModal
        open={editing.open}
        code={code}
        item={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={() => {
          setEditing((e) => ({ ...e, open: false }));
          reload();
        }}
      />
    </>
  );
}
