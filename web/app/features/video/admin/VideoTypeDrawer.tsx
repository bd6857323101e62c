import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Table } from 'antd';
import { useState } from 'react';
import type { VideoTypeAdminItem } from '@school/common/api';
import { call } from '../../../api/client';
import { errorText, useApiData } from '../../../api/page-data';

type Editing = { typeId?: number; typeName: string; sort?: number };

/**
 * 视频分类 (administrators): the video centre's categories in their order,
 * with how many videos use each; add, rename or reorder in a dialog, delete
 * one no video uses. `onChanged` lets the list page refresh its filter.
 */
export function VideoTypeDrawer({
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
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  // Read each time the drawer opens, and again after a change.
  const { data: rows, reload } = useApiData(open ? 'cms/videoType/list' : null, {}, []);

  const changed = () => {
    reload();
    onChanged();
  };

  const edit = (row: Editing) => {
    setEditing(row);
    form.setFieldsValue({ typeName: row.typeName, sort: row.sort });
  };

  const save = async () => {
    let values: Editing;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call('cms/videoType/save', {
        typeId: editing?.typeId,
        typeName: values.typeName.trim(),
        sort: values.sort ?? undefined,
        parentId: 0,
      });
      message.success('保存成功');
      setEditing(null);
      changed();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (typeId: number) => {
    try {
      await call('cms/videoType/delete', { typeId });
      message.success('删除成功');
      changed();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <Drawer
      title="视频分类"
      size={560}
      open={open}
      onClose={onClose}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => edit({ typeName: '' })}
        >
          新增分类
        </Button>
      }
    >
      <p className="muted">视频中心按排序显示前 8 个分类，其余放在“更多”中。</p>
      <Table<VideoTypeAdminItem>
        rowKey="typeId"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
        columns={[
          { title: '名称', dataIndex: 'typeName' },
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '视频数', dataIndex: 'videoCount', width: 80 },
          {
            title: '操作',
            width: 130,
            render: (_, row) => (
              <>
                <Button type="link" size="small" onClick={() => edit(row)}>
                  编辑
                </Button>
                <Popconfirm
                  title="提示"
                  description={`是否确定删除分类「${row.typeName}」?`}
                  okText="确定"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(row.typeId)}
                >
                  <Button type="link" size="small" danger aria-label={`删除 ${row.typeName}`}>
                    删除
                  </Button>
                </Popconfirm>
              </>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.typeId ? '编辑分类' : '新增分类'}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="typeName"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '请输入分类名称' },
              { max: 20, message: '分类名称不能超过20个字' },
            ]}
          >
            <Input placeholder="如：研学旅行" maxLength={20} />
          </Form.Item>
          <Form.Item name="sort" label="排序" tooltip="数字小的在前；新增时留空排在最后">
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
