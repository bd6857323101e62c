/**
 * Requests per client address in the current window of the API's rate limit,
 * shared by every server process (http/rate-limit-store.ts).
 */
export interface ApiRateLimitTable {
  /** The rate limit's key: the client's address. */
  key: string;
  hits: number;
  /** When the window began, in milliseconds since 1970 (bigint: the clock of the process). */
  windowStart: number;
}
