import { Col, Form, Input, Row, Select } from 'antd';
import type { ReactNode } from 'react';
import { RichTextEditor } from '../../../components/editor/RichTextEditor';
import { UploadField } from '../../../components/editor/UploadField';
import { AudienceAndSort } from './AudienceField';

type Options = Array<
  | { value: number; label: string }
  | { label: string; options: Array<{ value: number; label: string }> }
>;

/**
 * The form of an introduction item: on the left its type (栏目), its title
 * and the kind's own fields (`children`); on the right the picture and who
 * may see it with its order; below, the rich-text body. A null picture or
 * content label leaves that field out.
 */
export function IntroFormLayout({
  type,
  title,
  picture,
  content,
  children,
}: {
  type: { name: string; options: Options; requiredMessage: string };
  title: { name: string; label: string; requiredMessage: string };
  /** The picture's label: 图片, 照片. */
  picture: string | null;
  content: { name: string; label: string | null };
  children: ReactNode;
}) {
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name={type.name}
            label="栏目"
            rules={[{ required: true, message: type.requiredMessage }]}
          >
            <Select aria-label="栏目" placeholder="请选择栏目" options={type.options} />
          </Form.Item>
          <Form.Item
            name={title.name}
            label={title.label}
            rules={[
              { required: true, whitespace: true, message: title.requiredMessage },
              { max: 200, message: `${title.label}不能超过200个字` },
            ]}
          >
            <Input aria-label={title.label} maxLength={200} />
          </Form.Item>
          {children}
        </Col>
        <Col span={12}>
          {picture && (
            <Form.Item name="picture" label={picture}>
              <UploadField kind="image" label={`上传${picture}`} />
            </Form.Item>
          )}
          <AudienceAndSort />
        </Col>
      </Row>
      {content.label && (
        <Form.Item name={content.name} label={content.label}>
          <RichTextEditor placeholder={`请输入${content.label}`} />
        </Form.Item>
      )}
    </>
  );
}
