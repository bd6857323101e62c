import { Link } from 'react-router';
import type { NewsItem } from '@school/common/api';
import { day, truncate } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';
import { EmptyState } from '../../../components/ui/EmptyState';
import { mediaDetailHref } from './channels';

/**
 * A media channel's items: cover picture (the default one when it fails),
 * title cut at 55, description at 110, publisher and shelf date (portal spec
 * §5). Items open in a new tab, as news articles do.
 */
export function MediaList({ items }: { items: NewsItem[] }) {
  if (items.length === 0) return <EmptyState />;
  return (
    <ul className="media-list">
      {items.map((item) => {
        const href = mediaDetailHref(item.newId, item.typeId);
        return (
          <li key={item.newId} className={item.ifTop === 1 ? 'pinned' : undefined}>
            {/* The title links the same page; the picture is one more target, not one more stop. */}
            <Link to={href} target="_blank" className="media-thumb" tabIndex={-1} aria-hidden>
              <SafeImage thumb src={item.imgUrl} alt="" />
            </Link>
            <div className="media-text">
              <h3>
                {item.ifTop === 1 && <span className="top-badge">顶</span>}
                <Link to={href} target="_blank" title={item.newsTitle}>
                  {truncate(item.newsTitle, 55)}
                </Link>
              </h3>
              <p className="news-desc">{truncate(item.newsDesc, 110)}</p>
              <p className="news-info">
                <span>发布人：{item.releaseUser || '暂无发布人'}</span>
                <span>{day(item.shelvesDate)}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
