import { day } from '../../../lib/text';
import { SafeImage } from '../../../components/ui/SafeImage';
import { RichText } from '../../../components/article/RichText';

/** One school-introduction page: title, English title, date, picture and HTML text. */
export function IntroArticle({
  title,
  enTitle,
  date,
  picture,
  html,
}: {
  title?: string;
  enTitle?: string | null;
  date?: string;
  picture?: string;
  html: string;
}) {
  return (
    <article className="intro-article">
      {(title || enTitle) && (
        <header className="intro-article-head">
          {title && <h2>{title}</h2>}
          {enTitle && (
            <p className="intro-en-title" lang="en">
              {enTitle}
            </p>
          )}
          {date && <p className="intro-date">发布时间：{day(date)}</p>}
        </header>
      )}
      {picture && (
        <figure className="intro-figure">
          <SafeImage src={picture} alt={title ?? ''} />
        </figure>
      )}
      <RichText html={html} />
    </article>
  );
}
