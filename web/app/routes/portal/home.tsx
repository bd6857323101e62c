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
import { getUser } from '../../lib/session';
import { useSite } from '../../root';
import { usePortal } from '../../lib/portal-context';

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverTransport(context);
  const [banners, news] = await Promise.all([
    load(api, 'moveImg/getMoveImg'),
    load(api, 'news/getNewsHomePage'),
  ]);
  return { banners: banners.ok ? banners.data : [], news: news.ok ? news.data : [] };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, {});

/**
 * Home (index, and `/`). Opened with `redirect` by the staff route guard it
 * warns 请先登录 and offers the login; with `yesorNo=1` (a shared resource
 * link) it offers the login and then opens that resource.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { message } = App.useApp();
  const { openLogin } = usePortal();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const resourceLink = params.get('yesorNo') === '1' ? params.get('resourcesId') : null;

  useEffect(() => {
    if (getUser()) return;
    if (redirect) {
      message.warning('请先登录');
      openLogin(() => navigate(redirect));
    } else if (resourceLink) {
      openLogin(() => navigate(`/folderDetail?resourcesId=${encodeURIComponent(resourceLink)}`));
    }
    // Runs once per arrival with these parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect, resourceLink]);

  return (
    <main id="main" className="home">
      <HomeCarousel banners={loaderData.banners} schoolName={site.name} />
      <div className="container home-grid">
        <NewsBox tabs={loaderData.news} />
        <CampusGrid academy={site.academy} />
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
