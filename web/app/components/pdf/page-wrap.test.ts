import { describe, expect, it } from 'vitest';
import { wrapPage } from './page-wrap';

describe('wrapPage', () => {
  it('moves one page forward and back', () => {
    expect(wrapPage(3, 1, 8)).toBe(4);
    expect(wrapPage(3, -1, 8)).toBe(2);
  });
  it('goes from the last page to page 1', () => {
    expect(wrapPage(8, 1, 8)).toBe(1);
  });
  it('goes from page 1 to the last page', () => {
    expect(wrapPage(1, -1, 8)).toBe(8);
  });
  it('stays on page 1 of a one-page document', () => {
    expect(wrapPage(1, 1, 1)).toBe(1);
    expect(wrapPage(1, -1, 1)).toBe(1);
  });
  it('wraps steps longer than the document', () => {
    expect(wrapPage(2, 10, 8)).toBe(4);
    expect(wrapPage(2, -10, 8)).toBe(8);
  });
  it('answers page 1 while the page count is unknown', () => {
    expect(wrapPage(5, 1, 0)).toBe(1);
    expect(wrapPage(5, 1, Number.NaN)).toBe(1);
  });
  it('brings an out-of-range page back into the document first', () => {
    expect(wrapPage(12, 1, 8)).toBe(1);
    expect(wrapPage(0, -1, 8)).toBe(8);
  });
});
