import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { TextKind } from '../../db/tables/content.js';
import { hanOnly, indexTerms, queryTerms, sequenceQuery, sequenceTerms } from './terms.js';

/**
 * An inverted index of the Chinese terms of private texts (a mail, a drive
 * file's name and description), for keyword searches that would otherwise
 * read every row with LIKE. A table per kind, keyed by the item's id:
 * SQLite: FTS5 tables holding only the index (text_fts_mail, text_fts_drive,
 * text_fts_file); PostgreSQL: tables with the terms in a text[] column under
 * a GIN index (text_terms_mail, text_terms_drive, text_terms_file).
 *
 * The index only narrows: `candidates` answers the items whose text holds
 * every Chinese term of the keyword, and the caller still checks the keyword
 * itself on those rows (so a match is exact, and Latin letters and digits in
 * the keyword count too). A keyword without Chinese characters has no terms
 * here: the caller reads the rows as before.
 */
export class TextIndex {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: DialectName,
  ) {}

  /**
   * Indexes (or re-indexes) an item's text, its first `limit` characters; `db` is the
   * caller's transaction.
   */
  async put(
    kind: TextKind,
    objId: number,
    text: string,
    db: Kysely<Database> = this.db,
    limit?: number,
  ) {
    await putText(db, this.dialect, kind, objId, text, limit);
  }

  /** Forgets items (deleted ones); `db` is the caller's transaction. */
  async remove(kind: TextKind, objIds: number[], db: Kysely<Database> = this.db) {
    for (let i = 0; i < objIds.length; i += 500) {
      const chunk = objIds.slice(i, i + 500);
      await sql`DELETE FROM ${tableOf(this.dialect, kind)} WHERE ${idOf(this.dialect)} IN (${sql.join(chunk)})`.execute(
        db,
      );
    }
  }

  /**
   * Whether a match of `candidates` is the keyword itself, with no look at the text: on
   * SQLite a document's text (kind `file`) is a sequence of its terms and a keyword a phrase of
   * them; elsewhere a keyword of one term (the index's terms are sets).
   */
  exact(kind: TextKind, keyword: string): boolean {
    if (kind === 'file' && this.dialect === 'sqlite') {
      return sequenceQuery(keyword).every((part) => 'phrase' in part);
    }
    return termsOf(kind, queryTerms(keyword)).length <= 1;
  }

  /**
   * The ids of the items of `kind` whose text holds every Chinese term of
   * `keyword`, and those `also` answers (ids found another way, such as by
   * their uploader's name), as a subquery for `where(id, 'in', ...)`; null
   * when the keyword has no Chinese characters (the caller then reads every
   * row).
   */
  candidates(
    kind: TextKind,
    keyword: string,
    also?: Expression<unknown>,
  ): RawBuilder<number> | null {
    if (kind === 'file' && this.dialect === 'sqlite') {
      const asked = sequenceQuery(keyword);
      if (asked.length === 0) return null;
      const match = asked
        .map((part) =>
          'char' in part ? `chars : "${part.char}"` : `grams : "${part.phrase.join(' ')}"`,
        )
        .join(' AND ');
      const found = sql`SELECT rowid FROM text_fts_file WHERE text_fts_file MATCH ${match}`;
      return also
        ? sql<number>`(${found} UNION ALL SELECT * FROM ${also} AS also_found)`
        : sql<number>`(${found})`;
    }
    const terms = termsOf(kind, queryTerms(keyword));
    if (terms.length === 0) return null;
    const found =
      this.dialect === 'postgres'
        ? sql`SELECT obj_id FROM ${tableOf('postgres', kind)} WHERE terms @> ${terms}::text[]`
        : sql`SELECT rowid FROM ${tableOf('sqlite', kind)} WHERE ${tableOf('sqlite', kind)} MATCH ${terms
            .map((term) => `"${term}"`)
            .join(' AND ')}`;
    return also
      ? sql<number>`(${found} UNION ALL SELECT * FROM ${also} AS also_found)`
      : sql<number>`(${found})`;
  }
}

/**
 * The terms a kind keeps: Chinese ones (mail, names of drive files: their Latin words are
 * found by reading the rows); a document's text keeps its Latin words and numbers too, as
 * whole words, for it is far too long to read.
 */
const termsOf = (kind: TextKind, terms: string[]) => (kind === 'file' ? terms : hanOnly(terms));

/** A kind's table: SQLite's FTS5 table, PostgreSQL's terms table. */
export const tableOf = (dialect: DialectName, kind: TextKind) =>
  sql.table(dialect === 'postgres' ? `text_terms_${kind}` : `text_fts_${kind}`);

/** The item's id in a kind's table. */
const idOf = (dialect: DialectName) => sql.ref(dialect === 'postgres' ? 'obj_id' : 'rowid');

/** Indexes one item's text (TextIndex.put; the migration that fills the index uses it too). */
export async function putText(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's handle has no schema type
  db: Kysely<any>,
  dialect: DialectName,
  kind: TextKind,
  objId: number,
  text: string,
  limit?: number,
): Promise<void> {
  if (kind === 'file' && dialect === 'sqlite') {
    // A document's text keeps its terms in order, so a keyword is a phrase of its pairs.
    const { grams, chars } = sequenceTerms(text, limit ?? text.length);
    await sql`DELETE FROM text_fts_file WHERE rowid = ${objId}`.execute(db);
    await sql`INSERT INTO text_fts_file(rowid, grams, chars) VALUES (${objId}, ${grams.join(' ')}, ${chars.join(' ')})`.execute(
      db,
    );
    return;
  }
  const terms = termsOf(kind, indexTerms(text, limit));
  const table = tableOf(dialect, kind);
  if (dialect === 'postgres') {
    await sql`INSERT INTO ${table} (obj_id, terms) VALUES (${objId}, ${terms}::text[])
      ON CONFLICT (obj_id) DO UPDATE SET terms = EXCLUDED.terms`.execute(db);
    return;
  }
  await sql`DELETE FROM ${table} WHERE rowid = ${objId}`.execute(db);
  await sql`INSERT INTO ${table}(rowid, terms) VALUES (${objId}, ${terms.join(' ')})`.execute(db);
}
