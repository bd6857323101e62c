/** Cuts text to `max` characters (by code point) and adds '...' when it was longer. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}
