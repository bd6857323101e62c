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
