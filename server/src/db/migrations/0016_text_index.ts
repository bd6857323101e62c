import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The private text index (platform/search/text-index.ts) for the keyword
 * searches of mail and the teaching drive: a table per kind keyed by the
 * item's id, filled from the mails and drive files already stored.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  for (const kind of ['mail', 'drive']) {
    if (dialect === 'postgres') {
      await db.schema
        .createTable(`text_terms_${kind}`)
        .addColumn('obj_id', 'integer', (c) => c.primaryKey())
        .addColumn('terms', sql`text[]`, (c) => c.notNull())
        .execute();
      await sql`CREATE INDEX ${sql.id(`text_terms_${kind}_idx`)} ON ${sql.table(`text_terms_${kind}`)} USING GIN (terms)`.execute(
        db,
      );
    } else {
      // Terms are prepared by the app (characters and character pairs, separated by spaces);
      // FTS5 keeps only the inverted index, under the item's id as rowid.
      await sql`CREATE VIRTUAL TABLE ${sql.table(`text_fts_${kind}`)} USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
        db,
      );
    }
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema type does not hold yet
  const any = db as Kysely<any>;
  for (let after = 0; ;) {
    const mails = (await any
      .selectFrom('mail')
      .innerJoin('staff', 'staff.id', 'mail.sender_id')
      .select(['mail.id', 'mail.title', 'mail.body_text', 'mail.receiver_names', 'staff.name'])
      .where('mail.id', '>', after)
      .orderBy('mail.id')
      .limit(1000)
      .execute()) as Array<{
      id: number;
      title: string;
      body_text: string;
      receiver_names: string;
      name: string;
    }>;
    if (mails.length === 0) break;
    for (const mail of mails) {
      // As the mail area indexes a mail it sends (MailService): subject, body, sender, recipients.
      const text = `${mail.title} ${mail.body_text} ${mail.name} ${mail.receiver_names}`;
      await putText(any, dialect, 'mail', mail.id, text);
    }
    after = mails.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const files = (await any
      .selectFrom('drive_resource')
      .select(['id', 'name', 'description'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute()) as Array<{ id: number; name: string; description: string }>;
    if (files.length === 0) break;
    for (const file of files) {
      await putText(any, dialect, 'drive', file.id, `${file.name} ${file.description}`);
    }
    after = files.at(-1)!.id;
  }
}

// What the index holds, copied from platform/search (terms.ts, text-index.ts) as
// they stood in issue 17: a migration does the same on every database, whatever
// the live code becomes later, so it never imports it.

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;

/** Runs of Han characters and runs of other letters/digits, in order. */
function runs(text: string): Array<{ han: boolean; text: string }> {
  const out: Array<{ han: boolean; text: string }> = [];
  let current: { han: boolean; text: string } | null = null;
  for (const char of text.normalize('NFKC').toLowerCase()) {
    const han = HAN.test(char);
    if (!han && !WORD.test(char)) {
      current = null;
      continue;
    }
    if (current && current.han === han) current.text += char;
    else out.push((current = { han, text: char }));
  }
  return out;
}

/** The Chinese terms of a text (its characters and pairs of neighbours), each once. */
function hanTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of runs(text.slice(0, 6000))) {
    if (!run.han) continue;
    const chars = [...run.text];
    chars.forEach((char, i) => {
      terms.add(char);
      if (i + 1 < chars.length) terms.add(char + chars[i + 1]);
    });
  }
  return [...terms];
}

/** Indexes one item's text in its kind's table. */
async function putText(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema type does not hold yet
  db: Kysely<any>,
  dialect: DialectName,
  kind: string,
  objId: number,
  text: string,
): Promise<void> {
  const terms = hanTerms(text);
  if (dialect === 'postgres') {
    await sql`INSERT INTO ${sql.table(`text_terms_${kind}`)} (obj_id, terms) VALUES (${objId}, ${terms}::text[])
      ON CONFLICT (obj_id) DO UPDATE SET terms = EXCLUDED.terms`.execute(db);
    return;
  }
  const table = sql.table(`text_fts_${kind}`);
  await sql`DELETE FROM ${table} WHERE rowid = ${objId}`.execute(db);
  await sql`INSERT INTO ${table}(rowid, terms) VALUES (${objId}, ${terms.join(' ')})`.execute(db);
}
