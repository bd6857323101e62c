import type { SensitiveHit } from '@school/common/api';

/**
 * Finding the words the server's sensitive-word check named in the editor's
 * text, to mark them: compared as the server compares (NFKC, lower case),
 * the body read as text without its tags (inline tags joined, as
 * server/src/platform/search/terms.ts `htmlToText` reads it).
 */

const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|big|cite|code|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var)(?:\s[^>]*)?>/gi;

/** The text of an HTML body as the check reads it. */
export function bodyText(html: string): string {
  const spaced = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ');
  const decoded =
    typeof DOMParser === 'undefined'
      ? spaced
      : (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '');
  return decoded.replace(/\s+/g, ' ').trim();
}

/** Where `words` occur in `text`: [start, end) in code points, merged where they overlap. */
export function wordRanges(text: string, words: readonly string[]): Array<[number, number]> {
  const chars = [...text];
  const normal: string[] = [];
  const origin: number[] = [];
  chars.forEach((char, index) => {
    for (const piece of char.normalize('NFKC').toLowerCase()) {
      normal.push(piece);
      origin.push(index);
    }
  });
  const ranges: Array<[number, number]> = [];
  for (const word of new Set(words)) {
    const wanted = [...word];
    if (wanted.length === 0) continue;
    for (let i = 0; i + wanted.length <= normal.length; i++) {
      if (wanted.every((char, k) => normal[i + k] === char)) {
        ranges.push([origin[i]!, origin[i + wanted.length - 1]! + 1]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** A piece of text and whether it is a word to mark. */
export interface Piece {
  text: string;
  marked: boolean;
}

/** `text` cut into marked and plain pieces. */
export function markPieces(text: string, ranges: ReadonlyArray<[number, number]>): Piece[] {
  const chars = [...text];
  const pieces: Piece[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) pieces.push({ text: chars.slice(at, start).join(''), marked: false });
    pieces.push({ text: chars.slice(start, end).join(''), marked: true });
    at = end;
  }
  if (at < chars.length) pieces.push({ text: chars.slice(at).join(''), marked: false });
  return pieces;
}

/**
 * The parts of a long text around its marked words (`around` characters
 * either side, joined where they meet), at most `most` of them.
 */
export function snippets(
  text: string,
  ranges: ReadonlyArray<[number, number]>,
  around = 16,
  most = 5,
): Piece[][] {
  const length = [...text].length;
  const windows: Array<{ from: number; to: number; marks: Array<[number, number]> }> = [];
  for (const range of ranges) {
    const from = Math.max(0, range[0] - around);
    const to = Math.min(length, range[1] + around);
    const last = windows[windows.length - 1];
    if (last && from <= last.to) {
      last.to = Math.max(last.to, to);
      last.marks.push(range);
    } else {
      windows.push({ from, to, marks: [range] });
    }
  }
  const chars = [...text];
  return windows.slice(0, most).map(({ from, to, marks }) => {
    const part = chars.slice(from, to).join('');
    const pieces = markPieces(
      part,
      marks.map(([start, end]) => [start - from, end - from]),
    );
    if (from > 0) pieces.unshift({ text: '…', marked: false });
    if (to < length) pieces.push({ text: '…', marked: false });
    return pieces;
  });
}

const FIELD_NAMES = { title: '标题', content: '正文' } as const;

/** `赌博（标题、正文）、色情（正文）`: the hits as the server's refusal names them. */
export function describeHits(hits: readonly SensitiveHit[]): string {
  const places = new Map<string, string[]>();
  for (const hit of hits) {
    const place = hit.part
      ? `子新闻《${hit.part}》${FIELD_NAMES[hit.field]}`
      : FIELD_NAMES[hit.field];
    places.set(hit.word, [...(places.get(hit.word) ?? []), place]);
  }
  return [...places].map(([word, where]) => `${word}（${where.join('、')}）`).join('、');
}
