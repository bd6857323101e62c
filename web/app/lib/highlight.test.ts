import { describe, expect, it } from 'vitest';
import { excerpt, highlightParts, keywordWords } from './highlight';

describe('keywordWords', () => {
  it('splits on white space, drops repeats and puts longer words first', () => {
    expect(keywordWords('  青禾  青禾实验 青禾 ')).toEqual(['青禾实验', '青禾']);
  });
  it('has no words for a blank keyword', () => {
    expect(keywordWords('   ')).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks every match of the keyword', () => {
    expect(highlightParts('运动会开幕，运动会圆满结束', '运动会')).toEqual([
      { text: '运动会', hit: true },
      { text: '开幕，', hit: false },
      { text: '运动会', hit: true },
      { text: '圆满结束', hit: false },
    ]);
  });
  it('marks each word of a keyword with spaces', () => {
    expect(highlightParts('高一年级举行科技节', '科技 高一')).toEqual([
      { text: '高一', hit: true },
      { text: '年级举行', hit: false },
      { text: '科技', hit: true },
      { text: '节', hit: false },
    ]);
  });
  it('matches letters in any case and keeps the text as written', () => {
    expect(highlightParts('STEM 课程与 stem 教育', 'Stem')).toEqual([
      { text: 'STEM', hit: true },
      { text: ' 课程与 ', hit: false },
      { text: 'stem', hit: true },
      { text: ' 教育', hit: false },
    ]);
  });
  it('treats regular-expression characters in the keyword as plain text', () => {
    expect(highlightParts('C++ 与 (a.b) 以及 axb', '(a.b) C++')).toEqual([
      { text: 'C++', hit: true },
      { text: ' 与 ', hit: false },
      { text: '(a.b)', hit: true },
      { text: ' 以及 axb', hit: false },
    ]);
  });
  it('leaves markup in the text as text', () => {
    expect(highlightParts('<b>青禾</b>', '青禾')).toEqual([
      { text: '<b>', hit: false },
      { text: '青禾', hit: true },
      { text: '</b>', hit: false },
    ]);
  });
  it('prefers the longer word where two overlap', () => {
    expect(highlightParts('青禾实验中学', '青禾 青禾实验')).toEqual([
      { text: '青禾实验', hit: true },
      { text: '中学', hit: false },
    ]);
  });
  it('returns the whole text unmarked without a match or keyword', () => {
    expect(highlightParts('校园新闻', '视频')).toEqual([{ text: '校园新闻', hit: false }]);
    expect(highlightParts('校园新闻', ' ')).toEqual([{ text: '校园新闻', hit: false }]);
    expect(highlightParts('', '新闻')).toEqual([]);
  });
});

describe('excerpt', () => {
  const long = '一二三四五六七八九十'.repeat(3) + '青禾' + '甲乙丙丁戊己庚辛壬癸'.repeat(3);

  it('cuts from the start when the first match is inside the cut', () => {
    expect(excerpt('青禾实验中学的校园新闻', '青禾', 6)).toBe('青禾实验中学...');
  });
  it('keeps a short text whole', () => {
    expect(excerpt('校园新闻', '新闻', 10)).toBe('校园新闻');
  });
  it('starts a little before a match that lies beyond the cut', () => {
    const text = excerpt(long, '青禾', 30);
    expect(text.startsWith('...')).toBe(true);
    expect(text.endsWith('...')).toBe(true);
    expect(text).toContain('青禾');
    expect([...text.slice(3, -3)]).toHaveLength(30);
    expect(text.indexOf('青禾')).toBe(3 + 14);
    const far = '甲'.repeat(150) + '青禾' + '乙'.repeat(150);
    expect(excerpt(far, '青禾', 120).indexOf('青禾')).toBe(3 + 20);
  });
  it('ends at the end of the text without a trailing cut mark', () => {
    const text = '甲'.repeat(40) + '青禾' + '乙'.repeat(3);
    expect(excerpt(text, '青禾', 30)).toBe(`...${'甲'.repeat(25)}青禾${'乙'.repeat(3)}`);
  });
  it('cuts from the start when nothing matches', () => {
    expect(excerpt(long, '视频', 5)).toBe('一二三四五...');
  });
  it('counts characters outside the BMP as one', () => {
    expect(excerpt('𠀀'.repeat(40) + '青禾', '青禾', 10)).toBe(`...${'𠀀'.repeat(8)}青禾`);
  });
});
