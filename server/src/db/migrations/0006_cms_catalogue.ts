import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * What the content platform authors beyond news: the intranet's rolling
 * notices, workbench and application-centre entries, the drive's
 * dictionaries, revisions of every other authored item, thumbnails of
 * uploaded pictures, and the review workflow of videos.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string): CreateTableBuilder<string, 'id'> => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const fileRef = (c: ColumnDefinitionBuilder) =>
    c.references('stored_file.id').onDelete('set null');

  await withId('rolling_notice')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)')
    .addColumn('shelves_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_staff', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rolling_notice_list_idx')
    .on('rolling_notice')
    .columns(['enabled', 'shelves_date'])
    .execute();

  await withId('workbench_item')
    .addColumn('menu_type', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('path', 'varchar(500)', (c) => c.notNull())
    .addColumn('passthrough', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visit_type', 'integer')
    .addColumn('icon_file_id', 'integer', fileRef)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('workbench_item_menu_idx')
    .on('workbench_item')
    .columns(['menu_type', 'enabled', 'sort'])
    .execute();

  await withId('dictionary_item')
    .addColumn('dic_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('dic_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('dic_value', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('dictionary_item_value_uq', ['dic_code', 'dic_value'])
    .execute();

  await withId('content_revision')
    .addColumn('info_table', 'varchar(32)', (c) => c.notNull())
    .addColumn('obj_id', 'integer', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_revision_obj_idx')
    .on('content_revision')
    .columns(['info_table', 'obj_id', 'created_at'])
    .execute();

  // A picture's smaller copy for lists and cards.
  await db.schema.alterTable('stored_file').addColumn('thumb_file_id', 'integer').execute();
  await db.schema.alterTable('stored_file').addColumn('width', 'integer').execute();
  await db.schema.alterTable('stored_file').addColumn('height', 'integer').execute();

  await db.schema
    .alterTable('video')
    .addColumn('review_state', 'varchar(16)', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('video').addColumn('review_note', 'varchar(500)').execute();
}
