import { isContentAdmin, isSystemAdmin } from '@school/common';
import {
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  FileTextOutlined,
  HomeOutlined,
  LogoutOutlined,
  MenuOutlined,
  NotificationOutlined,
  PictureOutlined,
  SettingOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { App, Layout, Menu } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { call } from '../../api/client';
import { ElderModeSwitch, SkipLink } from '../../components/a11y/ElderModeSwitch';
import { ChangePasswordModal } from '../../components/password/ChangePasswordModal';
import { clearUser, type StoredUser } from '../../lib/session';
import type { SiteInfo } from '../../lib/site';

/**
 * Who sees a section: every staff member, administrator-level users (isPower 1:
 * the school's own content), or the administrator role (staffType 5: the
 * system). The server checks the same rules on every call.
 */
type Audience = 'staff' | 'content' | 'site';

const MENU_GROUPS: Array<{
  key: string;
  label: string;
  icon: ReactNode;
  items: Array<{ key: string; label: string; who: Audience }>;
}> = [
  {
    key: 'content',
    label: '内容管理',
    icon: <FileTextOutlined aria-hidden />,
    items: [
      { key: '/cms', label: '工作台', who: 'staff' },
      { key: '/cms/news', label: '新闻管理', who: 'staff' },
      { key: '/cms/video', label: '视频管理', who: 'staff' },
      { key: '/cms/magazine', label: '校刊管理', who: 'content' },
      { key: '/cms/column', label: '栏目设置', who: 'content' },
      { key: '/cms/sensitiveWord', label: '敏感词管理', who: 'content' },
    ],
  },
  {
    key: 'site',
    label: '门户展示',
    icon: <PictureOutlined aria-hidden />,
    items: [
      { key: '/cms/banner', label: '横幅与封面', who: 'content' },
      { key: '/cms/society', label: '社团风采', who: 'content' },
      { key: '/cms/wwfz', label: '学校介绍', who: 'content' },
      { key: '/cms/fmsm', label: '人物风采', who: 'content' },
    ],
  },
  {
    key: 'intranet',
    label: '校内办公',
    icon: <NotificationOutlined aria-hidden />,
    items: [
      { key: '/cms/notice', label: '滚动通知', who: 'content' },
      { key: '/cms/workbench', label: '工作台与应用', who: 'site' },
    ],
  },
  {
    key: 'system',
    label: '系统设置',
    icon: <SettingOutlined aria-hidden />,
    items: [
      { key: '/cms/staff', label: '用户管理', who: 'site' },
      { key: '/cms/staffImport', label: '人员导入', who: 'site' },
      { key: '/cms/department', label: '部门管理', who: 'site' },
      { key: '/cms/site', label: '站点设置', who: 'site' },
      { key: '/cms/importSite', label: '导入旧站', who: 'site' },
      { key: '/cms/parameter', label: '系统参数与外部站点', who: 'site' },
      { key: '/cms/dictionary', label: '数据字典', who: 'site' },
      { key: '/cms/virusFinding', label: '病毒检测记录', who: 'site' },
    ],
  },
];

const ITEM_ICONS: Record<string, ReactNode> = {
  '/cms': <DashboardOutlined aria-hidden />,
  '/cms/news': <FileTextOutlined aria-hidden />,
  '/cms/video': <VideoCameraOutlined aria-hidden />,
  '/cms/magazine': <BookOutlined aria-hidden />,
  '/cms/staff': <TeamOutlined aria-hidden />,
  '/cms/workbench': <AppstoreOutlined aria-hidden />,
};

function mayOpen(user: StoredUser, who: Audience) {
  if (who === 'content') return isContentAdmin(user);
  if (who === 'site') return isSystemAdmin(user);
  return true;
}

/** The sections this user may open, grouped as the side menu shows them. */
function menuFor(user: StoredUser) {
  return MENU_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => mayOpen(user, item.who)),
  })).filter((group) => group.items.length > 0);
}

/** The content-management platform's frame: a side menu of what can be managed. */
export function CmsFrame({
  user,
  site,
  children,
}: {
  user: StoredUser;
  site: SiteInfo;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const groups = menuFor(user);
  // An account given its password by someone else (人员导入) changes it before it manages
  // anything, administrators too (a weak password alone forces only teachers, on the intranet).
  const forced = user.mustChangePassword === 1;
  // Below 768 px the menu folds away behind a button and folds again after a choice.
  const [narrow, setNarrow] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const selected = groups
    .flatMap((group) => group.items.map((item) => item.key))
    .filter((key) => location.pathname === key || location.pathname.startsWith(`${key}/`))
    .sort((a, b) => b.length - a.length)[0];

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
      <SkipLink />
      <Layout.Header className="cms-header">
        {narrow && (
          <button
            type="button"
            className="cms-header-link link-button"
            aria-label={menuOpen ? '收起菜单' : '打开菜单'}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuOutlined aria-hidden />
          </button>
        )}
        <Link to="/cms" className="cms-brand">
          {site.name} · 内容管理平台
        </Link>
        <span className="cms-user">
          {user.staffName}（{isSystemAdmin(user) ? '管理员' : '老师'}）
        </span>
        <ElderModeSwitch className="cms-header-link" />
        {/* Named: on a phone only the icon shows. */}
        <Link to="/index" className="cms-header-link" aria-label="门户首页">
          <HomeOutlined aria-hidden /> <span className="cms-header-label">门户首页</span>
        </Link>
        <button
          type="button"
          className="cms-header-link link-button"
          aria-label="退出登录"
          onClick={signOut}
        >
          <LogoutOutlined aria-hidden /> <span className="cms-header-label">退出登录</span>
        </button>
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={200}
          className="cms-sider"
          theme="light"
          breakpoint="md"
          collapsedWidth={0}
          trigger={null}
          collapsed={narrow && !menuOpen}
          onBreakpoint={(broken) => {
            setNarrow(broken);
            setMenuOpen(false);
          }}
        >
          <Menu
            mode="inline"
            onClick={() => setMenuOpen(false)}
            selectedKeys={selected ? [selected] : []}
            defaultOpenKeys={groups.map((group) => group.key)}
            items={groups.map((group) => ({
              key: group.key,
              icon: group.icon,
              label: group.label,
              children: group.items.map((item) => ({
                key: item.key,
                icon: ITEM_ICONS[item.key],
                label: <Link to={item.key}>{item.label}</Link>,
              })),
            }))}
          />
        </Layout.Sider>
        <Layout.Content
          id="main"
          className={narrow && menuOpen ? 'cms-content cms-content-covered' : 'cms-content'}
        >
          {children}
        </Layout.Content>
      </Layout>
      <ChangePasswordModal open={forced} forced onClose={() => undefined} />
    </Layout>
  );
}
