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
export function CampusGrid({
  academy,
  label,
}: {
  academy: { label: string; value: string };
  /** The tile's label by key (lib/site-labels.ts tileLabels: the names given in 站点设置). */
  label: (key: string) => string;
}) {
  const academyHref = safeHref(academy.value);
  const tiles: Tile[] = [
    { label: label('campus15'), to: '/campus?campusNum=15', tone: 'blue' },
    { label: label('campus16'), to: '/campus?campusNum=16', tone: 'teal' },
    { label: label('campus17'), to: '/campus?campusNum=17', tone: 'amber' },
    { label: label('campus21'), to: '/campus?campusNum=21', tone: 'green' },
    { label: label('picture'), to: '/picture', tone: 'rose' },
    ...(academyHref
      ? [{ label: academy.label, to: academyHref, external: true, tone: 'indigo' }]
      : []),
    { label: label('alumni'), to: '/media?newsNum=6', tone: 'purple' },
    { label: label('students'), to: '/media?newsNum=8', tone: 'cyan' },
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
