import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The drive over WebDAV (issue 22, modules/dav):
 *
 * - dav_file: a client's working file, a name the drive does not take as a file of its own
 *   (no extension of the drive's list, Office's ~$ owner files, macOS's ._ files, *.tmp) or an
 *   empty file a client makes before writing it. Shown over WebDAV only, to its uploader, in the
 *   folder (or disk top) it was put in; its bytes are a stored file (file_use T_DAV).
 * - dav_lock: WebDAV write locks, by the path they were taken on (a lock may be taken on a name
 *   nothing has yet), in the database so every process of the site honours them.
 * - dav_property: dead properties a client set with PROPPATCH, on a folder, a drive file or a
 *   working file ('f', 'r', 'w' and its id), so that they follow the item when it moves.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const files = db.schema.createTable('dav_file');
  await (
    dialect === 'postgres'
      ? files.addColumn('id', 'serial', (c) => c.primaryKey())
      : files.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('owner_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('folder_id', 'integer', (c) => c.references('drive_folder.id').onDelete('cascade'))
    .addColumn('uploader_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.references('stored_file.id'))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('dav_file_place_idx')
    .on('dav_file')
    .columns(['uploader_id', 'folder_id', 'name'])
    .execute();
  await db.schema.createIndex('dav_file_owner_idx').on('dav_file').column('owner_id').execute();
  await db.schema
    .createTable('dav_lock')
    .addColumn('token', 'varchar(80)', (c) => c.primaryKey())
    /** The space and path the lock was taken on: "disk:<staff id>/a/b" or "library/a/b". */
    .addColumn('path', 'varchar(1200)', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id'))
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('depth', 'varchar(10)', (c) => c.notNull())
    .addColumn('provisional', 'integer', (c) => c.notNull().defaultTo(0))
    /** The lock's owner element as the client sent it (JSON of the parsed XML). */
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('timeout_ms', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dav_lock_path_idx').on('dav_lock').column('path').execute();
  await db.schema
    .createTable('dav_property')
    .addColumn('kind', 'varchar(1)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    /** The property's name as Clark notation: {namespace}local. */
    .addColumn('name', 'varchar(500)', (c) => c.notNull())
    /** Its value (JSON of the parsed XML). */
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_property_pk', ['kind', 'item_id', 'name'])
    .execute();
}
