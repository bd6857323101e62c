import { PASSWORD_RULE_MESSAGE, isStrongPassword } from '@school/common';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { randomStrongPassword } from './passwords';

/** The password rule of intranet.md §5, as the forms show it under the field. */
export const PASSWORD_HINT = '6-16位，至少包含大写字母、小写字母、数字、特殊符号中的三种';

/**
 * A new password typed twice (fields `password` and `confirmPassword`) and
 * checked with the same strength rule as the server, with a button that fills
 * in a random strong one and shows it so it can be handed over.
 */
export function PasswordFields({ label }: { label: string }) {
  const form = Form.useFormInstance();
  const [generated, setGenerated] = useState<string | null>(null);

  const generate = () => {
    const password = randomStrongPassword();
    form.setFieldsValue({ password, confirmPassword: password });
    form.validateFields(['password', 'confirmPassword']).catch(() => undefined);
    setGenerated(password);
  };

  return (
    <>
      <Form.Item
        label={label}
        required
        extra={
          generated ? (
            <>
              已生成：<Typography.Text copyable>{generated}</Typography.Text>（请转告该用户）
            </>
          ) : (
            PASSWORD_HINT
          )
        }
      >
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item
            name="password"
            noStyle
            rules={[
              { required: true, message: `请输入${label}` },
              {
                validator: (_, value: string | undefined) =>
                  !value || isStrongPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
              },
            ]}
          >
            <Input.Password
              aria-label={label}
              autoComplete="new-password"
              maxLength={16}
              onChange={() => setGenerated(null)}
            />
          </Form.Item>
          <Button onClick={generate}>随机生成</Button>
        </div>
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={`确认${label}`}
        dependencies={['password']}
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
    </>
  );
}
