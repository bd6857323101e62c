/** Cuts text to `max` characters (by code point) and adds '...' when it was longer. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** The picture shown for one that fails to load (portal spec §5): SafeImage, lib/static-page.ts. */
export const DEFAULT_IMAGE = '/images/default-image.svg';

/** Paths from the old site use backslashes; they are shown and opened with forward slashes. */
export function slashPath(path: string | null | undefined): string {
  return (path ?? '').replace(/\\/g, '/');
}

/** Plain text of an HTML fragment, for descriptions. */
export function plainText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** 'YYYY-MM-DD' of an API time 'YYYY-MM-DD HH:mm:ss'. */
export function day(time: string | null | undefined): string {
  return (time ?? '').slice(0, 10);
}
