import { describe, expect, it } from 'vitest';
import { truncate } from './text';

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
