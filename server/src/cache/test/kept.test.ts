import { afterEach, describe, expect, it } from 'vitest';
import { countLookupsWith, Kept, type LookupResult } from '../kept.js';

describe('the kept store', () => {
  const counted: [string, LookupResult][] = [];
  countLookupsWith((cache, result) => counted.push([cache, result]));
  afterEach(() => {
    counted.length = 0;
  });

  it('drops the least recently used entry past its entry bound', () => {
    const kept = new Kept<{ n: number }>({ name: 'entries', maxEntries: 2 });
    kept.set('a', { n: 1 });
    kept.set('b', { n: 2 });
    expect(kept.get('a')).toEqual({ n: 1 });
    kept.set('c', { n: 3 });
    expect(kept.peek('b')).toBeUndefined();
    expect(kept.peek('a')).toEqual({ n: 1 });
    expect(kept.size).toBe(2);
  });

  it('holds its bytes under the bound, refuses an entry over a quarter of it and forgets the old one', () => {
    const kept = new Kept<{ bytes: number }>({
      name: 'bytes',
      maxEntries: 100,
      maxBytes: 1000,
      bytesOf: (value) => value.bytes,
    });
    for (let i = 0; i < 10; i++) kept.set(String(i), { bytes: 200 });
    expect(kept.bytes).toBeLessThanOrEqual(1000);
    expect(kept.size).toBe(5);
    expect(kept.peek('9')).toBeDefined();
    expect(kept.peek('0')).toBeUndefined();
    kept.set('9', { bytes: 251 });
    expect(kept.peek('9')).toBeUndefined();
    expect(kept.bytes).toBe(800);
  });

  it('counts each lookup under its name, unless the caller counts', () => {
    const kept = new Kept<{ n: number }>({ name: 'pages', maxEntries: 10 });
    kept.get('x');
    kept.set('x', { n: 1 });
    kept.get('x');
    kept.get('x', false);
    kept.count('miss');
    expect(counted).toEqual([
      ['pages', 'miss'],
      ['pages', 'hit'],
      ['pages', 'miss'],
    ]);
  });
});
