import { CloseOutlined, MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ElderModeSwitch, SkipLink } from '../../components/a11y/ElderModeSwitch';
import { LOGIN_HREF } from '../../lib/portal-context';
import { safeHref, type SiteInfo } from '../../lib/site';
import { menuLabels, tileLabels } from '../../lib/site-labels';
import { useHydrated } from '../../lib/use-hydrated';
import { useUser } from '../../lib/use-user';

interface NavItem {
  label: string;
  to?: string;
  href?: string;
  /** Needs a login: goes to the staff home, or opens the login modal. */
  staffOnly?: boolean;
  /** Only in the phone menu: the top bar's quick links, which a phone's top bar leaves out. */
  phoneOnly?: boolean;
  /** `external`: another site, opened in a new tab. */
  children?: Array<{ label: string; to: string; external?: boolean }>;
}

function navItems(site: SiteInfo): NavItem[] {
  const course = safeHref(site.courseUrl);
  const label = menuLabels(site);
  const tile = tileLabels(site);
  return [
    { label: label('home'), to: '/index' },
    {
      label: label('intro'),
      to: '/meetfuyi?newsNum=1',
      children: [
        { label: '学校概况', to: '/meetfuyi?newsNum=1' },
        { label: '人物风采', to: '/meetfuyi?newsNum=2' },
        { label: label('impressions'), to: '/meetfuyi?newsNum=3' },
      ],
    },
    {
      label: label('news'),
      to: '/news?newsNum=2',
      children: [
        { label: '校园新闻', to: '/news?newsNum=2' },
        { label: '教育动态', to: '/news?newsNum=3' },
        { label: '专题新闻', to: '/news?newsNum=4' },
      ],
    },
    {
      label: label('media'),
      to: '/media?newsNum=6',
      children: [
        { label: tile('alumni'), to: '/media?newsNum=6' },
        { label: '教师频道', to: '/media?newsNum=7' },
        { label: tile('students'), to: '/media?newsNum=8' },
        { label: '学生社团', to: '/media?newsNum=9' },
      ],
    },
    { label: label('enrolment'), href: safeHref(site.enrolmentUrl) },
    {
      label: label('wenji'),
      to: '/schoolWenji?newsNum=1',
      children: [
        { label: label('magazine'), to: '/schoolWenji?newsNum=1' },
        { label: label('studentWenji'), to: '/schoolWenji?newsNum=2' },
        { label: label('teacherWenji'), to: '/schoolWenji?newsNum=3' },
      ],
    },
    { label: label('platform'), staffOnly: true },
    {
      label: '快捷入口',
      phoneOnly: true,
      children: [
        { label: '校园专栏', to: '/campus?campusNum=15' },
        { label: tile('video'), to: '/video' },
        { label: tile('picture'), to: '/picture' },
        ...(course ? [{ label: '网络课程', to: course, external: true }] : []),
      ],
    },
  ];
}

const MENU_ID = 'portal-menu';

/**
 * The phone's 菜单 button and its panel's state, closed again after each navigation. Before
 * JavaScript runs it is a link to the panel, which site.css shows as the link's :target.
 */
function useMenuToggle() {
  const { pathname, search, hash } = useLocation();
  const hydrated = useHydrated();
  const here = pathname + search;
  // The visitor's choice holds on the page it was made on: a navigation closes the menu. Opened
  // by the link before the page was ready (the address ends in #portal-menu), it stays open.
  const [choice, setChoice] = useState<{ at: string; open: boolean } | null>(null);
  const open = choice?.at === here ? choice.open : hydrated && hash === `#${MENU_ID}`;
  const setOpen = (value: boolean) => setChoice({ at: here, open: value });
  return { open, setOpen, hydrated };
}

