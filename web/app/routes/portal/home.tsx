import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import { load } from '../../api/load';
import { serverTransport } from '../../api/server';
import { CampusGrid } from '../../features/news/campus/CampusGrid';
import { HomeCarousel } from '../../features/showcase/portal/HomeCarousel';
import { NewsBox } from '../../features/news/portal/NewsBox';
import { pageMeta } from '../../lib/meta';
import { safeHref, safeRedirect } from '../../lib/site';
import { tileLabels } from '../../lib/site-labels';
import { getUser } from '../../lib/session';
import type { PageHandle } from '../../lib/static-page';
import { useSite } from '../../root';
import { LOGIN_PARAM, usePortal } from '../../lib/portal-context';

/** Whether the address asks for the login dialog (below), which needs the app. */
const asksLogin = (url: URL) =>
  url.searchParams.has('redirect') ||
  url.searchParams.has(LOGIN_PARAM) ||
  url.searchParams.get('yesorNo') === '1';

/**
 * Read without React by visitors (lib/static-page.ts): the carousel and the news box's tabs are
 * server markup that lib/page-widgets.ts runs. Only an address that opens the login dialog
 * brings the app.
 */
export const handle: PageHandle = {
  hydrate: (data) => (data as { login?: boolean } | undefined)?.login === true,
  widgets: true,
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverTransport(context);
  const [banners, news] = await Promise.all([
    load(api, 'moveImg/getMoveImg'),
    load(api, 'news/getNewsHomePage'),
  ]);
  return {
    banners: banners.ok ? banners.data : [],
    news: news.ok ? news.data : [],
    login: asksLogin(new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, {});

/**
 * Home (index, and `/`). Opened with `redirect` by the staff route guard it
 * warns 请先登录 and offers the login; with `yesorNo=1` (a shared resource
 * link) it offers the login and then opens that resource; with `login` (the
 * 登录 link of a page without React) it offers the login, which leads to the
 * staff home as the header's 登录 does.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { message } = App.useApp();
  const { openLogin } = usePortal();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const resourceLink = params.get('yesorNo') === '1' ? params.get('resourcesId') : null;
  const wantsLogin = params.has(LOGIN_PARAM);

  useEffect(() => {
    if (getUser()) {
      if (wantsLogin) navigate('/teachPage', { replace: true });
      return;
    }
    if (redirect) {
      message.warning('请先登录');
      openLogin(() => navigate(redirect));
    } else if (resourceLink) {
      openLogin(() => navigate(`/folderDetail?resourcesId=${encodeURIComponent(resourceLink)}`));
    } else if (wantsLogin) {
      openLogin();
      // The address only brought the dialog: behind it is the plain home page.
      navigate('/index', { replace: true, preventScrollReset: true });
    }
    // Runs once per arrival with these parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect, resourceLink, wantsLogin]);

  return (
    <main id="main" className="home">
      <HomeCarousel banners={loaderData.banners} schoolName={site.name} />
      <div className="container home-grid">
        <NewsBox tabs={loaderData.news} />
        <CampusGrid academy={site.academy} label={tileLabels(site)} />
      </div>
      {site.relatedLinks.length > 0 && (
        <section className="container related-links" aria-label="相关链接">
          <h2>相关链接</h2>
          <ul>
            {site.relatedLinks.map((link) => (
              <li key={link.value}>
                <a href={safeHref(link.value)} target="_blank" rel="noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
