import { afterEach, describe, expect, it } from 'vitest';
import {
  countLookupsWith,
  Kept,
  KEPT_ANSWERS_BYTES,
  keepAnswersWithin,
  type LookupResult,
} from '../kept.js';

describe('the kept store', () => {
  const counted: [string, LookupResult][] = [];
  countLookupsWith((cache, result) => counted.push([cache, result]));
  afterEach(() => {
    counted.length = 0;
    keepAnswersWithin(KEPT_ANSWERS_BYTES);
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

  it('keeps the answers of several users in one store, each under its own keys, and none at 0', () => {
    keepAnswersWithin(10_000);
    const news = new Kept<{ title: string }>({ name: 'news-answers' });
    const search = new Kept<{ title: string }>({ name: 'site-search' });
    news.set('1', { title: '新闻' });
    search.set('1', { title: '搜索' });
    expect(news.get('1')).toEqual({ title: '新闻' });
    expect(search.get('1')).toEqual({ title: '搜索' });
    news.clear();
    expect(news.get('1')).toBeUndefined();
    expect(search.get('1')).toEqual({ title: '搜索' });
    // Past the shared bound the least recently used go, whoever kept them.
    for (let i = 0; i < 100; i++) news.set(`n${i}`, { title: 'x'.repeat(100) });
    expect(search.peek('1')).toBeUndefined();
    expect(news.peek('n99')).toBeDefined();
    keepAnswersWithin(0);
    news.set('2', { title: '不留' });
    expect(news.get('2')).toBeUndefined();
  });
});
