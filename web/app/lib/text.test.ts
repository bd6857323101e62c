import { describe, expect, it } from 'vitest';
import { day, plainText, slashPath, truncate } from './text';

describe('truncate', () => {
  it('keeps text up to the limit', () => {
    expect(truncate('校园新闻', 4)).toBe('校园新闻');
  });
  it("cuts longer text and adds '...'", () => {
    expect(truncate('高一年级语文教研组', 5)).toBe('高一年级语...');
  });
  it('counts characters outside the BMP as one', () => {
    expect(truncate('𠀀𠀁𠀂', 2)).toBe('𠀀𠀁...');
  });
  it('shows nothing for missing text', () => {
    expect(truncate(null, 3)).toBe('');
  });
});

describe('the display cuts of portal.md §5', () => {
  const title =
    '青禾实验中学第六十八届秋季田径运动会在学校体育场隆重开幕全校师生共同参与了本次盛会';
  it.each([
    ['home list titles', 35],
    ['news list titles', 40],
    ['media titles', 55],
    ['campus titles', 40],
    ['video file names', 13],
    ['magazine names', 4],
  ])('%s are cut at %i characters', (_, max) => {
    const long = title.repeat(2);
    const cut = truncate(long, max);
    expect([...cut]).toHaveLength(max + 3);
    expect(cut.endsWith('...')).toBe(true);
    expect(truncate(long.slice(0, max), max)).toBe(long.slice(0, max));
  });
});

describe('slashPath', () => {
  it('shows backslashes of old paths as slashes', () => {
    expect(slashPath('\\upload\\legacy\\2019\\通知.doc')).toBe('/upload/legacy/2019/通知.doc');
    expect(slashPath('/api/files/3')).toBe('/api/files/3');
    expect(slashPath(null)).toBe('');
  });
});

describe('plainText and day', () => {
  it('reads the text of stored HTML', () => {
    expect(plainText('<p>校园&nbsp;新闻</p><p>第二段</p>')).toBe('校园 新闻 第二段');
  });
  it('keeps the date of an API time', () => {
    expect(day('2026-09-01 08:30:00')).toBe('2026-09-01');
    expect(day(undefined)).toBe('');
  });
});
