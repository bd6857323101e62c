/**
 * Finds many words in a text in one pass (Aho–Corasick): the sensitive-word
 * list may hold a few thousand words, and a body is read once whatever their
 * number. Words and text are compared normalised (`normaliseWords`): full-width
 * letters and digits as their plain forms, upper case as lower case.
 */

/** The form words are stored and compared in. */
export function normaliseWords(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export class WordMatcher {
  /** Per state, the next state for a character. */
  private readonly next: Array<Map<string, number>> = [new Map()];
  /** Per state, where to continue when the next character does not follow. */
  private readonly fail: number[] = [0];
  /** Per state, the words that end here (indexes into `words`). */
  private readonly ends: number[][] = [[]];

  /** `words` already normalised. */
  constructor(readonly words: readonly string[]) {
    words.forEach((word, index) => {
      let state = 0;
      for (const char of word) {
        let to = this.next[state]!.get(char);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.ends.push([]);
          this.next[state]!.set(char, to);
        }
        state = to;
      }
      if (state !== 0) this.ends[state]!.push(index);
    });
    // Breadth first, so a state's fallback is settled before its children's.
    const queue = [...this.next[0]!.values()];
    for (let i = 0; i < queue.length; i++) {
      const state = queue[i]!;
      for (const [char, to] of this.next[state]!) {
        let fallback = this.fail[state]!;
        while (fallback !== 0 && !this.next[fallback]!.has(char)) fallback = this.fail[fallback]!;
        const target = this.next[fallback]!.get(char);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        this.ends[to]!.push(...this.ends[this.fail[to]!]!);
        queue.push(to);
      }
    }
  }

  /**
   * Every occurrence of a word in `text` (normalised here), in the order they
   * end: positions are code-point indexes into the normalised text's
   * characters (`[...normaliseWords(text)]`), `end` exclusive.
   */
  find(text: string): WordOccurrence[] {
    const found: WordOccurrence[] = [];
    let state = 0;
    let at = 0;
    for (const char of normaliseWords(text)) {
      at += 1;
      while (state !== 0 && !this.next[state]!.has(char)) state = this.fail[state]!;
      state = this.next[state]!.get(char) ?? 0;
      for (const index of this.ends[state]!) {
        const word = this.words[index]!;
        found.push({ word, start: at - [...word].length, end: at });
      }
    }
    return found;
  }

  /** How often each word occurs in `text` (normalised here); words that do not occur are left out. */
  count(text: string): Map<string, number> {
    const found = new Map<string, number>();
    for (const { word } of this.find(text)) found.set(word, (found.get(word) ?? 0) + 1);
    return found;
  }
}

/** One place a word was found: [start, end) in code points of the normalised text. */
export interface WordOccurrence {
  word: string;
  start: number;
  end: number;
}