function MenuToggle({ menu }: { menu: ReturnType<typeof useMenuToggle> }) {
  const label = (
    <>
      {menu.open ? <CloseOutlined aria-hidden /> : <MenuOutlined aria-hidden />}
      <span>菜单</span>
    </>
  );
  if (!menu.hydrated) {
    return (
      <a href={`#${MENU_ID}`} className="nav-toggle">
        {label}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="nav-toggle"
      aria-expanded={menu.open}
      aria-controls={MENU_ID}
      onClick={() => menu.setOpen(!menu.open)}
    >
      {label}
    </button>
  );
}

/** Header and main navigation of portal.md §2; the sub-menus work without JavaScript. */
export function PortalHeader({ site, onStaffEntry }: { site: SiteInfo; onStaffEntry: () => void }) {
  const user = useUser();
  const { message } = App.useApp();

  const search = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem('newsTitle') as HTMLInputElement;
    if (!input.value.trim()) {
      event.preventDefault();
      message.warning('请输入搜索内容');
    }
  };
  const staffEntry = (event: React.MouseEvent) => {
    event.preventDefault();
    onStaffEntry();
  };
  // Followed as a link where the page runs without React: the home page opens the login there.
  const entryHref = user ? '/teachPage' : LOGIN_HREF;
  const course = safeHref(site.courseUrl);
  const oldSite = safeHref(site.oldSiteUrl);
  const menu = useMenuToggle();
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.setOpen(false);
    event.currentTarget.querySelector<HTMLElement>('.nav-toggle')?.focus();
  };

  return (
    <header className="portal-header" onKeyDown={closeOnEscape}>
      <SkipLink />
      <div className="topbar">
        <div className="container topbar-inner">
          <span className="topbar-welcome">{`欢迎访问${site.name}`}</span>
          <nav className="topbar-links" aria-label="快捷链接">
            <a href={entryHref} onClick={staffEntry} className="topbar-login">
              {user ? '【校内网】' : '登录'}
            </a>
            <Link to="/campus?campusNum=15" className="topbar-quick">
              校园专栏
            </Link>
            <Link to="/video" className="topbar-quick">
              视频中心
            </Link>
            <Link to="/picture" className="topbar-quick">
              图片中心
            </Link>
            {course && (
              <a href={course} target="_blank" rel="noopener noreferrer" className="topbar-quick">
                网络课程
              </a>
            )}
            {oldSite && (
              <a href={oldSite} target="_blank" rel="noopener noreferrer">
                返回旧版
              </a>
            )}
            <ElderModeSwitch />
          </nav>
        </div>
      </div>
      <div
        className={site.banner ? 'brand-bar has-banner' : 'brand-bar'}
        style={site.banner ? { backgroundImage: `url("${encodeURI(site.banner)}")` } : undefined}
      >
        <div className="container brand-inner">
          <Link to="/index" className="brand">
            <img src={site.logo} alt="" width={64} height={64} className="brand-logo" />
            <span className="brand-text">
              <strong>{site.name}</strong>
              {site.englishName && <small lang="en">{site.englishName}</small>}
            </span>
          </Link>
          <form
            className="site-search"
            action="/outnetSech"
            method="get"
            role="search"
            onSubmit={search}
          >
            <input
              name="newsTitle"
              placeholder="请输入关键字"
              aria-label="搜索新闻"
              maxLength={50}
            />
            <button type="submit" aria-label="搜索">
              <SearchOutlined aria-hidden />
            </button>
          </form>
          <MenuToggle menu={menu} />
        </div>
      </div>
      {/* A followed link closes the menu, also one to the page already open (no navigation). */}
      <nav
        id={MENU_ID}
        className={menu.open ? 'main-nav is-open' : 'main-nav'}
        aria-label="主导航"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) menu.setOpen(false);
        }}
      >
        <ul className="container">
          {navItems(site).map((item) => (
            <li
              key={item.label}
              className={
                [item.children && 'has-menu', item.phoneOnly && 'nav-phone-only']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              {item.phoneOnly ? (
                <span className="nav-group-label">{item.label}</span>
              ) : item.staffOnly ? (
                <a href={entryHref} onClick={staffEntry}>
                  {item.label}
                </a>
              ) : item.to ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <a href={item.href ?? '#'} target="_blank" rel="noopener noreferrer">
                  {item.label}
                </a>
              )}
              {item.children && (
                <ul className="sub-menu">
                  {item.children.map((child) => (
                    <li key={child.to}>
                      {child.external ? (
                        <a href={child.to} target="_blank" rel="noopener noreferrer">
                          {child.label}
                        </a>
                      ) : (
                        <Link to={child.to}>{child.label}</Link>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
