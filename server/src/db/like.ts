import { sql, type RawBuilder } from 'kysely';

/**
 * `column LIKE '%text%'` with the text taken literally (its % and _ escaped),
 * the same on SQLite, which has no default escape character, and PostgreSQL.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
}
