import type { Route } from './+types/school-wenji';
import { MAGAZINE_PAGE_SIZE, loadMagazines } from '../../features/magazine/portal/magazine-data';
import { serverTransport } from '../../api/server';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { MagazineGrid, SeriesTabs } from '../../features/magazine/portal/MagazineGrid';
import { PageCover } from '../../components/ui/PageCover';
import { Pager } from '../../components/ui/Pager';
import { pageMeta } from '../../lib/meta';
import css from '../../styles/portal-media-centre.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadMagazines(serverTransport(context), request.url);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const name = data?.series.find((s) => s.typeId === data.newsNum)?.typeName;
  return pageMeta(matches, {
    title: name ?? '校刊文集',
    description: data?.page.list.map((m) => m.magazineTitle).join('；'),
    image: data?.page.list[0]?.imgUrl || undefined,
  });
};

/** School magazines (schoolWenji?newsNum=1|2|3): the three series, 15 issues a page. */
export default function SchoolWenji({ loaderData }: Route.ComponentProps) {
  const { newsNum, pageNum, series, page, cover } = loaderData;
  const name = series.find((s) => s.typeId === newsNum)!.typeName;
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="校刊文集" heading />
      <div className="container section-body">
        <SeriesTabs series={series} current={newsNum} />
        <section className="section-main" aria-label={name}>
          <Crumbs items={[{ label: '校刊文集', to: '/schoolWenji?newsNum=1' }, { label: name }]} />
          {page.list.length === 0 ? <EmptyState /> : <MagazineGrid magazines={page.list} />}
          <Pager total={page.total} pageNum={pageNum} pageSize={MAGAZINE_PAGE_SIZE} />
        </section>
      </div>
    </main>
  );
}
