import { describe, expect, it } from 'vitest';
import { formatBytes } from './size';

describe('formatBytes', () => {
  it('shows the sizes of issue 18 as people read them', () => {
    expect(formatBytes(18 * 1024)).toBe('18 KB');
    expect(formatBytes(2.4 * 1024 ** 2)).toBe('2.4 MB');
    expect(formatBytes(1.1 * 1024 ** 3)).toBe('1.1 GB');
  });

  it('keeps bytes below a KB whole', () => {
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('one decimal below 10, whole numbers from 10, no trailing .0', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(9.94 * 1024)).toBe('9.9 KB');
    expect(formatBytes(9.96 * 1024)).toBe('10 KB');
    expect(formatBytes(100 * 1024 ** 2)).toBe('100 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('moves to the next unit instead of showing 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatBytes(1023.4 * 1024)).toBe('1023 KB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5 TB');
    expect(formatBytes(3000 * 1024 ** 4)).toBe('3000 TB');
  });

  it('shows 0 B for nothing, and for what is not a size', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(null)).toBe('0 B');
    expect(formatBytes(undefined)).toBe('0 B');
  });
});
