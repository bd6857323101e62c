import { sql, type RawBuilder } from 'kysely';

/**
 * `column = value`, or `column IS NULL` when the value is null: SQL's `=` never matches a
 * null, and PostgreSQL's `IS` takes no number. For the drive's "whose disk" and "which
 * folder", where null is the library or the top.
 */
export function matches(column: string, value: number | null): RawBuilder<boolean> {
  return value === null
    ? sql<boolean>`${sql.ref(column)} is null`
    : sql<boolean>`${sql.ref(column)} = ${value}`;
}
