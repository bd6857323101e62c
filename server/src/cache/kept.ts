import { LRUCache } from 'lru-cache';

/**
 * What the server keeps in memory between changes, on lru-cache: rendered pages
 * (web/page-cache.ts, a store of its own bounded by PAGE_CACHE_MB) and the kept answers, which
 * share one store bounded by CACHE_MB: the public API's answers and the counts of lists and
 * searches (db/paging.ts), the drive's lists (platform/search/kept-by-version.ts). Each user
 * decides when what it keeps stops holding (a content version, a due date, a stamp); the
 * store only keeps, least recently used out first, every lookup counted by the user's name
 * (cache_requests_total, observability/metrics.ts).
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
  /** At most this many entries, in a store of its own; without it, on the shared store. */
  maxEntries?: number;
  /** Its own store: at most about this many bytes, each entry's by `bytesOf` (an entry over a quarter is not kept). */
  maxBytes?: number;
  /** About how many bytes an entry holds; without it, its JSON's. */
  bytesOf?: (value: V, key: string) => number;
}

/** An entry of the shared store, with its size as counted. */
interface SharedEntry {
  value: object;
  bytes: number;
}

/** How many entries the shared store holds at most, whatever their size. */
const SHARED_ENTRIES = 50_000;

/** The default of CACHE_MB. */
export const KEPT_ANSWERS_BYTES = 64 * 1024 * 1024;

function sharedStore(maxBytes: number): LRUCache<string, SharedEntry> | undefined {
  if (maxBytes <= 0) return undefined;
  return new LRUCache<string, SharedEntry>({
    max: SHARED_ENTRIES,
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
    sizeCalculation: (entry) => entry.bytes,
  });
}

let shared = sharedStore(KEPT_ANSWERS_BYTES);

/**
 * The bound of the shared store of kept answers (CACHE_MB; the app sets it when it makes its
 * services). 0: nothing is kept, every answer is read (the bench's uncached figures).
 */
export function keepAnswersWithin(maxBytes: number): void {
  if ((shared?.maxSize ?? 0) === maxBytes) return;
  shared = sharedStore(maxBytes);
}

/** A new number for each user of the shared store, and each time one is emptied. */
let generations = 0;

/** Two bytes a character, as V8 keeps most strings. */
const jsonBytes = (value: unknown) => (JSON.stringify(value)?.length ?? 0) * 2;

export class Kept<V extends object> {
  /** Its own store; undefined: the shared one, its keys under `prefix`. */
  private readonly entries: LRUCache<string, V> | undefined;
  private prefix = '';
  readonly name: string;
  private readonly bytesOf: (value: V, key: string) => number;

  constructor(options: KeptOptions<V>) {
    this.name = options.name;
    const { maxBytes, bytesOf } = options;
    this.bytesOf = bytesOf ?? jsonBytes;
    if (options.maxEntries === undefined) {
      this.renew();
      return;
    }
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

  /** On the shared store: a new prefix, under which nothing is kept yet. */
  private renew() {
    this.prefix = `${this.name}\u0000${++generations}\u0000`;
  }

  /**
   * The entry under `key`, made the most recently used; counted as a hit or a miss unless
   * `counted` is false (a user that looks twice for one request counts it itself).
   */
  get(key: string, counted = true): V | undefined {
    const value = this.entries
      ? this.entries.get(key)
      : (shared?.get(this.prefix + key)?.value as V | undefined);
    if (counted) this.count(value === undefined ? 'miss' : 'hit');
    return value;
  }

  /** Counts one lookup under this store's name. */
  count(result: LookupResult): void {
    lookups(this.name, result);
  }

  /** The entry under `key` without counting or touching its recency. */
  peek(key: string): V | undefined {
    if (this.entries) return this.entries.peek(key);
    return shared?.peek(this.prefix + key)?.value as V | undefined;
  }

  /** Keeps `value` (not kept when it alone is over a quarter of the byte bound). */
  set(key: string, value: V): void {
    if (this.entries) {
      this.entries.set(key, value);
      return;
    }
    // The key and the entry's own keeping count too.
    const bytes = Math.ceil(this.bytesOf(value, key) + key.length * 2 + 64);
    shared?.set(this.prefix + key, { value, bytes });
  }

  delete(key: string): void {
    if (this.entries) this.entries.delete(key);
    else shared?.delete(this.prefix + key);
  }

  /** Forgets every entry (on the shared store they are left to age out under the old prefix). */
  clear(): void {
    if (this.entries) this.entries.clear();
    else this.renew();
  }

  /** The entries of its own store (0 on the shared one). */
  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** The bytes of its own store, as `bytesOf` counts them (0 without a byte bound). */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0;
  }
}
