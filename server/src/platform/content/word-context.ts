import type { WordOccurrence } from './word-matcher.js';

/**
 * Reading a found word in its context: school news names what it warns
 * against (诚信考试 远离赌博, 严禁替考、代考), so a listed word right after a
 * negation or warning in the same clause is not a hit, and neither is one
 * inside a phrase the content administrators allow (反赌博宣传).
 */

/**
 * Words that warn against what follows them. A word preceded by one of these
 * within `CUE_WINDOW` characters of the same clause is read as warned
 * against, not offered: 严禁替考、代考 excuses both words. A cue is found
 * anywhere in that window, so longer forms (严厉打击, 拒绝参与) need no entry.
 */
export const NEGATION_CUES = [
  '远离',
  '严禁',
  '禁止',
  '拒绝',
  '预防',
  '杜绝',
  '抵制',
  '防范',
  '谨防',
  '提防',
  '小心',
  '不得',
  '严防',
  '打击',
  '反对',
  '警惕',
  '识别',
  '防止',
  '切勿',
  '勿信',
  '不要',
  '不参与',
  '不碰',
  '举报',
] as const;

/**
 * Characters that negate the word right after them, and only that one:
 * 不作弊, 反赌博, 禁毒品 (one character anywhere in a window would excuse far
 * too much).
 */
export const ADJACENT_CUES = ['不', '勿', '莫', '禁', '戒', '防', '反'] as const;

/**
 * How many characters before a word a cue is looked for: enough for
 * 谨防冒充老师的诈骗, short enough that a cue does not reach a second
 * statement of the same clause.
 */
export const CUE_WINDOW = 8;

/** Where a clause ends: a cue before one of these does not reach the words after it. */
const CLAUSE_END = /[。！？；!?;\n]/u;

/** Whether the characters before `at` (the same clause, at most `CUE_WINDOW`) hold a cue. */
export function warnedAgainst(chars: readonly string[], at: number): boolean {
  let from = at;
  while (from > 0 && at - from < CUE_WINDOW && !CLAUSE_END.test(chars[from - 1]!)) from -= 1;
  const before = chars.slice(from, at).join('');
  if (from < at && (ADJACENT_CUES as readonly string[]).includes(chars[at - 1]!)) return true;
  return NEGATION_CUES.some((cue) => before.includes(cue));
}

/** The end of a block of a body (a paragraph, a line break, a cell): a clause ends there too. */
const BLOCK_END = /<(?:br|\/(?:p|div|li|h[1-6]|td|th|tr|blockquote|pre))\b[^>]*>/gi;

/**
 * A body's HTML with each block's end marked as a clause's end, before it is
 * read as text (where tags become spaces): a cue at the end of one paragraph
 * does not excuse a word at the start of the next.
 */
export function markBlockEnds(html: string): string {
  return html.replace(BLOCK_END, '。');
}

/** Whether a word's occurrence lies inside one of the allowed phrases found in the same text. */
export function insideAllowed(hit: WordOccurrence, allowed: readonly WordOccurrence[]): boolean {
  return allowed.some((phrase) => phrase.start <= hit.start && hit.end <= phrase.end);
}
