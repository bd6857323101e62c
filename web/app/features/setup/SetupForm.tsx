import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { PASSWORD_RULE_MESSAGE, isStrongPassword, type LoginUser } from '@school/common';
import type { Envelope } from '../../api/client';
import { setUser } from '../../lib/session';

interface SetupValues {
  name: string;
  shortName: string;
  code: string;
  staffName?: string;
  password: string;
  password2: string;
}

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Sends the form as the server takes it: multipart, with the logo when one is chosen. */
async function postSetup(token: string, values: SetupValues, logo: File | undefined) {
  const body = new FormData();
  body.set('token', token);
  for (const [key, value] of Object.entries(values)) body.set(key, String(value ?? ''));
  if (logo) body.set('logo', logo);
  const response = await fetch('/api/setup', { method: 'POST', body });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error('服务器暂时无法响应，请稍后再试');
  const answer = (await response.json()) as Envelope<LoginUser>;
  if (answer.status !== 0) throw new Error(answer.msg);
  return answer.data;
}

/**
 * The first run's form: the school's full and short name, the first administrator's
 * account, name and password (the site's strength rule), and an optional logo. On success
 * the administrator is logged in and the platform opens with the school's name in its frame.
 */
export function SetupForm({ token }: { token: string }) {
  const [form] = Form.useForm<SetupValues>();
  const [logo, setLogo] = useState<UploadFile[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (values: SetupValues) => {
    setBusy(true);
    setError('');
    try {
      const user = await postSetup(token, values, logo[0]?.originFileObj);
      setUser(user);
      // A full load: the frame reads the school's new name and look with the page.
      window.location.assign('/cms');
    } catch (err) {
      setError(err instanceof Error ? err.message : '网络异常，请稍后再试');
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark="optional"
      className="setup-form"
      aria-label="首次设置"
    >
      <fieldset>
        <legend>学校</legend>
        <Form.Item
          name="name"
          label="学校全称"
          extra="显示在页头、页脚和浏览器标题中，例如：东山路第二中学"
          rules={[{ required: true, whitespace: true, message: '请输入学校全称' }]}
        >
          <Input maxLength={50} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="shortName"
          label="学校简称"
          extra="用于栏目名称，例如：东山二中（“遇见东山二中”“东山二中印象”）"
          rules={[{ required: true, whitespace: true, message: '请输入学校简称' }]}
        >
          <Input maxLength={10} />
        </Form.Item>
        <Form.Item
          label="学校标志"
          extra="可选：PNG、JPG 或 SVG 图片，不超过 2 MB；以后可在站点设置中更换"
        >
          <Upload
            accept="image/png,image/jpeg,image/svg+xml,.svg"
            maxCount={1}
            listType="picture"
            fileList={logo}
            beforeUpload={(file) => {
              if (file.size > LOGO_MAX_BYTES) {
                setError('学校标志不能超过 2 MB');
                return Upload.LIST_IGNORE;
              }
              setLogo([{ uid: file.uid, name: file.name, originFileObj: file }]);
              return false;
            }}
            onRemove={() => setLogo([])}
          >
            <Button icon={<UploadOutlined aria-hidden />}>选择图片</Button>
          </Upload>
        </Form.Item>
      </fieldset>
      <fieldset>
        <legend>首位管理员</legend>
        <Form.Item
          name="code"
          label="账号"
          extra="登录时使用，只能包含字母、数字和 _ . @ -"
          rules={[
            { required: true, whitespace: true, message: '请输入管理员账号' },
            { pattern: /^[A-Za-z0-9_.@-]+$/, message: '管理员账号只能包含字母、数字和 _ . @ -' },
          ]}
        >
          <Input maxLength={32} autoComplete="username" />
        </Form.Item>
        <Form.Item name="staffName" label="姓名" extra="不填则显示为“系统管理员”">
          <Input maxLength={20} autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          extra={PASSWORD_RULE_MESSAGE}
          rules={[
            { required: true, message: '请输入密码' },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !isStrongPassword(value)) throw new Error(PASSWORD_RULE_MESSAGE);
              },
            },
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password2"
          label="确认密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) {
                  throw new Error('两次输入的密码不一致');
                }
              },
            }),
          ]}
        >
          <Input.Password maxLength={16} autoComplete="new-password" />
        </Form.Item>
      </fieldset>
      {error && (
        <Alert type="error" showIcon message={error} role="alert" className="setup-error" />
      )}
      <Button type="primary" htmlType="submit" loading={busy} block size="large">
        完成设置并登录
      </Button>
    </Form>
  );
}
