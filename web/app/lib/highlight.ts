import { truncate } from './text';

/** A run of text, and whether it matches the keyword. */
export interface TextPart {
  text: string;
  hit: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of a search keyword: split on white space, each once, longer
 * first so that '实验中学' wins over '中学' where both match.
 */
export function keywordWords(keyword: string): string[] {
  const words = new Set(keyword.trim().split(/\s+/).filter(Boolean));
  return [...words].sort((a, b) => b.length - a.length);
}

function matcher(keyword: string): RegExp | null {
  const words = keywordWords(keyword);
  return words.length ? new RegExp(words.map(escapeRegExp).join('|'), 'giu') : null;
}

/**
 * Splits `text` into runs that match one of the keyword's words (letters in
 * any case) and runs that do not, in order, for the page to wrap the matches
 * in <mark>. The text stays text: React escapes it when it renders.
 */
export function highlightParts(text: string, keyword: string): TextPart[] {
  if (!text) return [];
  const pattern = matcher(keyword);
  if (!pattern) return [{ text, hit: false }];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), hit: false });
    parts.push({ text: match[0], hit: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return parts;
}

/** Characters kept before the first match when the excerpt starts further in. */
const LEAD = 20;

/**
 * At most `max` characters of a summary, cut with '...' (portal.md §5 style),
 * showing the first match: when it lies beyond the cut, the excerpt starts a
 * little before it, with '...' in front.
 */
export function excerpt(text: string, keyword: string, max: number): string {
  if (!text) return '';
  const pattern = matcher(keyword);
  const match = pattern ? new RegExp(pattern.source, 'iu').exec(text) : null;
  const chars = [...text];
  if (!match || chars.length <= max) return truncate(text, max);
  const start = [...text.slice(0, match.index)].length;
  const end = start + [...match[0]].length;
  if (end <= max) return truncate(text, max);
  const lead = Math.min(LEAD, Math.floor((max - (end - start)) / 2));
  const from = Math.min(Math.max(0, start - Math.max(0, lead)), chars.length - max);
  const body = chars.slice(from, from + max).join('');
  return `...${body}${from + max < chars.length ? '...' : ''}`;
}
