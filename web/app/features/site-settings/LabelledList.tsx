import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Form, Input } from 'antd';

/**
 * A list of {label, value} rows in the settings form (phones, e-mails, related links): 添加,
 * 删除, 上移 / 下移. Each row stacks on a phone (site-settings.css).
 */
export function LabelledList({
  name,
  noun,
  labelText,
  valueText,
  valuePlaceholder,
  max = 20,
}: {
  name: 'phones' | 'emails' | 'links';
  /** What one row is, for the buttons: 电话, 邮箱, 链接. */
  noun: string;
  labelText: string;
  valueText: string;
  valuePlaceholder?: string;
  max?: number;
}) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove, move }) => (
        <div className="site-list">
          {fields.map((field, index) => (
            <div
              key={field.key}
              className="site-list-row"
              role="group"
              aria-label={`${noun} ${index + 1}`}
            >
              <Form.Item name={[field.name, 'label']} noStyle>
                <Input
                  aria-label={`${noun} ${index + 1} ${labelText}`}
                  placeholder={labelText}
                  maxLength={50}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'value']} noStyle>
                <Input
                  aria-label={`${noun} ${index + 1} ${valueText}`}
                  placeholder={valuePlaceholder ?? valueText}
                  maxLength={200}
                />
              </Form.Item>
              <span className="site-list-actions">
                <Button
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={`上移${noun} ${index + 1}`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={`下移${noun} ${index + 1}`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  danger
                  aria-label={`删除${noun} ${index + 1}`}
                  onClick={() => remove(field.name)}
                />
              </span>
            </div>
          ))}
          <Button
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add({ label: '', value: '' })}
            disabled={fields.length >= max}
          >
            添加{noun}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
