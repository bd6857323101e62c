import type { Route } from './+types/campus-detail';
import { browserTransport } from '../../api/client';
import { serverTransport } from '../../api/server';
import type { NewsDetail } from '@school/common/api';
import {
  CAMPUS_COLUMNS,
  CAMPUS_NUMS,
  COURSE_COLUMN,
  campusDetailHref,
} from '../../features/news/campus/columns';
import { articleMeta, loadColumnArticle } from '../../features/news/portal/article-page';
import { ColumnArticle } from '../../features/news/portal/ColumnArticle';
import { getUser } from '../../lib/session';
import sectionsCss from '../../styles/portal-sections.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: sectionsCss }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadColumnArticle(serverTransport(context), request.url, CAMPUS_NUMS, 'server');
}

/** Logged in: the same data with the visitor's token, so staff-only items open too. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!getUser()) return serverLoader();
  return loadColumnArticle(browserTransport, request.url, CAMPUS_NUMS, 'browser');
}
// A staff member opening a staff-only item in a new tab gets it at once, with the stored token.
clientLoader.hydrate = true as const;

export const meta: Route.MetaFunction = ({ data, matches }) =>
  articleMeta(data, matches, '校园专栏');

/**
 * The heading of a course-construction (21) article. portal.md says only that
 * "the column-21 title is shown with exam wording" and gives no text. Our
 * reading (a decision, not a quotation): the column name in brackets before
 * the title, 【课程建设】, and under it the line 课程考核与学业评价 (course
 * assessment and academic evaluation). Other columns show the plain title.
 */
function courseHeading(item: NewsDetail) {
  if (item.typeId !== COURSE_COLUMN) return undefined;
  return (
    <>
      <span className="exam-prefix">【课程建设】</span>
      {item.newsTitle}
      <small className="exam-line">课程考核与学业评价</small>
    </>
  );
}

/**
 * A campus-column article (campusDetail?newId=&campusNum=&typeId=), as
 * mediaDetail; 【关闭】 shows only to a logged-in reader (ArticleActions).
 */
export default function CampusDetail({ loaderData }: Route.ComponentProps) {
  const { typeId } = loaderData;
  const fallback = CAMPUS_COLUMNS.find((c) => c.campusNum === typeId)?.label ?? '校园专栏';
  return (
    <ColumnArticle
      page={loaderData}
      section={{ label: '校园专栏', to: '/campus?campusNum=15' }}
      column={{ label: fallback, to: `/campus?campusNum=${typeId}` }}
      hrefOf={(id) => campusDetailHref(id, typeId)}
      heading={courseHeading}
    />
  );
}
