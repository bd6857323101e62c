import { Card, Result } from 'antd';
import { Link } from 'react-router';
import type { NewsDetail } from '@school/common/api';
import { call } from '../../../api/client';
import { errorText } from '../../../api/page-data';
import { ArticleView } from '../../../components/article/ArticleView';
import { newsArticle, newsTarget } from '../../../components/article/news-article';
import { Crumbs } from '../../../components/ui/Crumbs';
import type { StoredUser } from '../../../lib/session';
import { VideoSet } from './VideoSet';

/** intranet.md §9: picture sets turn every 3 s. */
const CAROUSEL_MS = 3000;

/** A news item for a staff page's clientLoader: the item, or why not. */
export async function loadStaffArticle(newIdText: string | null, user: StoredUser | null) {
  const newId = Number(newIdText);
  if (!Number.isInteger(newId) || newId < 1) return { item: null, error: '内容不存在或已下架' };
  try {
    const item = await call('news/getNewsDetails', { newId, staffId: user?.staffId });
    return { item, error: null };
  } catch (err) {
    return { item: null as NewsDetail | null, error: errorText(err) };
  }
}

/**
 * A news item as staff read it (/publicDetail, /workPage): the breadcrumb back
 * to where it was opened, the article with its files and actions; a picture
 * set turns every 3 s, a video set lists its videos 6 a page.
 */
export function StaffArticle({
  item,
  error,
  back,
}: {
  item: NewsDetail | null;
  error: string | null;
  /** The list or search it was opened from. */
  back: { label: string; to: string };
}) {
  return (
    <main id="main" className="container staff-detail">
      <Crumbs home="/teachPage" items={[back, { label: '正文' }]} />
      <Card className="staff-card">
        {item ? (
          <ArticleView
            key={item.newId}
            carouselSpeed={CAROUSEL_MS}
            unpublished={item.published === false}
            article={newsArticle(item)}
            media={item.newcontenttype === 3 ? <VideoSet files={item.imgOrViewList} /> : undefined}
            target={newsTarget(item)}
          />
        ) : (
          <Result status="404" title={error} extra={<Link to={back.to}>返回{back.label}</Link>} />
        )}
      </Card>
    </main>
  );
}
