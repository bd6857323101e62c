import { safeHref } from '../../lib/site';
import { SafeImage } from './SafeImage';

export interface Cover {
  coverUrl: string;
  coverTitle: string;
  newsUrl: string | null;
}

/**
 * The cover banner at the top of a section, with the section's name over it
 * (one cover may serve several sections); a click follows its link when it
 * has one.
 */
export function PageCover({
  cover,
  title,
  heading = false,
}: {
  cover: Cover | undefined;
  title: string;
  /** The section's name is the page's h1 (a list page; an article's title is its own h1). */
  heading?: boolean;
}) {
  const image = (
    <SafeImage
      src={cover?.coverUrl}
      alt={cover?.coverTitle || title}
      className="page-cover-image"
      loading="eager"
    />
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
      {heading ? (
        <h1 className="page-cover-title">{title}</h1>
      ) : (
        <div className="page-cover-title">{title}</div>
      )}
    </div>
  );
}
