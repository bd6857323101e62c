import { highlightParts } from '../../lib/highlight';

/** Text with the keyword's matches wrapped in <mark>; React escapes the rest. */
export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.hit ? <mark key={i}>{part.text}</mark> : part.text,
      )}
    </>
  );
}
