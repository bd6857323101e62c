import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { PASSWORD_RULE_MESSAGE, isStrongPassword } from '@school/common';
import { ApiError, call } from '../../api/client';
import { getUser, updateUser } from '../../lib/session';

interface PasswordForm {
  oldStaffPass: string;
  newStaffPass: string;
  confirmPass: string;
}

/**
 * Change of password (intranet.md §4-§5). When `forced` (a weak password) it
 * has no close button and says why; it closes only after a successful change.
 */
export function ChangePasswordModal({
  open,
  forced,
  onClose,
}: {
  open: boolean;
  forced: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordForm) => {
    const user = getUser();
    if (!user) return;
    setBusy(true);
    try {
      await call('login/updateUserPwd.do', {
        staffId: user.staffId,
        staffType: user.staffType,
        oldStaffPass: values.oldStaffPass,
        newStaffPass: values.newStaffPass,
      });
      updateUser({ whetherpass: 1 });
      message.success('密码修改成功');
      form.resetFields();
      onClose();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="修改密码"
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={{ style: forced ? { display: 'none' } : undefined }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          className="password-warning"
          title="您的密码强度较弱，请修改密码后继续使用"
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
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
      </Form>
    </Modal>
  );
}
