import type { Kysely } from 'kysely';

/**
 * The first run's setup token (/setup): while the database has no staff and no
 * administrator was configured, the server makes one at start and keeps only
 * its hash here, so that every copy of the server sharing the database
 * accepts it. A restart makes a new one (the old row is replaced); the setup
 * deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setup_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
