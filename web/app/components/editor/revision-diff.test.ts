import { describe, expect, it } from 'vitest';
import { compareVersions, readableValue } from './revision-diff';

describe('comparing a saved version with the current item', () => {
  it('reads HTML as its text, pictures as a marker', () => {
    expect(
      readableValue('<p>运动会<strong>开幕</strong></p><p><img src="/api/files/3" alt="入场"></p>'),
    ).toBe('运动会开幕\n[图片 入场]');
    expect(readableValue('<p>a &amp; b &lt;c&gt;</p>')).toBe('a & b <c>');
    expect(readableValue(null)).toBe('');
    expect(readableValue(2)).toBe('2');
  });

  it('marks removed and added characters per field, unchanged fields as such', () => {
    const fields = compareVersions(
      { title: '秋季运动会开幕', source: '校办' },
      { title: '秋季田径运动会开幕', source: '校办' },
      { title: '标题', source: '来源' },
    );
    expect(fields[0]).toMatchObject({ key: 'title', label: '标题', changed: true });
    expect(
      fields[0]!.parts
        .filter((p) => p.kind === 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe('田径');
    expect(fields[0]!.parts.some((p) => p.kind === 'removed')).toBe(false);
    expect(fields[1]).toMatchObject({ changed: false });
  });
});
