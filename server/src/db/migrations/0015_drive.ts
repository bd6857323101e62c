import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The teaching drive (intranet.md §3 resource, folder, comment; §4 drive
 * states): folders of the shared library (owner_id null) and of each
 * person's disk (owner_id the person), resources (a stored file with its
 * name, kind, format, openness and counters; a copy is a new resource over
 * the same stored file), and each person's likes, favourites, downloads,
 * shares and comments.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  const staffRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('staff.id').onDelete('cascade');

  await withId('drive_folder')
    .addColumn('parent_id', 'integer', (c) => c.references('drive_folder.id').onDelete('cascade'))
    /** null: the shared library; a staff id: that person's disk. */
    .addColumn('owner_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('name', 'varchar(25)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    /** 0 for a root folder (a column of the library), one more each level down. */
    .addColumn('layer', 'integer', (c) => c.notNull())
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_folder_parent_idx')
    .on('drive_folder')
    .columns(['owner_id', 'parent_id', 'sort'])
    .execute();

  await withId('drive_resource')
    .addColumn('folder_id', 'integer', (c) => c.references('drive_folder.id').onDelete('cascade'))
    /** null: the shared library; a staff id: that person's disk. */
    .addColumn('owner_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    /** Who uploaded it (userName of the lists). */
    .addColumn('uploader_id', 'integer', staffRef)
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_file.id'))
    /** resourcesName: the name shown; resourcesFname: the uploaded file's name. */
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    /** RESOURCES_TYPE and RESOURCES_FILE_TYPE dictionary values. */
    .addColumn('resources_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(16)', (c) => c.notNull())
    /** '0' teachers, '1' private, '2' teachers and students, '3' students. */
    .addColumn('is_open', 'varchar(1)', (c) => c.notNull())
    /** '0' commentable, '1' not. */
    .addColumn('is_comment', 'varchar(1)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('download_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('share_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorite_num', 'integer', (c) => c.notNull().defaultTo(0))
    /** statusDate: the last change (the lists' update time). */
    .addColumn('status_date', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // A folder's page (pinned first, newest first) and the library-wide lists.
  await db.schema
    .createIndex('drive_resource_folder_idx')
    .on('drive_resource')
    .columns(['folder_id', 'is_top', 'status_date'])
    .execute();
  await db.schema
    .createIndex('drive_resource_owner_idx')
    .on('drive_resource')
    .columns(['owner_id', 'folder_id'])
    .execute();
  await db.schema
    .createIndex('drive_resource_new_idx')
    .on('drive_resource')
    .columns(['owner_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('drive_resource_down_idx')
    .on('drive_resource')
    .columns(['owner_id', 'download_num'])
    .execute();
  await db.schema
    .createIndex('drive_resource_share_idx')
    .on('drive_resource')
    .columns(['owner_id', 'share_num'])
    .execute();
  await db.schema
    .createIndex('drive_resource_uploader_idx')
    .on('drive_resource')
    .columns(['uploader_id', 'owner_id'])
    .execute();
  await db.schema
    .createIndex('drive_resource_file_idx')
    .on('drive_resource')
    .column('file_id')
    .execute();

  await db.schema
    .createTable('drive_like')
    .addColumn('resource_id', 'integer', (c) =>
      c.notNull().references('drive_resource.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_like_pk', ['resource_id', 'staff_id'])
    .execute();

  for (const table of ['drive_favorite', 'drive_share'] as const) {
    let builder = withId(table)
      .addColumn('resource_id', 'integer', (c) =>
        c.notNull().references('drive_resource.id').onDelete('cascade'),
      )
      .addColumn('staff_id', 'integer', staffRef)
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull());
    if (table === 'drive_share') {
      builder = builder.addColumn('share_code', 'varchar(16)', (c) => c.notNull().unique());
    }
    await builder.execute();
    await db.schema
      .createIndex(`${table}_staff_idx`)
      .on(table)
      .columns(['staff_id', 'resource_id'])
      .unique()
      .execute();
  }

  /** One row per person, resource and day: the download count and the person's history. */
  await withId('drive_download')
    .addColumn('resource_id', 'integer', (c) =>
      c.notNull().references('drive_resource.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    /** 1: removed from the person's history (the count stays). */
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_download_day_idx')
    .on('drive_download')
    .columns(['resource_id', 'staff_id', 'day'])
    .unique()
    .execute();
  await db.schema
    .createIndex('drive_download_staff_idx')
    .on('drive_download')
    .columns(['staff_id', 'hidden', 'id'])
    .execute();

  await withId('drive_comment')
    .addColumn('resource_id', 'integer', (c) =>
      c.notNull().references('drive_resource.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', staffRef)
    .addColumn('content', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_comment_resource_idx')
    .on('drive_comment')
    .columns(['resource_id', 'id'])
    .execute();
}
