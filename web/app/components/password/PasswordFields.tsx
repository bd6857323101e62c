import { Form, Input } from 'antd';
import { PASSWORD_RULE_MESSAGE, isStrongPassword } from '@school/common';
import { call } from '../../api/client';
import { getUser, updateUser } from '../../lib/session';

export interface PasswordValues {
  oldStaffPass: string;
  newStaffPass: string;
  confirmPass: string;
}

/**
 * intranet.md §5: the old password, the new one (6-16, three of upper case,
 * lower case, digits, symbols) and its confirmation, with the spec's messages.
 */
export function PasswordFields() {
  return (
    <>
      <Form.Item
        name="oldStaffPass"
        label="原密码"
        rules={[{ required: true, message: '请输入原密码' }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="newStaffPass"
        label="新密码"
        extra="6-16位，至少包含大写字母、小写字母、数字、特殊符号中的三种"
        rules={[
          { required: true, message: '请输入新密码' },
          {
            validator: (_, value: string | undefined) =>
              !value || isStrongPassword(value)
                ? Promise.resolve()
                : Promise.reject(new Error(PASSWORD_RULE_MESSAGE)),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={16} />
      </Form.Item>
      <Form.Item
        name="confirmPass"
        label="确认密码"
        dependencies={['newStaffPass']}
        rules={[
          { required: true, message: '请输入确认密码' },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newStaffPass')
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

/** Changes the logged-in person's password; the stored user no longer counts as weak. */
export async function changePassword(values: PasswordValues): Promise<void> {
  const user = getUser();
  if (!user) return;
  await call('login/updateUserPwd.do', {
    staffId: user.staffId,
    staffType: user.staffType,
    oldStaffPass: values.oldStaffPass,
    newStaffPass: values.newStaffPass,
  });
  updateUser({ whetherpass: 1, mustChangePassword: 0 });
}
