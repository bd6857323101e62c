import { Card, Result } from 'antd';
import { newsArticle, newsTarget } from '../../components/article/news-article';
import { Link } from 'react-router';
import type { NewsDetail } from '@school/common/api';
import type { Route } from './+types/public-detail';
import { errorText } from '../../api/page-data';
import { call } from '../../api/client';
import { ArticleView } from '../../components/article/ArticleView';
import { Crumbs } from '../../components/ui/Crumbs';
import { VideoSet } from '../../features/notices/VideoSet';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '正文 - 校内网' }];

/** intranet.md §9: picture sets turn every 3 s. */
const CAROUSEL_MS = 3000;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser(request);
  const params = new URL(request.url).searchParams;
  const newId = Number(params.get('newId'));
  const from = {
    typeId: Number(params.get('typeId')) || undefined,
    textTitle: params.get('textTitle') ?? '',
    myRelease: Number(params.get('myRelease')) || undefined,
  };
  if (!Number.isInteger(newId) || newId < 1) {
    return { item: null, error: '内容不存在或已下架', from };
  }
  try {
    const item = await call<NewsDetail>('news/getNewsDetails', { newId, staffId: user?.staffId });
    return { item, error: null, from };
  } catch (err) {
    return { item: null, error: errorText(err), from };
  }
}

/** The list an article was opened from, for the way back. */
function backTo(from: { typeId?: number; textTitle: string; myRelease?: number }) {
  if (from.myRelease) return `/pubNoti?myRelease=${from.myRelease}`;
  return from.typeId ? `/pubNoti?typeId=${from.typeId}` : '/pubNoti';
}

/** A news item as staff read it (intranet.md §2 publicDetail). */
export default function PublicDetail({ loaderData }: Route.ComponentProps) {
  const { item, error, from } = loaderData;
  const listTitle = from.textTitle || item?.typeName || '通知公告';
  return (
    <main className="container staff-detail">
      <Crumbs
        home="/teachPage"
        items={[{ label: listTitle, to: backTo(from) }, { label: '正文' }]}
      />
      <Card className="staff-card">
        {item ? (
          <ArticleView
            key={item.newId}
            carouselSpeed={CAROUSEL_MS}
            unpublished={item.published === false}
            article={newsArticle(item)}
            // A video set is listed, 6 a page, instead of the carousel.
            media={item.newcontenttype === 3 ? <VideoSet files={item.imgOrViewList} /> : undefined}
            target={newsTarget(item)}
          />
        ) : (
          <Result
            status="404"
            title={error}
            extra={<Link to={backTo(from)}>返回{listTitle}</Link>}
          />
        )}
      </Card>
    </main>
  );
}
