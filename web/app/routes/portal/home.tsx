import { App } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/home';
import { safeRedirect } from '../../lib/site';
import { getUser } from '../../lib/session';
import { useSite } from '../../root';
import { usePortal } from './layout';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as
    { site?: { name: string; intro: string } } | undefined;
  const name = root?.site?.name ?? '学校门户网站';
  const description = root?.site?.intro ?? '';
  return [
    { title: name },
    { name: 'description', content: description },
    { property: 'og:title', content: name },
    { property: 'og:description', content: description },
    { property: 'og:image', content: '/images/logo.svg' },
    { property: 'og:type', content: 'website' },
  ];
};

const SECTIONS = [
  { label: '校园新闻', to: '/news?newsNum=2' },
  { label: '教育动态', to: '/news?newsNum=3' },
  { label: '专题新闻', to: '/news?newsNum=4' },
  { label: '校园专栏', to: '/campus?campusNum=15' },
  { label: '图片中心', to: '/picture' },
  { label: '视频中心', to: '/video' },
  { label: '校刊文集', to: '/schoolWenji?newsNum=1' },
  { label: '学校概况', to: '/meetfuyi?newsNum=1' },
];

/**
 * Home (index, and `/`). Opened with `redirect` by the staff route guard it
 * warns 请先登陆 and offers the login; with `yesorNo=1` (a shared resource
 * link) it offers the login and then opens that resource.
 */
export default function Home() {
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
      message.warning('请先登陆');
      openLogin(() => navigate(redirect));
    } else if (resourceLink) {
      openLogin(() => navigate(`/folderDetail?resourcesId=${encodeURIComponent(resourceLink)}`));
    }
    // Runs once per arrival with these parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect, resourceLink]);

  return (
    <main className="home">
      <section className="hero">
        <div className="container hero-inner">
          <h1>{site.name}</h1>
          {site.englishName && <p className="hero-en">{site.englishName}</p>}
          {site.intro && <p className="hero-intro">{site.intro}</p>}
        </div>
      </section>
      <section className="container home-sections" aria-label="栏目导航">
        {SECTIONS.map((section) => (
          <Link key={section.to} to={section.to} className="home-section">
            {section.label}
          </Link>
        ))}
      </section>
    </main>
  );
}
