import { isTeacher } from '@school/common';
import {
  AppstoreOutlined,
  LinkOutlined,
  LogoutOutlined,
  MailOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { App, Badge, Radio } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { call } from '../../api/client';
import { useUnreadMail } from '../../features/mail/unread-mail';
import { openCmsHandoff } from '../../lib/cms-handoff';
import { clearUser, type StoredUser } from '../../lib/session';
import { safeHref, type SiteInfo } from '../../lib/site';
import { ElderModeSwitch, SkipLink } from '../../components/a11y/ElderModeSwitch';
import { BackToTop } from '../../components/ui/BackToTop';
import { QrFigure } from '../../components/ui/QrFigure';

import type { Parameter, RollingNotice } from '@school/common/api';
import { ChangePasswordModal } from '../../components/password/ChangePasswordModal';
import { RollingTicker } from './RollingTicker';

const NOTICE = '本平台为互联网非涉密平台，严禁处理、传输国家秘密、工作秘密和敏感信息。';

/** Search kinds of the banner box: free text by default, or news, phone, teacher. */
const SEARCH_KINDS = [
  { value: '0', label: '全文' },
  { value: '1', label: '查新闻' },
  { value: '3', label: '查电话' },
  { value: '2', label: '查老师' },
];

/** The blog's hand-off (intranet.md §7). */
const BLOG_VISIT_TYPE = 2;

/**
 * The intelligent-service link with webLogin=1 and the staff id (intranet.md
 * §7); the session token is left out: a token in an address ends up in logs
 * and histories (README).
 */
function serviceHref(address: string, user: StoredUser) {
  const url = new URL(address, window.location.origin);
  url.searchParams.set('webLogin', '1');
  url.searchParams.set('staffId', String(user.staffId));
  return url.toString();
}

/**
 * intranet.md §6: the sites with parameterId 10 and 13 (and any site not for
 * everyone) are opened after the server's permission check; a refusal opens
 * the error page in a new tab.
 */
const CHECKED_SITES = new Set([10, 13]);

function SiteLink({ site }: { site: Parameter }) {
  const href = safeHref(site.parameteValue);
  if (!href) return <>{site.parameterName}</>;
  if (!CHECKED_SITES.has(site.parameterId) && site.parameterType === '1') {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {site.parameterName}
      </a>
    );
  }
  const open = async () => {
    // Opened from the click itself, so no pop-up blocker stops it; sent on after the check.
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    try {
      await call('sysParameter/checkSite', { parameterId: site.parameterId });
      if (tab) tab.location.href = href;
    } catch {
      if (tab) tab.location.href = '/fourError';
    }
  };
  return (
    <button type="button" className="link-button" onClick={() => void open()}>
      {site.parameterName}
    </button>
  );
}

/** 邮件 with the unread count, kept fresh without reloading; it opens the inbox. */
function MailLink() {
  const unread = useUnreadMail();
  return (
    <NavLink
      to="/writEmail?view=inbox"
      className="staff-mail-link"
      aria-label={unread ? `邮件（${unread}封未读）` : '邮件'}
    >
      <Badge count={unread} size="small" overflowCount={99} offset={[6, -2]}>
        <span className="staff-mail-label">
          <MailOutlined aria-hidden /> 邮件
        </span>
      </Badge>
    </NavLink>
  );
}

/** The drive's pages (intranet.md §2) under the one 教学网盘 tab. */
const DRIVE_PATHS = [
  '/education',
  '/filelistPage',
  '/folderDetail',
  '/huntFor',
  '/newUpload',
  '/jinqiPage',
  '/hotDown',
  '/mineWp',
  '/myPublicwp',
];

function DriveLink() {
  const { pathname } = useLocation();
  return (
    <NavLink to="/education" className={DRIVE_PATHS.includes(pathname) ? 'active' : undefined}>
      教学网盘
    </NavLink>
  );
}

