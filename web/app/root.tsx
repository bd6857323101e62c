import { StyleProvider } from '@ant-design/cssinjs';
import { RightOutlined } from '@ant-design/icons';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useContext, useEffect, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { load } from './api/load';
import { serverTransport } from './api/server';
import { inertHiddenCopies } from './lib/a11y';
import { ELDER_BOOT_SCRIPT } from './lib/elder-mode';
import { STATIC_PAGE_SCRIPT, WIDGETS_SCRIPT } from 'virtual:page-scripts';
import { hasLoginCookie, pageHasWidgets, pageHydrates, type PageHandle } from './lib/static-page';
import { SITE_CODES, siteFromParameters, type SiteInfo } from './lib/site';
import stylesheet from './styles/site.css?url';
import portalPages from './styles/portal-pages.css?url';
import a11y from './styles/a11y.css?url';
import antdPortal from './styles/antd/antd-portal.css?url';
import antdRead from './styles/antd/antd-read.css?url';
import antdStaff from './styles/antd/antd-staff.css?url';
import { THEME } from './lib/theme';
import { paletteCss, paletteOf } from './lib/palette';

// Date pickers name months and weekdays in Chinese, as antd's zh_CN texts around them.
dayjs.locale('zh-cn');

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: portalPages },
  // Last, so contrast and 长辈模式 rules win over the page styles of equal weight.
  { rel: 'stylesheet', href: a11y },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const rows = await load(serverTransport(context), 'sysParameter/getParameterList', {
    parameteCodes: SITE_CODES.join(','),
  });
  if (!rows.ok) throw new Error(rows.message);
  return { site: siteFromParameters(rows.data), staff: hasLoginCookie(request) };
}

let siteChanged = false;

/** After 站点设置 saves: the next revalidation reads the school's details again. */
export function refreshSite() {
  siteChanged = true;
}

/** The school's details do not change between pages of one visit, unless 站点设置 saved them. */
export const shouldRevalidate = () => {
  const changed = siteChanged;
  siteChanged = false;
  return changed;
};

export function useSite(): SiteInfo {
  const data = useRouteLoaderData<typeof loader>('root');
  return data?.site ?? siteFromParameters([]);
}

/**
 * The school's favicon and colours, from the root loader's data: the colours are custom properties
 * in the first HTML, after the stylesheets they override, so no page shows another colour first.
 */
function SiteLook() {
  const site = useSite();
  const icon = site.favicon;
  const type = /\.svg(\?|$)/.test(icon) ? 'image/svg+xml' : undefined;
  return (
    <>
      <link rel="icon" href={icon} type={type} />
      <meta name="theme-color" content={paletteOf(site.themeColor).primary} />
      <style
        data-site-theme=""
        dangerouslySetInnerHTML={{ __html: paletteCss(paletteOf(site.themeColor)) }}
      />
    </>
  );
}

/** The styles are in the baked stylesheets: antd generates none while pages render. */
const PAGE_THEME = { ...THEME, zeroRuntime: true };
/**
 * A panel's arrow is decoration in its named header (the icons' patch names a lone → 下一页,
 * as pagination draws it).
 */
const COLLAPSE = {
  expandIcon: ({ isActive }: { isActive?: boolean }) => (
    <RightOutlined aria-hidden rotate={isActive ? 90 : 0} />
  ),
};

/**
 * Even with zeroRuntime antd still writes its CSS variables (the theme's and each component's)
 * into <style> tags in the browser, copies of what the baked stylesheets hold: they go into
 * this element outside the document instead, where they cost nothing.
 */
const STYLE_SINK = typeof document === 'undefined' ? undefined : document.createElement('div');

/**
 * The script that puts 长辈模式 on before the first paint. The Content-Security-Policy runs
 * inline scripts only with this response's nonce, which React Router's framework context holds
 * on the server (as for its own <Scripts>); the browser keeps the script as the server sent it.
 */
function ElderBoot() {
  const nonce = useContext(FrameworkContext)?.nonce;
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: ELDER_BOOT_SCRIPT }}
    />
  );
}

/**
 * Whether this page runs React (lib/static-page.ts): not when a route of it says
 * `handle: { hydrate: false }` and the visitor is not logged in. Decided on the server only: a
 * page in the browser was hydrated, and keeps its scripts through client-side navigations.
 */
function useHydratedPage(): boolean {
  const matches = useMatches();
  const staff = useRouteLoaderData<typeof loader>('root')?.staff ?? false;
  return typeof document !== 'undefined' || pageHydrates(matches, staff);
}

/**
 * The few things a page without React does (lib/static-page.ts), with this response's nonce;
 * with the carousel and tabs (lib/page-widgets.ts) on a page that has them.
 */
function StaticPageScript() {
  const nonce = useContext(FrameworkContext)?.nonce;
  const script = pageHasWidgets(useMatches())
    ? STATIC_PAGE_SCRIPT + WIDGETS_SCRIPT
    : STATIC_PAGE_SCRIPT;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * antd's styles, baked at build time (vite.config.ts): what the portal uses (only the pager on a
 * page without React), and the rest where a staff, CMS or share page is open. With `precedence`
 * React puts them at the top of <head>, before the site's stylesheets (whose rules of equal
 * weight win), and on a client-side navigation into the staff pages it shows the new page only
 * once antd-staff.css has loaded.
 */
function AntdStyles({ hydrated }: { hydrated: boolean }) {
  const matches = useMatches();
  const staff = matches.some((match) => (match.handle as PageHandle | undefined)?.staffStyles);
  return (
    <>
      <link rel="stylesheet" href={hydrated ? antdPortal : antdRead} precedence="antd" />
      {staff && <link rel="stylesheet" href={antdStaff} precedence="antd" />}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydratedPage();
  return (
    // 长辈模式's class is set by ElderBoot before React hydrates, so <html> differs on purpose.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ElderBoot />
        <Meta />
        <AntdStyles hydrated={hydrated} />
        <Links />
        <SiteLook />
      </head>
      <body>
        <StyleProvider container={STYLE_SINK}>
          <ConfigProvider locale={zhCN} theme={PAGE_THEME} collapse={COLLAPSE}>
            <AntApp>{children}</AntApp>
          </ConfigProvider>
        </StyleProvider>
        {hydrated ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <StaticPageScript />
        )}
      </body>
    </html>
  );
}

export default function Root() {
  useEffect(inertHiddenCopies, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main id="main" className="error-page">
      <img src="/images/not-found.svg" alt="" width={420} height={300} />
      <p>{notFound ? '您访问的页面不存在' : '页面出错了，请稍后再试'}</p>
      <a href="/index">返回首页</a>
    </main>
  );
}
