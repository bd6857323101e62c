import type { ReactNode } from 'react';
import { newsArticle, newsTarget } from '../../../components/article/news-article';
import type { ArticlePageData } from './news-detail';
import type { NewsDetail } from '@school/common/api';
import { ArticleView } from '../../../components/article/ArticleView';
import { Crumbs } from '../../../components/ui/Crumbs';
import { SideList } from '../../../components/ui/SideList';
import { StaffOnlyNotice } from '../../../components/ui/StaffOnlyNotice';

/**
 * An article of a section's column (mediaDetail, campusDetail): breadcrumb,
 * the article with its attachments and staff actions, and beside it the 10
 * latest items of the same column.
 */
export function ColumnArticle({
  page,
  section,
  column,
  hrefOf,
  heading,
}: {
  page: ArticlePageData;
  /** The section in the breadcrumb, e.g. 校园媒体, and its list. */
  section: { label: string; to: string };
  /** The column and its list; the article's own typeName names it when there is one. */
  column: { label: string; to: string };
  hrefOf: (id: number) => string;
  heading?: (item: NewsDetail) => ReactNode;
}) {
  const { detail, latest, newId } = page;
  const item = detail.ok ? detail.data : undefined;
  const shown = { ...column, label: item?.typeName || column.label };
  return (
    <main id="main" className="detail-page container">
      <Crumbs items={[section, shown, { label: '正文' }]} />
      <div className="detail-body">
        <div className="detail-main">
          {item ? (
            <ArticleView
              key={item.newId}
              heading={heading?.(item)}
              unpublished={item.published === false}
              article={newsArticle(item)}
              target={newsTarget(item)}
            />
          ) : (
            <StaffOnlyNotice message={detail.ok ? '' : detail.message} />
          )}
        </div>
        <SideList
          title={`最新${shown.label}`}
          items={latest.map((n) => ({ id: n.newId, title: n.newsTitle, date: n.shelvesDate }))}
          currentId={newId}
          hrefOf={hrefOf}
        />
      </div>
    </main>
  );
}