/** The shared chrome of staff pages (intranet.md §2 "Shared chrome"). */
export function StaffChrome({
  user,
  site,
  sites,
  links,
  notices,
  children,
}: {
  user: StoredUser;
  site: SiteInfo;
  /** The school's sites (XNZD rows). */
  sites: Parameter[];
  /** The forum (BK) and intelligent-service (FYZR) addresses. */
  links: Record<string, string>;
  /** The ticker's rolling notices. */
  notices: RollingNotice[];
  children: ReactNode;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [kind, setKind] = useState('0');
  const [passwordOpen, setPasswordOpen] = useState(false);
  // The spec forces teachers with a weak password; an account whose password someone else
  // gave (人员导入) changes it first whatever its role.
  const forced = (user.whetherpass === 0 && isTeacher(user)) || user.mustChangePassword === 1;

  const signOut = () =>
    modal.confirm({
      title: '提示',
      content: '确定要退出登录吗?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await call('login/loginOut.do', { staffId: user.staffId });
          message.success('退出成功');
        } catch {
          message.error('退出失败');
          return;
        }
        clearUser();
        navigate('/index');
      },
    });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('str') as HTMLInputElement;
    const text = input.value.trim();
    if (!text) {
      message.warning('请输入搜索内容');
      return;
    }
    navigate(`/sechresPage?type=${kind}&str=${encodeURIComponent(text)}`);
  };

  const blog = safeHref(links.BK);
  const service = safeHref(links.FYZR);

  return (
    <div className="staff">
      <SkipLink />
      <div className="staff-topbar">
        <div className="container staff-topbar-inner">
          <span>
            您好，<strong className="staff-name">{user.staffName}</strong>
          </span>
          <nav aria-label="账户">
            <Link to="/index">
              <LinkOutlined aria-hidden /> 外网
            </Link>
            <Link to="/editPwd">个人设置</Link>
            <button type="button" className="link-button" onClick={() => setPasswordOpen(true)}>
              修改密码
            </button>
            <button type="button" className="link-button" onClick={signOut}>
              <LogoutOutlined aria-hidden /> 退出登录
            </button>
            <ElderModeSwitch />
          </nav>
        </div>
      </div>
      <header className="staff-banner">
        <div className="container staff-banner-inner">
          <Link to="/teachPage" className="brand">
            <img src={site.logo} alt="" width={52} height={52} className="brand-logo" />
            <span className="brand-text">
              <strong>{site.name}</strong>
              <small>校内网</small>
            </span>
          </Link>
          <nav className="staff-tabs" aria-label="校内网导航">
            <NavLink to="/teachPage">首页</NavLink>
            <DriveLink />
            <MailLink />
            {blog ? (
              <button
                type="button"
                className="link-button"
                onClick={() => void openCmsHandoff(blog, user, { visitType: BLOG_VISIT_TYPE })}
              >
                博客
              </button>
            ) : (
              <NavLink to="/weblog">博客</NavLink>
            )}
            {service && (
              <a href={serviceHref(service, user)} target="_blank" rel="noopener noreferrer">
                <AppstoreOutlined aria-hidden /> 智慧服务
              </a>
            )}
          </nav>
          <form className="staff-search" onSubmit={search} role="search">
            <div className="staff-search-box">
              <input name="str" placeholder="请输入搜索内容" aria-label="站内搜索" maxLength={50} />
              <button type="submit" aria-label="搜索">
                <SearchOutlined aria-hidden />
              </button>
            </div>
            <Radio.Group
              size="small"
              value={kind}
              onChange={(e) => setKind(e.target.value as string)}
              options={SEARCH_KINDS}
            />
          </form>
        </div>
      </header>
      <RollingTicker notices={notices} />
      {children}
      <footer className="staff-footer">
        <div className="container staff-footer-inner">
          <div>
            <h2>校内站点</h2>
            <ul className="site-list">
              {sites.map((s) => (
                <li key={s.parameterId}>
                  {s.pic ? (
                    <img src={s.pic} alt="" width={20} height={20} />
                  ) : (
                    <AppstoreOutlined aria-hidden />
                  )}
                  <SiteLink site={s} />
                </li>
              ))}
            </ul>
            <p className="staff-notice">{NOTICE}</p>
          </div>
          <QrFigure src={site.qrImage} size={96} caption="官方公众号" />
        </div>
      </footer>
      <BackToTop threshold={350} />
      <ChangePasswordModal
        open={passwordOpen || forced}
        forced={forced}
        onClose={() => setPasswordOpen(false)}
      />
    </div>
  );
}
