import type { ApiData } from '@school/common/api';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { UploadField } from '../../../components/editor/UploadField';
import type { UploadedFile } from '../../../components/editor/uploads';
import { SOCIETY_OPTIONS } from './showcase-links';
import { pictureValue } from '../../../components/ui/Thumb';
import { errorText } from '../../../api/page-data';

/** A row of api/cms/society/list. */
export type SocietyRow = ApiData<'cms/society/list'>['list'][number];

interface Values {
  associationName: string;
  associationType?: number;
  logo: UploadedFile | null;
  picture: UploadedFile | null;
  sort?: number | null;
  enabled: boolean;
}

/** 新增 / 编辑 of a society: name, category, logo (the grid) and picture (the dialog). */
export function SocietyForm({
  editing,
  category,
  open,
  onClose,
  onSaved,
}: {
  editing: SocietyRow | null;
  /** The category a new society starts in (the list's filter). */
  category?: number;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            associationName: editing.associationName,
            associationType: editing.associationType,
            logo: pictureValue(
              editing.logoFileId,
              editing.associationLog,
              `${editing.associationName}标志`,
              editing.logoThumbUrl,
            ),
            picture: pictureValue(
              editing.picFileId,
              editing.associationPic,
              editing.associationName,
              editing.picThumbUrl,
            ),
            sort: editing.sort,
            enabled: editing.enabled === 1,
          }
        : {
            associationName: '',
            associationType: category,
            logo: null,
            picture: null,
            sort: null,
            enabled: true,
          },
    );
  }, [open, editing, category, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call('cms/society/save', {
        associationId: editing?.associationId,
        associationName: values.associationName.trim(),
        // Required by the form's rules; left empty, the server answers its message.
        associationType: values.associationType ?? '',
        logoFileId: values.logo?.fileId ?? 0,
        picFileId: values.picture?.fileId ?? 0,
        sort: values.sort ?? undefined,
        enabled: values.enabled ? 1 : 0,
      });
      onSaved();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑社团' : '新增社团'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="associationName"
          label="社团名称"
          rules={[
            { required: true, whitespace: true, message: '请输入社团名称' },
            { max: 100, message: '社团名称不能超过100个字' },
          ]}
        >
          <Input aria-label="社团名称" maxLength={100} />
        </Form.Item>
        <Form.Item
          name="associationType"
          label="社团类别"
          rules={[{ required: true, message: '请选择社团类别' }]}
        >
          <Select aria-label="社团类别" placeholder="请选择社团类别" options={SOCIETY_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="logo"
          label="社团标志"
          rules={[{ required: true, message: '请上传社团标志' }]}
          extra="显示在社团列表中，建议方形图片"
        >
          <UploadField kind="image" label="上传社团标志" />
        </Form.Item>
        <Form.Item
          name="picture"
          label="社团图片"
          rules={[{ required: true, message: '请上传社团图片' }]}
          extra="点击社团时在对话框中显示的大图（宽 1040 像素）"
        >
          <UploadField kind="image" label="上传社团图片" />
        </Form.Item>
        <Form.Item name="sort" label="排序号" extra="同一类别中数字小的在前；不填则排在最后">
          <InputNumber aria-label="排序号" min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
