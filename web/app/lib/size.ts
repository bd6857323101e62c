const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size as people read it (issue 18): 18 KB, 2.4 MB, 1.1 GB, 512 B. Units of
 * 1024 (as Windows and the Chinese mail and drive clients show them); one
 * decimal below 10 (a trailing .0 dropped), whole numbers from 10 up, and a
 * value that would round to 1024 moves to the next unit (1 MB, not 1024 KB).
 * Replaces intranet.md's "bytes / 1048576 with 2 decimals and M", which shows
 * every small file as 0.00M. Nothing that is not a size shows as 0 B.
 */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let unit = 0;
  let value = bytes;
  while (unit < UNITS.length - 1 && roundSize(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${roundSize(value)} ${UNITS[unit]}`;
}

/** One decimal below 10, whole from 10 up. */
const roundSize = (value: number) =>
  value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
