import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The drive's 回收站 and file versions (issue 19).
 *
 * drive_trash: one row per deletion (a file, or a folder with everything in
 * it). The deleted rows leave drive_resource / drive_folder and are kept here
 * as JSON (`rows`), so no live query of the drive can reach them; their stored
 * files are held by file-use rows T_DRIVE_TRASH (objId the trash row) until
 * the entry is restored or purged. owner_id is the space (null the library).
 *
 * drive_version: the earlier contents of a file replaced by an upload of the
 * same name (替换), each holding its stored file by a T_DRIVE_VERSION use.
 *
 * drive_resource.content_by / content_at: who put up the file's current
 * bytes and when (set by a replacement; null means its uploader at its
 * creation), so a version says who uploaded it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('drive_trash')
    /** 'file' or 'folder'. */
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
    .addColumn('deleted_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('deleted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    /** The folder it was in (a file) or under (a folder); null at the top. No key: it may go. */
    .addColumn('folder_id', 'integer')
    /** Where it was, as the folder names from the top ("数学 / 高一"). */
    .addColumn('place', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    /** Bytes of its files and their versions. */
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_count', 'integer', (c) => c.notNull())
    .addColumn('rows', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_trash_owner_idx')
    .on('drive_trash')
    .columns(['owner_id', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('drive_trash_deleter_idx')
    .on('drive_trash')
    .columns(['deleted_by', 'deleted_at'])
    .execute();
  await db.schema
    .createIndex('drive_trash_at_idx')
    .on('drive_trash')
    .column('deleted_at')
    .execute();

  await withId('drive_version')
    .addColumn('resource_id', 'integer', (c) =>
      c.notNull().references('drive_resource.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_file.id'))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploader_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    /** When these bytes were put up. */
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    /** When they were replaced (became a version). */
    .addColumn('replaced_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_version_resource_idx')
    .on('drive_version')
    .columns(['resource_id', 'id'])
    .execute();

  await db.schema
    .alterTable('drive_resource')
    .addColumn('content_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('drive_resource').addColumn('content_at', 'varchar(32)').execute();
}
