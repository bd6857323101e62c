import { Link } from 'react-router';

/**
 * The column tabs beside a section's list (校园媒体, 校园专栏), as links so
 * they work before JavaScript loads; the open column is marked.
 */
export function SideTabs({
  title,
  tabs,
  current,
}: {
  title: string;
  tabs: Array<{ key: number; label: string; to: string }>;
  current: number;
}) {
  return (
    <nav className="side-tabs" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              className={tab.key === current ? 'active' : undefined}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
