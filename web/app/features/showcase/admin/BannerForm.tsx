import type { ApiData } from '@school/common/api';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { UploadField } from '../../../components/editor/UploadField';
import type { UploadedFile } from '../../../components/editor/uploads';
import { COVER_TYPES, isBannerLink, type BannerPlace } from './showcase-links';
import { pictureValue } from '../../../components/ui/Thumb';
import { errorText } from '../../../api/page-data';

/** A row of api/cms/banner/list. */
export type BannerRow = ApiData<'cms/banner/list'>['list'][number];

interface Values {
  typeId?: number;
  picture: UploadedFile | null;
  coverTitle: string;
  newsUrl?: string;
  sort?: number | null;
  enabled: boolean;
}

/**
 * 新增 / 编辑 of a home banner or a cover: the picture (required), its title
 * (the caption and alternative text), the link it opens, the section for a
 * cover, the order and whether it is shown.
 */
export function BannerForm({
  place,
  editing,
  typeId,
  open,
  onClose,
  onSaved,
}: {
  place: BannerPlace;
  /** The banner being edited; null creates one. */
  editing: BannerRow | null;
  /** The section a new cover starts in (the list's filter). */
  typeId?: number;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const cover = place === 'cover';
  const noun = cover ? '封面' : '横幅';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            typeId: editing.typeId,
            picture: pictureValue(
              editing.coverFileId,
              editing.coverUrl,
              editing.coverTitle,
              editing.thumbUrl,
            ),
            coverTitle: editing.coverTitle,
            newsUrl: editing.newsUrl ?? '',
            sort: editing.sort,
            enabled: editing.enabled === 1,
          }
        : { typeId, picture: null, coverTitle: '', newsUrl: '', sort: null, enabled: true },
    );
  }, [open, editing, typeId, form]);

  const save = async () => {
    // The form shows what is missing beside each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call('cms/banner/save', {
        bannerId: editing?.bannerId,
        place,
        typeId: cover ? values.typeId : undefined,
        coverFileId: values.picture?.fileId ?? 0,
        coverTitle: values.coverTitle.trim(),
        newsUrl: values.newsUrl?.trim() ?? '',
        sort: values.sort ?? undefined,
        enabled: values.enabled ? 1 : 0,
      });
      onSaved('保存成功');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`${editing ? '编辑' : '新增'}${noun}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" requiredMark>
        {cover && (
          <Form.Item
            name="typeId"
            label="所属栏目"
            rules={[{ required: true, message: '请选择栏目' }]}
          >
            <Select
              aria-label="所属栏目"
              placeholder="请选择栏目"
              options={COVER_TYPES.map((c) => ({ value: c.typeId, label: c.label }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="picture"
          label="图片"
          rules={[{ required: true, message: '请上传图片' }]}
          extra={cover ? '建议宽 1920 像素、高 300 像素左右' : '建议宽 1920 像素、高 500 像素左右'}
        >
          <UploadField kind="image" label="上传图片" />
        </Form.Item>
        <Form.Item
          name="coverTitle"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请输入图片标题' },
            { max: 200, message: '标题不能超过200个字' },
          ]}
          extra="显示在图片上，也是图片的文字说明"
        >
          <Input aria-label="标题" maxLength={200} showCount />
        </Form.Item>
        <Form.Item
          name="newsUrl"
          label="链接地址"
          rules={[
            {
              validator: async (_, value?: string) => {
                if (value && !isBannerLink(value)) {
                  throw new Error('链接地址须以 http://、https:// 或 / 开头');
                }
              },
            },
            { max: 500, message: '链接地址不能超过500个字符' },
          ]}
          extra="点击图片打开的地址，如 https://www.example.com 或本站的 /news?newsNum=2；可不填"
        >
          <Input aria-label="链接地址" placeholder="https:// 或 /" />
        </Form.Item>
        <Form.Item name="sort" label="排序号" extra="数字小的在前；不填则排在最后">
          <InputNumber aria-label="排序号" min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用" checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
