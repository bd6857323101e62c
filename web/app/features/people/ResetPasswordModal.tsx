import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { useAction } from '../../api/page-data';
import { PasswordFields } from './PasswordFields';
import type { StaffRow } from './staff-types';

/**
 * 重置密码: the administrator sets a new password (typed twice, checked with
 * the strength rule); the user's logins end and they must change it at the
 * next login.
 */
export function ResetPasswordModal({
  staff,
  onClose,
}: {
  /** null: closed. */
  staff: StaffRow | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const run = useAction();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!staff) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    const done = await run(
      () =>
        call('cms/staff/resetPassword', { staffId: staff.staffId, newStaffPass: values.password }),
      `已重置${staff.staffName}的密码`,
    );
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal
      open={staff !== null}
      title={staff ? `重置密码：${staff.staffName}（${staff.staffCode}）` : '重置密码'}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="重置后该用户已登录的地方全部退出，下次登录时须修改密码。"
      />
      <Form form={form} layout="vertical" name="reset-password" preserve={false}>
        <PasswordFields label="新密码" />
      </Form>
    </Modal>
  );
}
