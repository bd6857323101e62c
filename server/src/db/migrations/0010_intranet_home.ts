import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The staff home and address book (intranet.md §2, §7): a staff member's
 * photo (the address book's teaPic, the profile of /editPwd) and their
 * frequent contacts (常用联系人, contactsType 1: one person each), and the
 * hand-offs linked systems have verified.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type holds
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('photo_file_id', 'integer', (c) =>
      c.references('stored_file.id').onDelete('set null'),
    )
    .execute();

  const contact = db.schema.createTable('contact');
  await (
    dialect === 'postgres'
      ? contact.addColumn('id', 'serial', (c) => c.primaryKey())
      : contact.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('contact_owner_staff_uq', ['owner_id', 'staff_id'])
    .execute();
  // Hand-offs a linked system has had verified (each once: a replay is refused).
  await db.schema
    .createTable('linked_request')
    .addColumn('system', 'varchar(32)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('linked_request_pk', ['system', 'request_key'])
    .execute();
  await db.schema
    .createIndex('linked_request_created_idx')
    .on('linked_request')
    .column('created_at')
    .execute();

  // Department announcements and regulations of one department (/organize).
  await db.schema.createIndex('news_dept_idx').on('news').columns(['dept_id', 'type_id']).execute();
}
