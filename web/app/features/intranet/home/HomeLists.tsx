import { Card } from 'antd';
import { Link } from 'react-router';
import type { NewsListItem as NewsItem } from '@school/common/api';
import { truncate } from '../../../lib/text';

/** intranet.md §7 "home news": the six lists of the staff home, their columns and sizes. */
export const HOME_LISTS = [
  { typeId: 17, title: '部门公告', size: 17 },
  { typeId: 2, title: '校园快讯', size: 5 },
  { typeId: 16, title: '校务公开', size: 5 },
  { typeId: 19, title: '规章制度', size: 6 },
  { typeId: 20, title: '公开课', size: 6 },
  { typeId: 22, title: '党务公开', size: 4 },
] as const;

/** Titles in these lists are cut at 27 characters (intranet.md §5). */
const TITLE_CUT = 27;

/** Where an item of a staff list opens: the staff article view, which knows the list it came from. */
export const detailHref = (item: NewsItem, listTitle: string) =>
  `/publicDetail?typeId=${item.typeId}&newId=${item.newId}&type=${item.newsType}&textTitle=${encodeURIComponent(listTitle)}`;

export function HomeList({
  title,
  typeId,
  items,
}: {
  title: string;
  typeId: number;
  items: NewsItem[];
}) {
  return (
    <Card
      title={title}
      className="staff-card home-list"
      extra={<Link to={`/pubNoti?typeId=${typeId}`}>更多</Link>}
    >
      {items.length === 0 ? (
        <p className="muted">暂无数据</p>
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.newId} className={item.ifTop === 1 ? 'is-top' : undefined}>
              <Link to={detailHref(item, title)} title={item.newsTitle}>
                {truncate(item.newsTitle, TITLE_CUT)}
              </Link>
              {item.newest === 1 && <span className="new-badge">新</span>}
              <time dateTime={item.shelvesDate.slice(0, 10)}>{item.shelvesDate.slice(0, 10)}</time>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
