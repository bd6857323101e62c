import { describe, expect, it } from 'vitest';
import { bodyText, describeHits, markPieces, snippets, wordRanges } from './sensitive-text';

describe('marking sensitive words in the editor', () => {
  it('reads a body as the server checks it: inline tags joined, blocks apart', () => {
    expect(bodyText('<p>远离<b>赌</b>博</p><p>珍爱<span style="color:red">家庭</span></p>')).toBe(
      '远离赌博 珍爱家庭',
    );
  });

  it('finds the words regardless of case and full width, overlaps merged', () => {
    const text = '关于ＳＰＡＭＢＯＴ与网络赌博的说明';
    const ranges = wordRanges(text, ['spambot', '赌博', '网络赌博']);
    expect(ranges).toEqual([
      [2, 9],
      [10, 14],
    ]);
    expect(markPieces(text, ranges)).toEqual([
      { text: '关于', marked: false },
      { text: 'ＳＰＡＭＢＯＴ', marked: true },
      { text: '与', marked: false },
      { text: '网络赌博', marked: true },
      { text: '的说明', marked: false },
    ]);
  });

  it('shows the parts of a long body around the words', () => {
    const text = `${'甲'.repeat(40)}代考${'乙'.repeat(40)}`;
    const [only, ...rest] = snippets(text, wordRanges(text, ['代考']), 3);
    expect(rest).toEqual([]);
    expect(only).toEqual([
      { text: '…', marked: false },
      { text: '甲甲甲', marked: false },
      { text: '代考', marked: true },
      { text: '乙乙乙', marked: false },
      { text: '…', marked: false },
    ]);
  });

  it('names the hits as the server does', () => {
    expect(
      describeHits([
        { word: '代考', level: 'block', field: 'title', count: 1, part: null },
        { word: '代考', level: 'block', field: 'content', count: 2, part: null },
        { word: '赌博', level: 'warn', field: 'content', count: 1, part: '好书推荐' },
      ]),
    ).toBe('代考（标题、正文）、赌博（子新闻《好书推荐》正文）');
  });
});
