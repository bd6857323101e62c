import { Link } from 'react-router';

export const NEWS_CATEGORIES = [
  { newsNum: 2, label: '校园新闻' },
  { newsNum: 3, label: '教育动态' },
  { newsNum: 4, label: '专题新闻' },
];

/** The sidebar of the news centre: its three categories. */
export function NewsCategoryTabs({ current }: { current: number }) {
  return (
    <nav className="side-tabs" aria-label="新闻中心">
      <h2>新闻中心</h2>
      <ul>
        {NEWS_CATEGORIES.map((c) => (
          <li key={c.newsNum}>
            <Link
              to={`/news?newsNum=${c.newsNum}`}
              className={c.newsNum === current ? 'active' : undefined}
              aria-current={c.newsNum === current ? 'page' : undefined}
            >
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
