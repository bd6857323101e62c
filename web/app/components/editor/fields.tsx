import { Form, Input, Radio } from 'antd';
import { UploadField } from './UploadField';

/** The fields the content editors share, with the same labels, limits and messages. */

export function TitleField({
  name,
  required = '请输入标题',
  placeholder = '请输入标题',
}: {
  name: string;
  required?: string;
  placeholder?: string;
}) {
  return (
    <Form.Item
      name={name}
      label="标题"
      rules={[
        { required: true, whitespace: true, message: required },
        { max: 200, message: '标题不能超过200个字' },
      ]}
    >
      <Input placeholder={placeholder} showCount maxLength={200} />
    </Form.Item>
  );
}

export function CoverField({ label = '封面' }: { label?: string }) {
  return (
    <Form.Item name="cover" label={label}>
      <UploadField kind="image" label="上传封面" />
    </Form.Item>
  );
}

/** enableType: 1 public, 2 staff only. */
export function AudienceField({ publicLabel = '公开' }: { publicLabel?: string }) {
  return (
    <Form.Item name="enableType" label="可见范围">
      <Radio.Group
        options={[
          { value: 1, label: publicLabel },
          { value: 2, label: '仅校内' },
        ]}
      />
    </Form.Item>
  );
}

export function SourceField({ placeholder }: { placeholder?: string }) {
  return (
    <Form.Item name="source" label="来源" rules={[{ max: 100, message: '来源不能超过100个字' }]}>
      <Input placeholder={placeholder} />
    </Form.Item>
  );
}

export function PublisherField() {
  return (
    <Form.Item
      name="releaseUser"
      label="发布人"
      rules={[{ max: 64, message: '发布人不能超过64个字' }]}
    >
      <Input />
    </Form.Item>
  );
}
