import { DownloadOutlined } from '@ant-design/icons';
import type { Route } from './+types/sch-wenji-detail';
import { orNotFound } from '../../api/load';
import { loadMagazine } from '../../features/magazine/portal/magazine-data';
import { serverTransport } from '../../api/server';
import { Crumbs } from '../../components/ui/Crumbs';
import { EmptyState } from '../../components/ui/EmptyState';
import { PdfViewer } from '../../components/pdf/PdfViewer';
import { pageMeta } from '../../lib/meta';
import { day, slashPath } from '../../lib/text';
import css from '../../styles/portal-media-centre.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: css }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { detail } = await loadMagazine(serverTransport(context), request.url);
  return { magazine: orNotFound(detail) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const magazine = data?.magazine;
  return pageMeta(matches, {
    title: magazine?.magazineTitle ?? '校刊文集',
    description: magazine ? `${magazine.typeName}：${magazine.magazineTitle}` : '',
    image: magazine?.imgUrl || undefined,
    type: 'article',
  });
};

/** One magazine issue (schWenjiDetail?magazineId=): its PDF, page by page, and the download. */
export default function SchWenjiDetail({ loaderData }: Route.ComponentProps) {
  const { magazine } = loaderData;
  const pdf = slashPath(magazine.filePath);
  return (
    <main id="main" className="detail-page container magazine-detail">
      <Crumbs
        items={[
          { label: '校刊文集', to: '/schoolWenji?newsNum=1' },
          { label: magazine.typeName, to: `/schoolWenji?newsNum=${magazine.typeId}` },
          { label: '正文' },
        ]}
      />
      <article className="detail-main magazine-reader">
        <h1 className="article-title">{magazine.magazineTitle}</h1>
        <p className="article-meta">
          <span>{magazine.typeName}</span>
          <span>发布时间：{day(magazine.createDate)}</span>
          {pdf && (
            <a className="pdf-download" href={pdf} download={`${magazine.magazineTitle}.pdf`}>
              <DownloadOutlined aria-hidden /> 下载 PDF
            </a>
          )}
        </p>
        {pdf ? (
          <PdfViewer url={pdf} title={magazine.magazineTitle} />
        ) : (
          <EmptyState text="暂无 PDF 文件" />
        )}
      </article>
    </main>
  );
}
