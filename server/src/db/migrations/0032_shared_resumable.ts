import type { Kysely } from 'kysely';

/**
 * Resumable (tus) uploads shared by several copies of the site (issue 21): with the stored files
 * in an S3 bucket, an unfinished upload's state is a row here and its bytes so far are stored
 * pieces, one row each in order, so that its next PATCH may reach any copy
 * (platform/files/shared-resumable.ts). On one machine DATA_DIR/tus keeps them, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drive_resumable')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull())
    /** The tus metadata (JSON object of strings). */
    .addColumn('metadata', 'text', (c) => c.notNull())
    /** ISO time of creation, as tus answers it. */
    .addColumn('creation_date', 'varchar(32)', (c) => c.notNull())
    /** Milliseconds since 1970 after which an unfinished upload is dropped. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_resumable_expires_idx')
    .on('drive_resumable')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('drive_resumable_chunk')
    .addColumn('upload_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('drive_resumable_chunk_pk', ['upload_id', 'start'])
    .execute();
}
