import { Link } from 'react-router';
import type { Magazine } from './magazine-data';
import { truncate } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';

/** Magazine names are cut at 4 characters (portal spec §5); the full name stays in title and alt. */
const TITLE_MAX = 4;

export const magazineHref = (magazineId: number): string =>
  `/schWenjiDetail?magazineId=${magazineId}`;

/** Issue covers, five a row; a click opens the PDF viewer. */
export function MagazineGrid({ magazines }: { magazines: Magazine[] }) {
  return (
    <ul className="magazine-grid">
      {magazines.map((m) => (
        <li key={m.magazineId}>
          <Link to={magazineHref(m.magazineId)} title={m.magazineTitle}>
            <span className="magazine-cover">
              <SafeImage thumb src={m.imgUrl} alt={m.magazineTitle} />
            </span>
            <span className="magazine-title">{truncate(m.magazineTitle, TITLE_MAX)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The sidebar of the magazine pages: the three series. */
export function SeriesTabs({
  series,
  current,
}: {
  series: Array<{ typeId: number; typeName: string }>;
  current: number;
}) {
  return (
    <nav className="side-tabs" aria-label="校刊文集">
      <h2>校刊文集</h2>
      <ul>
        {series.map((s) => (
          <li key={s.typeId}>
            <Link
              to={`/schoolWenji?newsNum=${s.typeId}`}
              className={s.typeId === current ? 'active' : undefined}
              aria-current={s.typeId === current ? 'page' : undefined}
            >
              {s.typeName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
