import { Link } from 'react-router';
import type { Route } from './+types/campus';
import { intParam, load, pageOr } from '../../api/load';
import { serverTransport } from '../../api/server';
import {
  CAMPUS_COLUMNS,
  CAMPUS_NUMS,
  COURSE_COLUMN,
  campusDetailHref,
  campusLabels,
} from '../../features/news/campus/columns';
import { SchoolPartFilter } from '../../features/news/campus/SchoolPartFilter';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { PageCover } from '../../components/ui/PageCover';
import { Pager } from '../../components/ui/Pager';
import { SideTabs } from '../../components/ui/SideTabs';
import { pageMeta } from '../../lib/meta';
import { day, truncate } from '../../lib/text';
import sectionsCss from '../../styles/portal-sections.css?url';

const PAGE_SIZE = 6;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = intParam(url, 'campusNum', 15);
  const campusNum = CAMPUS_NUMS.includes(asked) ? asked : 15;
  const pageNum = intParam(url, 'pageNum', 1);
  const part = campusNum === COURSE_COLUMN ? intParam(url, 'schChange', 0) : 0;
  const schChange = part === 1 || part === 2 ? part : 0;
  const api = serverTransport(context);
  const [page, cover, types] = await Promise.all([
    load(api, 'news/getNewsList', {
      typeId: campusNum,
      pageNum,
      pageSize: PAGE_SIZE,
      enableType: 1,
      schChange: schChange || undefined,
    }),
    load(api, 'coverPic/getCoverPic', { typeId: 14 }),
    load(api, 'news/getNewsTypeList'),
  ]);
  return {
    campusNum,
    pageNum,
    schChange,
    labels: campusLabels(types.ok ? types.data : []),
    page: pageOr(page),
    cover: cover.ok ? cover.data[0] : undefined,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `${data.labels[data.campusNum]} - 校园专栏` : '校园专栏',
    description: data?.page.list.map((i) => i.newsTitle).join('；'),
  });

/**
 * Campus columns (campus?campusNum=15|16|17|21): cover, column tabs, 6 items
 * a page; course construction (21) can be narrowed to 高中部 or 初中部. Items
 * open in a new tab.
 */
export default function Campus({ loaderData }: Route.ComponentProps) {
  const { campusNum, pageNum, schChange, labels, page, cover } = loaderData;
  const label = labels[campusNum];
  const tabs = CAMPUS_COLUMNS.map((c) => ({
    key: c.campusNum,
    label: labels[c.campusNum],
    to: `/campus?campusNum=${c.campusNum}`,
  }));
  return (
    <main id="main" className="section-page">
      <PageCover cover={cover} title="校园专栏" heading />
      <div className="container section-body">
        <SideTabs title="校园专栏" tabs={tabs} current={campusNum} />
        <section className="section-main" aria-label={label}>
          <Crumbs items={[{ label: '校园专栏', to: '/campus?campusNum=15' }, { label }]} />
          {campusNum === COURSE_COLUMN && (
            <SchoolPartFilter base={`/campus?campusNum=${COURSE_COLUMN}`} current={schChange} />
          )}
          {page.list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="compact-list campus-list">
              {page.list.map((item) => (
                <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
                  {item.ifTop === 1 && <span className="top-badge">顶</span>}
                  <Link
                    to={campusDetailHref(item.newId, item.typeId)}
                    target="_blank"
                    title={item.newsTitle}
                  >
                    {truncate(item.newsTitle, 40)}
                  </Link>
                  <span className="item-date">{day(item.shelvesDate)}</span>
                </li>
              ))}
            </ul>
          )}
          <Pager total={page.total} pageNum={pageNum} pageSize={PAGE_SIZE} />
        </section>
      </div>
    </main>
  );
}
