import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Internal mail (intranet.md §3 "Mail"): a mail stored once, one inbox entry
 * per recipient (kept with deleted 1 once its owner deletes it, so the sender
 * still sees who got it), one sent entry for the sender, the attachments. A
 * mail goes when neither an inbox entry nor the sent entry is left.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('mail')
    .addColumn('sender_id', 'integer', (c) =>
      c.notNull().references('staff.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    /** The body's text, for the keyword search. */
    .addColumn('body_text', 'text', (c) => c.notNull())
    /** The recipients' names as the sent list shows them. */
    .addColumn('receiver_names', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('recalled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId('mail_inbox')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    /** 1 unread, 2 read. */
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'varchar(32)')
    /** 1: deleted by its owner or recalled by the sender. */
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_inbox_list_idx')
    .on('mail_inbox')
    .columns(['staff_id', 'deleted', 'id'])
    .execute();
  await db.schema
    .createIndex('mail_inbox_unread_idx')
    .on('mail_inbox')
    .columns(['staff_id', 'state', 'deleted'])
    .execute();
  await db.schema
    .createIndex('mail_inbox_mail_idx')
    .on('mail_inbox')
    .columns(['mail_id', 'state'])
    .execute();

  await withId('mail_sent')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_sent_list_idx')
    .on('mail_sent')
    .columns(['staff_id', 'id'])
    .execute();
  await db.schema.createIndex('mail_sent_mail_idx').on('mail_sent').column('mail_id').execute();

  await withId('mail_file')
    .addColumn('mail_id', 'integer', (c) => c.notNull().references('mail.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) =>
      c.notNull().references('stored_file.id').onDelete('cascade'),
    )
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_file_mail_idx').on('mail_file').column('mail_id').execute();
  await db.schema.createIndex('mail_file_file_idx').on('mail_file').column('file_id').execute();
}
