/**
 * A table of a body scrolls sideways in its own box on a narrow screen, so the page itself
 * never does; the box takes the keyboard focus (tabIndex) so it can be scrolled without a mouse.
 * The server cleaned the HTML when it was saved, so the tags are balanced and plain.
 */
export function boxTables(html: string): string {
  return html
    .replace(
      /<table\b/gi,
      '<div class="table-scroll" tabindex="0" role="region" aria-label="表格"><table',
    )
    .replace(/<\/table>/gi, '</table></div>');
}

/** HTML written by staff; the server cleaned it when it was saved. */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div
      className={`rich-text ${className}`}
      dangerouslySetInnerHTML={{ __html: boxTables(html) }}
    />
  );
}
