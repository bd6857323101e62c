import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { STAFF_TYPE, STAFF_TYPES } from '@school/common';
import { ApiError, call } from '../../api/client';
import { setUser, type StoredUser } from '../../lib/session';
import { slowLoading } from '../../components/ui/slow-loading';
import { focusFirstField } from '../../lib/a11y';

interface LoginForm {
  staffCode: string;
  staffPass: string;
  staffType: number;
}

/** The login modal of portal.md §2: account, password, identity, 登入. */
export function LoginModal({
  open,
  onClose,
  onLoggedIn,
}: {
  open: boolean;
  onClose: () => void;
  onLoggedIn: (user: StoredUser) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    try {
      const user = await call('login/login', {
        staffCode: values.staffCode.trim(),
        staffPass: values.staffPass,
        staffType: values.staffType,
        platformType: 0,
      });
      setUser(user);
      message.success('登录成功');
      form.resetFields();
      onLoggedIn(user);
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : '网络异常，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title="用户登录"
      width={400}
      destroyOnHidden
      // Focus goes to the first field once the dialog is open, not to the dialog's frame.
      afterOpenChange={(visible) => visible && focusFirstField(() => form.focusField('staffCode'))}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        className="login-form"
        // Most who log in are teachers: 身份 starts at 老师, 管理员 is one choice away.
        initialValues={{ staffType: STAFF_TYPE.teacher }}
      >
        <Form.Item
          name="staffCode"
          label="账号"
          rules={[{ required: true, whitespace: true, message: '请输入账号' }]}
        >
          <Input
            prefix={<UserOutlined aria-hidden />}
            placeholder="请输入账号"
            autoComplete="username"
            maxLength={64}
          />
        </Form.Item>
        <Form.Item
          name="staffPass"
          label="密码"
          rules={[{ required: true, message: '请输入密码' }]}
        >
          <Input.Password
            prefix={<LockOutlined aria-hidden />}
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={128}
          />
        </Form.Item>
        <Form.Item
          name="staffType"
          label="身份"
          rules={[{ required: true, message: '请选择身份' }]}
        >
          <Select
            placeholder="请选择身份"
            options={STAFF_TYPES.map((t) => ({ value: t.value, label: t.label }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={slowLoading(busy)}>
          登入
        </Button>
      </Form>
    </Modal>
  );
}
