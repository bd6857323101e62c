import type { SelectQueryBuilder } from 'kysely';
import { offsetOf, type Paging } from '../http/paging.js';

/** How many rows a list's query (before its selection) matches: the `total` of a page. */
export async function countRows<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number | string }).n);
}

/** The rows of one page: `.$call(onPage(paging))`. */
export const onPage =
  (paging: Paging) =>
  <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
    query.limit(paging.pageSize).offset(offsetOf(paging));

/**
 * One page of a list: `total` counted on `base` (the query before its
 * selection), `list` the rows `rows` selects and orders from it on this page,
 * each made an item by `item`.
 */
export async function pageOf<DB, TB extends keyof DB, O, Row, Item>(
  base: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  rows: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  item: (row: Row) => Item,
): Promise<{ total: number; list: Item[] }> {
  const total = await countRows(base);
  const found = await rows(base).$call(onPage(paging)).execute();
  return { total, list: found.map(item) };
}
