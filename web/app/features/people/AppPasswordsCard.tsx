import type { NewAppPassword } from '@school/common/api';
import { App, Button, Card, Form, Input, List, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { errorText, useApiData } from '../../api/page-data';

/**
 * 应用专用密码 on /editPwd (issue 22): passwords for 映射网络驱动器 and other WebDAV clients,
 * made here by name, each shown once when made, and revoked one by one. The account password
 * never opens WebDAV.
 */
export function AppPasswordsCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const { data, loading, reload } = useApiData('staff/getAppPasswords', {}, []);
  const [made, setMade] = useState<NewAppPassword | null>(null);
  const [busy, setBusy] = useState<'add' | number | null>(null);
  // Only rendered in the browser (the staff pages load on the client).
  const davAddress = `${typeof window === 'undefined' ? '' : window.location.origin}/dav/`;

  const add = async ({ name }: { name: string }) => {
    setBusy('add');
    try {
      setMade(await call('staff/addAppPassword', { name: name ?? '' }));
      form.resetFields();
      reload();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const revoke = async (id: number) => {
    setBusy(id);
    try {
      await call('staff/delAppPassword', { id });
      message.success('已撤销');
      reload();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made?.password ?? '');
      message.success('复制成功');
    } catch {
      message.error('复制失败，请手动复制');
    }
  };

  return (
    <Card className="staff-card settings-wide" title="应用专用密码">
      <p className="app-passwords-intro">
        用于映射网络驱动器和 WebDAV 客户端（地址 <code>{davAddress}</code>
        ，用户名为账号）；登录密码不能用于这些客户端，请为每台设备新建一个。
      </p>
      <Form<{ name: string }>
        form={form}
        className="app-passwords-form"
        onFinish={(values) => void add(values)}
        requiredMark={false}
      >
        {/* The outer item shows the inner one's error (antd's noStyle pattern). */}
        <Form.Item className="app-passwords-new">
          <Space.Compact block>
            <Form.Item
              name="name"
              noStyle
              rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
            >
              <Input
                aria-label="新密码的名称"
                placeholder="名称，例如：办公室电脑"
                maxLength={30}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'add'}>
              新建
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      <List
        className="app-passwords-list"
        loading={loading && data === null}
        dataSource={data ?? []}
        locale={{ emptyText: '还没有应用专用密码' }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Popconfirm
                key="revoke"
                title={`撤销“${item.name}”？`}
                description="使用它的设备将无法再连接"
                okText="撤销"
                cancelText="取消"
                onConfirm={() => void revoke(item.id)}
              >
                <Button
                  size="small"
                  danger
                  loading={busy === item.id}
                  aria-label={`撤销 ${item.name}`}
                >
                  撤销
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={item.name}
              description={
                <>
                  <span>创建时间 {item.createTime.slice(0, 16)}</span>
                  <span>
                    最近使用{' '}
                    {item.lastUseTime
                      ? `${item.lastUseTime.slice(0, 16)}（${item.lastUseIp}）`
                      : '从未使用'}
                  </span>
                </>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        title="新的应用专用密码"
        open={made !== null}
        onCancel={() => setMade(null)}
        footer={
          <Button type="primary" onClick={() => setMade(null)}>
            我已保存
          </Button>
        }
        destroyOnHidden
      >
        {made && (
          <div className="app-passwords-made">
            <p>“{made.name}”的密码：</p>
            {/* Wraps rather than scrolls: all of it is seen at once, on a phone too. */}
            <Input.TextArea
              className="app-passwords-secret"
              readOnly
              autoSize
              value={made.password}
              aria-label="应用专用密码"
              onFocus={(e) => e.target.select()}
            />
            <Button type="primary" className="app-passwords-copy" onClick={() => void copy()}>
              复制
            </Button>
            <p className="muted">
              请现在复制并填入客户端：关闭后不会再显示。忘记了就撤销它，再新建一个。
            </p>
          </div>
        )}
      </Modal>
    </Card>
  );
}
