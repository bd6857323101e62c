import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Mail beyond the first cut: groups of frequent contacts (contactsType 2,
 * with a note; single contacts stay in `contact`, shared with the address
 * book) and drafts, saved while a mail is written.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('contact_group')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('note', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_group_owner_idx')
    .on('contact_group')
    .column('owner_id')
    .execute();

  await db.schema
    .createTable('contact_group_member')
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('contact_group.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_group_member_pk', ['group_id', 'staff_id'])
    .execute();

  await withId('mail_draft')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    /** The chosen recipients' staff ids, comma-joined, in the order chosen. */
    .addColumn('recipient_ids', 'text', (c) => c.notNull())
    /** The attachments as JSON [{fileId, fileName}]. */
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_draft_owner_idx')
    .on('mail_draft')
    .columns(['owner_id', 'updated_at'])
    .execute();
}
