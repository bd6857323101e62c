import { Link } from 'react-router';
import type { SearchHit } from './search-results';
import { day } from '../../../lib/text';
import { EmptyState } from '../../../components/ui/EmptyState';
import { excerpt } from '../../../lib/highlight';
import { Highlight } from '../../../components/ui/Highlight';
import { searchResultHref } from '../../../lib/result-href';

/** Characters of a summary shown under a hit (as the news list's descriptions). */
const SUMMARY_LENGTH = 120;

/** The hits of one page: 顶 when pinned, the title and summary with the keyword marked. */
export function SearchResults({
  hits,
  keyword,
  columns,
}: {
  hits: SearchHit[];
  keyword: string;
  columns: Record<number, string>;
}) {
  if (hits.length === 0) return <EmptyState />;
  return (
    <ul className="news-list search-results">
      {hits.map((hit) => (
        <li
          key={`${hit.videoId ? 'v' : 'n'}${hit.videoId ?? hit.newId}`}
          className={hit.ifTop === 1 ? 'pinned' : undefined}
        >
          <h3>
            {hit.ifTop === 1 && <span className="top-badge">顶</span>}
            <Link to={searchResultHref(hit)} target="_blank" rel="noopener">
              <Highlight text={hit.newsTitle} keyword={keyword} />
            </Link>
          </h3>
          {hit.newsDesc && (
            <p className="news-desc">
              <Highlight text={excerpt(hit.newsDesc, keyword, SUMMARY_LENGTH)} keyword={keyword} />
            </p>
          )}
          <p className="news-info">
            <span>{day(hit.shelvesDate)}</span>
            {columns[hit.typeId] && <span>栏目：{columns[hit.typeId]}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
