import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * 超大附件: a file over the mail's attachment limit stays in its sender's drive and the mail
 * carries a link to it until it expires. `mail_large_file` is one such link of one mail: the
 * drive item it names (`item_id`, read through the platform's file uses, never the drive's
 * tables), the name and size shown, and when the link ends. A draft keeps its chosen ones as
 * JSON (`mail_draft.large_files`) as it keeps its attachments.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('mail_large_file')
    .$call((table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    )
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_large_file_mail_idx')
    .on('mail_large_file')
    .column('mail_id')
    .execute();
  await db.schema
    .createIndex('mail_large_file_item_idx')
    .on('mail_large_file')
    .column('item_id')
    .execute();
  await db.schema
    .alterTable('mail_draft')
    .addColumn('large_files', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
