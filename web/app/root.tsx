import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { load } from './api/load';
import { serverTransport } from './api/server';
import { SITE_CODES, siteFromParameters, type SiteInfo } from './lib/site';
import stylesheet from './styles/site.css?url';
import portalPages from './styles/portal-pages.css?url';

// Date pickers name months and weekdays in Chinese, as antd's zh_CN texts around them.
dayjs.locale('zh-cn');

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: portalPages },
  { rel: 'icon', href: '/images/logo.svg', type: 'image/svg+xml' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await load(serverTransport(context), 'sysParameter/getParameterList', {
    parameteCodes: SITE_CODES.join(','),
  });
  if (!rows.ok) throw new Error(rows.message);
  return { site: siteFromParameters(rows.data) };
}

/** The school's details do not change between pages of one visit. */
export const shouldRevalidate = () => false;

export function useSite(): SiteInfo {
  const data = useRouteLoaderData<typeof loader>('root');
  return data?.site ?? siteFromParameters([]);
}

const THEME = {
  token: { colorPrimary: '#1d4e89', borderRadius: 4, fontFamily: 'var(--font-family)' },
};

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <ConfigProvider locale={zhCN} theme={THEME}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="error-page">
      <img src="/images/not-found.svg" alt="" width={420} height={300} />
      <p>{notFound ? '您访问的页面不存在' : '页面出错了，请稍后再试'}</p>
      <a href="/index">返回首页</a>
    </main>
  );
}
