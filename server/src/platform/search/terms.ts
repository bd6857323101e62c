/**
 * Index terms for Chinese text. Chinese has no spaces between words, so a
 * text is indexed by its single characters and its pairs of neighbouring
 * characters (bigrams); a keyword of two or more characters is found through
 * its bigrams, a one-character keyword through the character itself. Latin
 * letters and digits form whole lower-cased words.
 */

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;

/** Runs of Han characters and runs of other letters/digits, in order. */
function runs(text: string): Array<{ han: boolean; text: string }> {
  const out: Array<{ han: boolean; text: string }> = [];
  let current: { han: boolean; text: string } | null = null;
  for (const char of text.normalize('NFKC').toLowerCase()) {
    // A Han symbol that is no letter (a radical, ⺀) parts words, as SQLite's tokenizer reads it.
    const han = HAN.test(char) && WORD.test(char);
    if (!han && !WORD.test(char)) {
      current = null;
      continue;
    }
    if (current && current.han === han) current.text += char;
    else out.push((current = { han, text: char }));
  }
  return out;
}

/** Every term of a text, each once. */
export function indexTerms(text: string, limit = 6000): string[] {
  const terms = new Set<string>();
  for (const run of runs(text.slice(0, limit))) {
    if (!run.han) {
      if (run.text.length <= 40) terms.add(run.text);
      continue;
    }
    const chars = [...run.text];
    chars.forEach((char, i) => {
      terms.add(char);
      if (i + 1 < chars.length) terms.add(char + chars[i + 1]);
    });
  }
  return [...terms];
}

/** The terms an item must hold to match a keyword; empty when the keyword has none. */
export function queryTerms(keyword: string): string[] {
  const terms = new Set<string>();
  for (const run of runs(keyword)) {
    if (!run.han) {
      terms.add(run.text);
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) terms.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  return [...terms].slice(0, 32);
}

/** Parts one run of a text from the next in a sequence of terms: no keyword holds it. */
export const RUN_BREAK = 'ǁ';

/**
 * A long text as a sequence of terms, in order, for an index that keeps positions: each run
 * of Chinese characters as its pairs (a run of one character as itself), each Latin word or
 * number whole, RUN_BREAK between runs (so a phrase never spans two). `chars`: every Chinese
 * character once, for keywords of one character.
 */
export function sequenceTerms(text: string, limit: number): { grams: string[]; chars: string[] } {
  const grams: string[] = [];
  const chars = new Set<string>();
  for (const run of runs(text.slice(0, limit))) {
    if (grams.length) grams.push(RUN_BREAK);
    if (!run.han) {
      grams.push(run.text.slice(0, 40));
      continue;
    }
    const letters = [...run.text];
    for (const char of letters) chars.add(char);
    if (letters.length === 1) grams.push(letters[0]!);
    for (let i = 0; i + 1 < letters.length; i++) grams.push(letters[i]! + letters[i + 1]!);
  }
  return { grams, chars: [...chars] };
}

/**
 * What a keyword asks of such a sequence: each run of it a phrase of its pairs in order
 * (a Latin word itself), or for a run of one Chinese character, that character anywhere.
 */
export function sequenceQuery(keyword: string): Array<{ phrase: string[] } | { char: string }> {
  return runs(keyword)
    .slice(0, 16)
    .map((run) => {
      if (!run.han) return { phrase: [run.text.slice(0, 40)] };
      const letters = [...run.text];
      if (letters.length === 1) return { char: letters[0]! };
      return { phrase: letters.slice(1).map((char, i) => letters[i]! + char) };
    });
}

/** The Chinese terms of `terms` (characters and pairs): what a text index keeps and looks up. */
export const hanOnly = (terms: string[]) => terms.filter((term) => HAN.test(term));

/**
 * Tags inside a line of text (bold, a link, a coloured span): they go without
 * a trace, as the page shows their words run on (准备<b>试卷</b> is 准备试卷);
 * any other tag (a paragraph, a line break, a picture) parts words.
 */
const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|big|cite|code|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var)(?:\s[^>]*)?>/gi;

/** Plain text of stored HTML, for indexing and summaries. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
