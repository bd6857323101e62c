import { describe, expect, it } from 'vitest';
import { countText, tabOf } from './search-form';

describe('the site search tabs', () => {
  it('open the tab of the type, and the news for 全文 or anything else', () => {
    expect(tabOf('3')).toBe(3);
    expect(tabOf('5')).toBe(5);
    expect(tabOf('0')).toBe(1);
    expect(tabOf(null)).toBe(1);
    expect(tabOf('9')).toBe(1);
  });

  it('say how many were found', () => {
    expect(countText(0)).toBe('找到 0 条相关结果');
    expect(countText(27)).toBe('找到 27 条相关结果');
  });
});
