import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Search inside documents: the text pulled from a stored file (`file_text`, one row per
 * stored file once its extraction ran: the text, capped, with its pages or sheets parted by
 * form feeds and named in `parts`), and the text index of those texts (kind `file`, as
 * migration 0016 made `mail` and `drive`; on SQLite with the terms in order, so a keyword is
 * found as a phrase). Every write to `file_text` raises the drive's
 * list version `texts` (migration 0034's table), so a kept keyword search is read again
 * once a file's text arrives or goes.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('file_text')
    .addColumn('file_id', 'integer', (c) => c.primaryKey())
    // done (text kept, maybe empty), failed (the extraction failed; `error` says why).
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON array of the parts' names ("第 2 页", "工作表 成绩"), one per form-feed part.
    .addColumn('parts', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('extracted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  if (dialect === 'postgres') {
    await db.schema
      .createTable('text_terms_file')
      .addColumn('obj_id', 'integer', (c) => c.primaryKey())
      .addColumn('terms', sql`text[]`, (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX text_terms_file_idx ON text_terms_file USING GIN (terms)`.execute(db);
  } else {
    // A document's terms in order (grams: its pairs of characters and Latin words, so a
    // keyword is a phrase of them) and its characters (chars, for a keyword of one).
    await sql`CREATE VIRTUAL TABLE text_fts_file USING fts5(grams, chars, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }
  const raise = `INSERT INTO drive_list_version (scope, version) VALUES ('texts', 1)
    ON CONFLICT (scope) DO UPDATE SET version = drive_list_version.version + 1`;
  if (dialect === 'postgres') {
    await sql
      .raw(
        `CREATE FUNCTION file_text_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${raise}; RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER file_text_list_version AFTER INSERT OR UPDATE OR DELETE ON file_text
        FOR EACH STATEMENT EXECUTE FUNCTION file_text_list_version()`,
      )
      .execute(db);
  } else {
    for (const [name, event] of [
      ['ins', 'INSERT'],
      ['upd', 'UPDATE'],
      ['del', 'DELETE'],
    ]) {
      await sql
        .raw(
          `CREATE TRIGGER file_text_list_${name} AFTER ${event} ON file_text BEGIN ${raise}; END`,
        )
        .execute(db);
    }
  }
}
