import { describe, expect, it } from 'vitest';
import { splitCategories, videoCentreHref } from './categories';

describe('splitCategories', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i + 1);
  it('shows the first 8 and puts the rest under 更多', () => {
    expect(splitCategories(ten)).toEqual({ tabs: [1, 2, 3, 4, 5, 6, 7, 8], more: [9, 10] });
  });
  it('has nothing for 更多 with 8 or fewer', () => {
    expect(splitCategories([1, 2, 3])).toEqual({ tabs: [1, 2, 3], more: [] });
    expect(splitCategories([])).toEqual({ tabs: [], more: [] });
  });
});

describe('videoCentreHref', () => {
  it('links a category, or 全部 for 0', () => {
    expect(videoCentreHref(4)).toBe('/video?typeId=4');
    expect(videoCentreHref(0)).toBe('/video');
  });
});
