import { useCallback, useState, type ReactNode } from 'react';
import type { NewsFile } from '@school/common/api';
import { day } from '../../lib/text';
import { ArticleActions, type ActionTarget } from './ArticleActions';
import { Attachments } from './Attachments';
import { MediaCarousel } from './MediaCarousel';
import { RichText } from './RichText';
import { useCountView, viewBody } from './use-count-view';

export interface ArticleContent {
  title: string;
  source: string | null;
  date: string;
  viewCount: number;
  flowerCount: number;
  contentKind: number;
  html: string;
  media: NewsFile[];
  attachments: NewsFile[];
  publisher: string | null;
}

/**
 * An article as the detail pages show it: title, source (暂无来源), date, views
 * and likes, the picture or video carousel, the body, 【附件】, the publisher
 * (暂无发布人) and the staff actions.
 */
export function ArticleView({
  article,
  target,
  heading,
  carouselSpeed,
  unpublished,
  media,
}: {
  article: ArticleContent;
  target: ActionTarget;
  heading?: ReactNode;
  carouselSpeed?: number;
  /** Not on the portal yet (or any more): its author or an administrator previews it. */
  unpublished?: boolean;
  /** Shown in place of the picture or video carousel (the staff view's video list). */
  media?: ReactNode;
}) {
  const [views, setViews] = useState(article.viewCount);
  // Counts may only grow: of two answers (the view and a reader's footprint) keep the larger.
  const showViews = useCallback((count: number) => setViews((shown) => Math.max(shown, count)), []);
  useCountView(target, showViews);
  return (
    <article className="article">
      {unpublished && (
        <p className="article-preview" role="note">
          预览：此内容尚未在门户发布（待审核、未上架或未到上架时间），只有发布者和管理员能看到。
        </p>
      )}
      <h1 className="article-title">{heading ?? article.title}</h1>
      <p className="article-meta">
        <span>来源：{article.source || '暂无来源'}</span>
        <span>发布时间：{day(article.date)}</span>
        <span data-count-view={JSON.stringify(viewBody(target) ?? undefined)}>浏览：{views}</span>
        <span>点赞：{article.flowerCount}</span>
      </p>
      {media ?? (
        <MediaCarousel
          files={article.media}
          kind={article.contentKind}
          autoplaySpeed={carouselSpeed}
        />
      )}
      <RichText html={article.html} className="article-body" />
      <Attachments files={article.attachments} />
      <p className="article-publisher">发布人：{article.publisher || '暂无发布人'}</p>
      <ArticleActions target={target} flowerCount={article.flowerCount} onViewCount={showViews} />
    </article>
  );
}
