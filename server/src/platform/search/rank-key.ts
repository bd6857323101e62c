/**
 * Where a listed search entry stands in the search's order, as one integer: SQLite's FTS5 walks
 * the matches of a query in rowid order, so an index whose rowid is this key answers a page of
 * the newest matches by reading that page alone, without sorting every match.
 *
 * Bits, high to low: pinned (ifTop), the entry's date in seconds since 1900, its search_doc id.
 * Larger is earlier in the list: pinned first, then newest, then the larger id. The date's 33
 * bits reach the year 2172 and the id's 27 bits 134 million entries.
 */
const ID_BITS = 27n;
const SECOND_BITS = 33n;
const EPOCH_MS = Date.UTC(1900, 0, 1);
const LAST_SECOND = (1n << SECOND_BITS) - 1n;

/** The lowest key of a pinned entry. */
export const PINNED_FROM = 1n << (ID_BITS + SECOND_BITS);

/** The id part of a key (`rowid & ID_MASK` in SQL). */
export const ID_MASK = (1n << ID_BITS) - 1n;

/**
 * Seconds since 1900 of an ISO time, held inside the key's bits: an entry's date rounded up, the
 * present rounded down, so that an entry dated within the present second waits for the next.
 */
function secondsOf(isoTime: string, round: (n: number) => number): bigint {
  const seconds = BigInt(round((Date.parse(isoTime) - EPOCH_MS) / 1000));
  return seconds < 0n ? 0n : seconds > LAST_SECOND ? LAST_SECOND : seconds;
}

export function rankKey(ifTop: number, docDate: string, id: number): bigint {
  if (BigInt(id) > ID_MASK) throw new Error(`search entry ${id}: beyond the rank key's ids`);
  return (ifTop ? PINNED_FROM : 0n) + (secondsOf(docDate, Math.ceil) << ID_BITS) + BigInt(id);
}

/**
 * The key ranges of the entries public at `nowIso` (dated then or before), pinned first:
 * `[from, to]` each, both ends included.
 */
export function rankRanges(nowIso: string): Array<[bigint, bigint]> {
  const upTo = ((secondsOf(nowIso, Math.floor) + 1n) << ID_BITS) - 1n;
  return [
    [PINNED_FROM, PINNED_FROM + upTo],
    [0n, upTo],
  ];
}
