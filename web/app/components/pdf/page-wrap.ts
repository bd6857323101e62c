/**
 * The page `step` pages away from `page` in a document of `total` pages,
 * wrapping around: next on the last page is page 1, previous on page 1 is
 * the last (portal spec §2, magazines).
 */
export function wrapPage(page: number, step: number, total: number): number {
  if (!Number.isInteger(total) || total < 1) return 1;
  const from = Number.isInteger(page) ? Math.min(Math.max(page, 1), total) : 1;
  return ((((from - 1 + step) % total) + total) % total) + 1;
}
