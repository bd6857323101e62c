import { Link } from 'react-router';
import type { IntroPageItem } from './intro-page';
import { day, plainText, truncate } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';

/** Characters of a page's summary in a list (as the news list's descriptions). */
const SUMMARY_LENGTH = 120;

/** A paged list of school-introduction pages (honours, leader care, academicians, exchange). */
export function PageList({
  label,
  items,
  hrefOf,
}: {
  label: string;
  items: IntroPageItem[];
  hrefOf: (item: IntroPageItem) => string;
}) {
  return (
    <ul className="intro-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.wwfzId}>
          {item.wwfzPic && (
            <Link to={hrefOf(item)} className="intro-list-thumb" tabIndex={-1} aria-hidden>
              <SafeImage thumb src={item.wwfzPic} alt="" />
            </Link>
          )}
          <div className="intro-list-text">
            <h3>
              <Link to={hrefOf(item)}>{item.wwfzTitle}</Link>
            </h3>
            <p className="news-desc">
              {truncate(item.wwfzDesc || plainText(item.wwfzCont), SUMMARY_LENGTH)}
            </p>
            <p className="news-info">
              <span>{day(item.createDate)}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
