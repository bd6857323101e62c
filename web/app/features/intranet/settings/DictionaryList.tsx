import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Table, Typography } from 'antd';
import { call } from '../../../api/client';
import type { Read } from '../../../api/page-data';
import { SettingsModal } from './SettingsModal';
import type { DictionaryCode, DictionaryRow } from './site-forms';
import { EnabledField, orderColumns, useOrderedRows, type OrderedRowCalls } from './site-rows';

const DICTIONARY_CALLS: OrderedRowCalls<DictionaryRow> = {
  move: ({ dicId }, direction) => call('cms/dictionary/move', { dicId, direction }),
  enable: ({ dicId }, enabled) => call('cms/dictionary/enable', { dicId, enabled }),
  remove: ({ dicId }) => call('cms/dictionary/delete', { dicId }),
};

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
  const initial: Partial<Values> = item
    ? { dicName: item.dicName, dicValue: item.dicValue, enabled: item.enabled === 1 }
    : { enabled: true };

  return (
    <SettingsModal<Values>
      open={open}
      title={item ? '编辑字典项' : '新增字典项'}
      name="dictionary"
      initialValues={initial}
      save={(values) =>
        call('cms/dictionary/save', {
          dicId: item?.dicId,
          dicCode: code,
          dicName: values.dicName.trim(),
          dicValue: values.dicValue.trim(),
          enabled: values.enabled ? 1 : 0,
        })
      }
      onClose={onClose}
      onSaved={onSaved}
    >
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
      <EnabledField />
    </SettingsModal>
  );
}

/** The values of one dictionary in order, with their form. */
export function DictionaryList({
  code,
  loaded,
}: {
  code: DictionaryCode;
  loaded: Read<DictionaryRow[]>;
}) {
  const list = useOrderedRows<DictionaryRow>(DICTIONARY_CALLS, loaded);
  const about = DICTIONARIES.find((d) => d.code === code)!;

  return (
    <>
      <div className="cms-filters">
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => list.edit(null)}>
          新增{about.name}
        </Button>
        <Typography.Text type="secondary">{about.hint}</Typography.Text>
      </div>
      <Table<DictionaryRow>
        rowKey="dicId"
        loading={list.loading}
        dataSource={list.rows}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'dicName' },
          { title: '字典值', dataIndex: 'dicValue', width: 120 },
          ...orderColumns(list, (row) => row.dicName),
        ]}
      />
      <DictionaryFormModal
        open={list.editing.open}
        code={code}
        item={list.editing.row}
        onClose={list.close}
        onSaved={list.saved}
      />
    </>
  );
}
