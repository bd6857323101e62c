import { sql, type RawBuilder } from 'kysely';

/** The text with LIKE's wildcards (and the escape character) escaped. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column LIKE '%text%'` with the text taken literally (its % and _ escaped),
 * the same on SQLite, which has no default escape character, and PostgreSQL.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} LIKE ${`%${literal(text)}%`} ESCAPE '\\'`;
}

/** `lower(column) LIKE 'text%'`: starts with the text, letters of either case. */
export function startsWithText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `${literal(text.toLowerCase())}%`;
  return sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
}
