import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The API's rate limit, counted in the database so that every server process
 * shares one count per client address (one process per core). On PostgreSQL
 * the table is unlogged: a count is written on every request, and an unlogged
 * table's commit waits for no WAL flush; a database crash empties it, which
 * only restarts the current minute's counts.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('api_rate_limit');
  await (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table)
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}
