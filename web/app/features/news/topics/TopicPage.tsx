import { Link } from 'react-router';
import type { SubjectNewsDetail } from '@school/common/api';
import { SUBJECT_PAGE_SIZE, type TopicPageData } from './topic-detail';
import { day, truncate } from '../../../lib/text';
import { ArticleView } from '../../../components/article/ArticleView';
import { Crumbs } from '../../../components/ui/Crumbs';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Pager } from '../../../components/ui/Pager';
import { StaffOnlyNotice } from '../../../components/ui/StaffOnlyNotice';
import { AddSubjectNews } from './AddSubjectNews';
import { SPECIAL_CAROUSEL_MS, subjectNewsHref } from './topic-links';

function Reading({ child }: { child: SubjectNewsDetail }) {
  return (
    <ArticleView
      key={child.subjectNewId}
      carouselSpeed={SPECIAL_CAROUSEL_MS}
      article={{
        title: child.newsTitle,
        source: child.source,
        date: child.statusDate,
        viewCount: child.viewCount,
        flowerCount: child.flowerCount,
        contentKind: child.newcontenttype,
        html: child.newsContent,
        media: child.imgOrViewList,
        attachments: child.fileList,
        publisher: child.releaseUser,
      }}
      target={{
        kind: 'subject',
        newId: child.newId,
        subjectNewId: child.subjectNewId,
        typeId: child.typeId,
        createStaff: child.createStaff,
        parentCreateStaff: child.parentCreateStaff,
      }}
    />
  );
}

/**
 * A special topic with its sub-news (newspecialDetail, newspecialZxwDetail):
 * breadcrumb 新闻中心 > 专题新闻 > the sub-news; on the left the topic's
 * sub-news, 10 a page, and 新增子新闻 for whom may add one; on the right the
 * open sub-news with its carousel turning every 5 s.
 */
export function TopicPage({ page }: { page: TopicPageData }) {
  const { newId, typeId, pageNum, topic, children, child } = page;
  const topicItem = topic.ok ? topic.data : undefined;
  const open = child?.ok ? (child.data ?? undefined) : undefined;
  const topicTitle = topicItem?.newsTitle || page.titleHint || '专题新闻';
  const denied = !topic.ok ? topic : child && !child.ok ? child : undefined;

  return (
    <main id="main" className="detail-page container topic-page">
      <Crumbs
        items={[
          { label: '新闻中心', to: '/news?newsNum=2' },
          { label: '专题新闻', to: '/news?newsNum=4' },
          { label: open?.newsTitle ?? topicTitle },
        ]}
      />
      <div className="detail-body">
        <aside className="topic-children" aria-label="专题子新闻">
          <h2 title={topicTitle}>{truncate(topicTitle, 30)}</h2>
          {topicItem && <AddSubjectNews newId={newId} topicCreator={topicItem.createStaff} />}
          {children.list.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="topic-list">
              {children.list.map((item) => {
                const current = item.subjectNewId === open?.subjectNewId;
                return (
                  <li key={item.subjectNewId} className={current ? 'current' : undefined}>
                    <Link
                      to={subjectNewsHref(newId, item.subjectNewId, typeId, pageNum)}
                      title={item.newsTitle}
                      aria-current={current ? 'page' : undefined}
                    >
                      {item.newsTitle}
                    </Link>
                    <span className="side-date">{day(item.statusDate)}</span>
                  </li>
                );
              })}
            </ul>
          )}
          <Pager total={children.total} pageNum={pageNum} pageSize={SUBJECT_PAGE_SIZE} compact />
        </aside>
        <div className="detail-main">
          {open ? (
            <Reading child={open} />
          ) : denied ? (
            <StaffOnlyNotice message={denied.message} />
          ) : (
            <EmptyState text="该专题暂无子新闻" />
          )}
        </div>
      </div>
    </main>
  );
}
