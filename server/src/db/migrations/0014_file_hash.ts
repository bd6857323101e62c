import type { Kysely } from 'kysely';

/**
 * Content hashes of stored files, so the same bytes are kept once (the
 * teaching drive's uploads, 秒传). `sha256` is the hex SHA-256 of the bytes,
 * null for files stored before or without one; `shared_by_hash` (0/1) says a
 * new upload of the same bytes may be answered with this row: only files with
 * no reader rules of their own (drive files) are, never a mail's attachment or
 * a picture of an item. Not unique: two uploads finished at the same moment
 * may both be kept, and a row whose bytes were lost is passed over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_file').addColumn('sha256', 'varchar(64)').execute();
  await db.schema
    .alterTable('stored_file')
    .addColumn('shared_by_hash', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('stored_file_sha256_idx')
    .on('stored_file')
    .columns(['sha256', 'shared_by_hash'])
    .execute();
}
