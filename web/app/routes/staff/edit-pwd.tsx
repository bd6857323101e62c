import { App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import type { MyProfile } from '@school/common/api';
import type { Route } from './+types/edit-pwd';
import { call } from '../../api/client';
import { errorText } from '../../api/page-data';
import { UploadField } from '../../components/editor/UploadField';
import type { UploadedFile } from '../../components/editor/uploads';
import { Crumbs } from '../../components/ui/Crumbs';
import { AppPasswordsCard } from '../../features/people/AppPasswordsCard';
import {
  changePassword,
  PasswordFields,
  type PasswordValues,
} from '../../components/password/PasswordFields';
import { requireUser, updateUser } from '../../lib/session';

export const meta = () => [{ title: '个人设置 - 校内网' }];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  try {
    return {
      profile: await call('staff/getMyInfo', { staffId: user?.staffId }),
      error: null,
    };
  } catch (err) {
    return { profile: null, error: errorText(err) };
  }
}

interface ProfileValues {
  staffName: string;
  phone: string;
  email: string;
  photo: UploadedFile | null;
}

/** The photo as the upload field shows it. */
const photoOf = (profile: MyProfile): UploadedFile | null =>
  profile.photoFileId
    ? {
        fileId: profile.photoFileId,
        fileName: '照片',
        url: profile.photoUrl,
        thumbUrl: profile.photoUrl,
      }
    : null;

/** The person's own profile and password (intranet.md §2 /editPwd, §5), and app passwords. */
export default function EditPwd({ loaderData }: Route.ComponentProps) {
  const { message } = App.useApp();
  const { profile, error } = loaderData;
  const [profileForm] = Form.useForm<ProfileValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState<'profile' | 'password' | null>(null);

  const saveProfile = async (values: ProfileValues) => {
    setBusy('profile');
    try {
      const saved = await call('staff/updateMyInfo', {
        staffName: values.staffName,
        phone: values.phone ?? '',
        email: values.email ?? '',
        photoFileId: values.photo?.fileId ?? 0,
      });
      updateUser({ staffName: saved.staffName, email: saved.email ?? undefined });
      message.success('保存成功');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const savePassword = async (values: PasswordValues) => {
    setBusy('password');
    try {
      await changePassword(values);
      passwordForm.resetFields();
      message.success('密码修改成功');
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <main id="main" className="container staff-detail">
      {/* The page's one h1, for screen readers: its cards name the parts. */}
      <h1 className="visually-hidden">个人设置</h1>
      <Crumbs home="/teachPage" items={[{ label: '个人设置' }]} />
      <div className="settings-grid">
        <Card className="staff-card" title="个人资料">
          {profile ? (
            <Form<ProfileValues>
              form={profileForm}
              layout="vertical"
              requiredMark={false}
              onFinish={saveProfile}
              initialValues={{
                staffName: profile.staffName,
                phone: profile.phone ?? '',
                email: profile.email ?? '',
                photo: photoOf(profile),
              }}
            >
              {/* Shown, not edited: its label names it for screen readers too. */}
              <Form.Item label="账号" htmlFor="profile-staff-code">
                <Input id="profile-staff-code" value={profile.staffCode} disabled />
              </Form.Item>
              <Form.Item
                name="staffName"
                label="姓名"
                rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}
              >
                <Input placeholder="请填写姓名" maxLength={20} showCount />
              </Form.Item>
              <Form.Item name="phone" label="电话">
                <Input placeholder="手机或办公电话" maxLength={20} />
              </Form.Item>
              <Form.Item
                name="email"
                label="邮箱"
                rules={[{ type: 'email', message: '邮箱格式不正确' }]}
              >
                <Input placeholder="name@example.com" maxLength={200} />
              </Form.Item>
              <Form.Item name="photo" label="照片">
                <UploadField kind="image" label="上传照片" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy === 'profile'}>
                保存资料
              </Button>
            </Form>
          ) : (
            <p className="muted">{error}</p>
          )}
        </Card>
        <Card className="staff-card" title="修改密码">
          <Form<PasswordValues>
            form={passwordForm}
            layout="vertical"
            requiredMark={false}
            onFinish={savePassword}
          >
            <PasswordFields />
            <Button type="primary" htmlType="submit" loading={busy === 'password'}>
              修改密码
            </Button>
          </Form>
        </Card>
        <AppPasswordsCard />
      </div>
    </main>
  );
}
