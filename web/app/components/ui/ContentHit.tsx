import { Highlight } from './Highlight';

/**
 * Where a search found a document's words (search inside documents): the page, slide or
 * sheet, and the words around them with the keyword marked.
 */
export function ContentHit({
  snippet,
  place,
  keyword,
}: {
  snippet?: string;
  place?: string;
  keyword: string;
}) {
  if (!snippet) return null;
  return (
    <p className="content-hit">
      <span className="content-hit-place">{place || '正文'}</span>
      <span className="content-hit-text">
        <Highlight text={snippet} keyword={keyword} />
      </span>
    </p>
  );
}
