import { FileTextOutlined, HomeOutlined, LogoutOutlined } from '@ant-design/icons';
import { App, Layout, Menu, Spin } from 'antd';
import { Link, Outlet, redirect, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/layout';
import { call } from '../../api/client';
import { clearUser, getUser } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSite } from '../../root';
import cmsCss from '../../styles/cms.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cmsCss }];

export const meta = () => [{ title: '内容管理平台' }];

/** Staff only: without a stored login the visitor goes home, logs in and comes back. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = getUser();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/index?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="staff-loading">
      <Spin size="large" />
    </div>
  );
}

const MENU = [{ key: '/cms/news', icon: <FileTextOutlined />, label: '新闻管理' }];

/** The content-management platform's frame: a side menu of what can be managed. */
export default function CmsLayout({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const user = useUser() ?? loaderData.user;
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const selected = MENU.find((item) => location.pathname.startsWith(item.key))?.key;

  const signOut = () =>
    modal.confirm({
      title: '提示',
      content: '确定退出登录吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await call('login/loginOut.do', { staffId: user.staffId }).catch(() => undefined);
        clearUser();
        navigate('/index');
      },
    });

  return (
    <Layout className="cms">
      <Layout.Header className="cms-header">
        <Link to="/cms/news" className="cms-brand">
          {site.name} · 内容管理平台
        </Link>
        <span className="cms-user">
          {user.staffName}（{user.isPower === 1 ? '管理员' : '老师'}）
        </span>
        <Link to="/index" className="cms-header-link">
          <HomeOutlined /> 门户首页
        </Link>
        <button type="button" className="cms-header-link link-button" onClick={signOut}>
          <LogoutOutlined /> 退出登录
        </button>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} className="cms-sider" theme="light">
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={MENU.map((item) => ({
              key: item.key,
              icon: item.icon,
              label: <Link to={item.key}>{item.label}</Link>,
            }))}
          />
        </Layout.Sider>
        <Layout.Content className="cms-content">
          <Outlet context={{ user }} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
