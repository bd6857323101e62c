import { LRUCache } from 'lru-cache';

/**
 * The one store of what the server keeps in memory between changes: rendered pages
 * (web/page-cache.ts), the public API's answers and the counts of lists and searches
 * (db/paging.ts), the drive's lists (platform/search/kept-by-version.ts). Each user decides
 * when what it keeps stops holding (a content version, a due date, a stamp); the store only
 * keeps: bounded by entries and bytes on lru-cache, least recently used out first, every
 * lookup counted by the store's name (cache_requests_total, observability/metrics.ts).
 */

export type LookupResult = 'hit' | 'miss';

type LookupListener = (cache: string, result: LookupResult) => void;

let lookups: LookupListener = () => {};

/** Where the lookups of every store are told (set once by observability at start). */
export function countLookupsWith(listener: LookupListener): void {
  lookups = listener;
}

export interface KeptOptions<V> {
  /** The name lookups are counted under. */
  name: string;
  /** At most this many entries. */
  maxEntries: number;
  /** And at most about this many bytes, each entry's by `bytesOf` (an entry over a quarter is not kept). */
  maxBytes?: number;
  bytesOf?: (value: V, key: string) => number;
}

export class Kept<V extends object> {
  private readonly entries: LRUCache<string, V>;
  readonly name: string;

  constructor(options: KeptOptions<V>) {
    this.name = options.name;
    const { maxBytes, bytesOf } = options;
    this.entries = new LRUCache<string, V>({
      max: options.maxEntries,
      ...(maxBytes !== undefined &&
        maxBytes !== Infinity &&
        bytesOf && {
          maxSize: maxBytes,
          maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
          // lru-cache wants a positive whole size.
          sizeCalculation: (value: V, key: string) => Math.max(1, Math.ceil(bytesOf(value, key))),
        }),
    });
  }

  /**
   * The entry under `key`, made the most recently used; counted as a hit or a miss unless
   * `counted` is false (a user that looks twice for one request counts it itself).
   */
  get(key: string, counted = true): V | undefined {
    const value = this.entries.get(key);
    if (counted) this.count(value === undefined ? 'miss' : 'hit');
    return value;
  }

  /** Counts one lookup under this store's name. */
  count(result: LookupResult): void {
    lookups(this.name, result);
  }

  /** The entry under `key` without counting or touching its recency. */
  peek(key: string): V | undefined {
    return this.entries.peek(key);
  }

  /** Keeps `value` (not kept when it alone is over a quarter of the byte bound). */
  set(key: string, value: V): void {
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes kept, as `bytesOf` counts them (0 without a byte bound). */
  get bytes(): number {
    return this.entries.calculatedSize ?? 0;
  }
}
