import { safeHref } from '../../lib/site';
import { SafeImage } from '../SafeImage';

export interface Cover {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}

/** The cover banner at the top of a section; a click follows its link when it has one. */
export function PageCover({
  cover,
  fallbackTitle,
}: {
  cover: Cover | undefined;
  fallbackTitle: string;
}) {
  const title = cover?.coverTitle || fallbackTitle;
  const image = (
    <SafeImage src={cover?.coverUrl} alt={title} className="page-cover-image" loading="eager" />
  );
  const href = safeHref(cover?.newsUrl);
  return (
    <div className="page-cover">
      {href ? (
        <a href={href} target={href.startsWith('/') ? undefined : '_blank'} rel="noreferrer">
          {image}
        </a>
      ) : (
        image
      )}
      <div className="page-cover-title">{title}</div>
    </div>
  );
}
