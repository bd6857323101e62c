import { Link } from 'react-router';

/** schChange of the course-construction list: all, 高中部 (1), 初中部 (2). */
export const SCHOOL_PARTS = [
  { value: 0, label: '全部' },
  { value: 1, label: '高中部' },
  { value: 2, label: '初中部' },
] as const;

/** The school-part filter as links, the way the news page's filter works. */
export function SchoolPartFilter({ base, current }: { base: string; current: number }) {
  return (
    <div className="filter-bar" role="group" aria-label="学部">
      {SCHOOL_PARTS.map((part) => (
        <Link
          key={part.value}
          to={part.value ? `${base}&schChange=${part.value}` : base}
          className={current === part.value ? 'active' : undefined}
          aria-current={current === part.value ? 'true' : undefined}
        >
          {part.label}
        </Link>
      ))}
    </div>
  );
}
