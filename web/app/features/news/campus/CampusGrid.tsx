import { Link } from 'react-router';
import { safeHref } from '../../../lib/site';

interface Tile {
  label: string;
  to: string;
  external?: boolean;
  tone: string;
}

/**
 * 校园专栏: campus columns 15, 16, 17, 21, the picture centre, the academy's
 * site, the alumni channel (media 6) and the student channel (media 8).
 */
export function CampusGrid({ academy }: { academy: { label: string; value: string } }) {
  const academyHref = safeHref(academy.value);
  const tiles: Tile[] = [
    { label: '示范校建设', to: '/campus?campusNum=15', tone: 'blue' },
    { label: '校务公开', to: '/campus?campusNum=16', tone: 'teal' },
    { label: '办公室通知', to: '/campus?campusNum=17', tone: 'amber' },
    { label: '课程建设', to: '/campus?campusNum=21', tone: 'green' },
    { label: '图片中心', to: '/picture', tone: 'rose' },
    ...(academyHref
      ? [{ label: academy.label, to: academyHref, external: true, tone: 'indigo' }]
      : []),
    { label: '校友频道', to: '/media?newsNum=6', tone: 'purple' },
    { label: '学生频道', to: '/media?newsNum=8', tone: 'cyan' },
  ];
  return (
    <section className="home-box campus-grid" aria-label="校园专栏">
      <div className="home-box-head">
        <h2>校园专栏</h2>
      </div>
      <ul>
        {tiles.map((tile) => (
          <li key={tile.label}>
            {tile.external ? (
              <a
                href={tile.to}
                target="_blank"
                rel="noreferrer"
                className={`tile tile-${tile.tone}`}
              >
                {tile.label}
              </a>
            ) : (
              <Link to={tile.to} className={`tile tile-${tile.tone}`}>
                {tile.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
