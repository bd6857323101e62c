import { Link } from 'react-router';
import { day, truncate } from '../../lib/text';
import { EmptyState } from './EmptyState';

/** The sidebar of a detail page: the latest items of the same column; the open one is marked. */
export function SideList({
  title,
  items,
  currentId,
  hrefOf,
  max = 24,
}: {
  title: string;
  items: Array<{ id: number; title: string; date: string }>;
  currentId: number;
  hrefOf: (id: number) => string;
  max?: number;
}) {
  return (
    <aside className="side-list" aria-label={title}>
      <h2>{title}</h2>
      {items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul>
          {items.map((item) => (
            <li key={item.id} className={item.id === currentId ? 'current' : undefined}>
              <Link
                to={hrefOf(item.id)}
                title={item.title}
                aria-current={item.id === currentId ? 'page' : undefined}
              >
                {truncate(item.title, max)}
              </Link>
              <span className="side-date">{day(item.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
