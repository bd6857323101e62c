import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../database.js';
import { putText } from '../../platform/search/text-index.js';

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
