import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, call } from '../../../api/client';
import { UploadField } from '../../../components/editor/UploadField';
import {
  MAGAZINE_SERIES,
  formOf,
  payloadOf,
  type CmsMagazineRow,
  type MagazineFormValues,
} from './magazine-form';

/**
 * 新增 / 编辑 one issue: its series, name, cover picture and PDF. `row` null
 * adds one to `typeId`'s series; undefined keeps the dialog closed.
 */
export function MagazineFormModal({
  row,
  typeId,
  onClose,
  onSaved,
}: {
  row: CmsMagazineRow | null | undefined;
  typeId: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MagazineFormValues>();
  const [saving, setSaving] = useState(false);
  const open = row !== undefined;

  useEffect(() => {
    if (open) form.setFieldsValue(formOf(row, typeId));
  }, [open, row, typeId, form]);

  const save = async () => {
    let values: MagazineFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call('cms/magazine/save', payloadOf(values, row?.magazineId, row?.version));
      message.success('保存成功');
      onSaved();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={row ? '编辑校刊' : '新增校刊'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
      width={560}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="typeId" label="系列" rules={[{ required: true, message: '请选择系列' }]}>
          <Select
            aria-label="系列"
            options={MAGAZINE_SERIES.map((s) => ({ value: s.typeId, label: s.typeName }))}
          />
        </Form.Item>
        <Form.Item
          name="magazineTitle"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入刊物名称' },
            { max: 100, message: '刊物名称不能超过100个字' },
          ]}
        >
          <Input placeholder="如：2026年春季刊" maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="cover" label="封面" tooltip="不上传时门户显示默认封面">
          <UploadField kind="image" label="上传封面" />
        </Form.Item>
        <Form.Item
          name="pdf"
          label="PDF 文件"
          rules={[{ required: true, message: '请上传刊物 PDF 文件' }]}
        >
          <UploadField kind="pdf" label="上传PDF" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
