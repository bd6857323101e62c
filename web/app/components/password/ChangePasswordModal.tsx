import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { changePassword, PasswordFields, type PasswordValues } from './PasswordFields';
import { focusFirstField } from '../../lib/a11y';

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
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await changePassword(values);
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
      // Focus goes to the first field once the dialog is open, not to the dialog's frame.
      afterOpenChange={(visible) =>
        visible && focusFirstField(() => form.focusField('oldStaffPass'))
      }
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
        <PasswordFields />
      </Form>
    </Modal>
  );
}
