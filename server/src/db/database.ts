import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type LogEvent,
} from 'kysely';
import pg from 'pg';
import { SiteWrites, registerSiteWrites, watchedDialect } from './content-watch.js';
import type { Database } from './schema.js';

/** How much of the SQLite file is read through a memory map (file-backed, shared by the workers). */
const MMAP_BYTES = 256 * 1024 * 1024;

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; our ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface DatabaseOptions {
  /** postgres://... or undefined for SQLite */
  url: string | undefined;
  /** SQLite file; ':memory:' is allowed */
  sqliteFile: string;
  poolSize?: number;
  /** What the caller watches (observability/db-metrics.ts); nothing when left out. */
  watch?: DatabaseWatch;
}

/** Hooks for the process's metrics, handed in so that db/ knows nothing of them. */
export interface DatabaseWatch {
  /** Every statement's end (Kysely's `log`). */
  query?(event: LogEvent): void;
  /** A PostgreSQL pool as it opens, for its connection counts. */
  pool?(pool: pg.Pool): void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  const log = options.watch?.query;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server closes (a restart, an administrator) must not end the
    // process: the pool drops it and opens a new one on the next query.
    pool.on('error', (err) =>
      console.warn(`database connection closed by the server: ${err.message}`),
    );
    options.watch?.pool?.(pool);
    const writes = new SiteWrites();
    const db = new Kysely<Database>({
      dialect: watchedDialect(new PostgresDialect({ pool }), writes),
      plugins,
      ...(log && { log }),
    });
    registerSiteWrites(db, writes);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') {
    fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  }
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A school's database is hundreds of MB (mail, drive): keep 64 MiB of its pages (default 2 MiB),
  // and the sorts' temporary trees in memory.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  // Pages read through a memory map: each worker's page cache is emptied whenever another
  // worker has written (a rate-limit count, a view), and the pages it then reads again come
  // from the map instead of a read() each (issue 20: +5-15% on the API calls with two workers).
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const writes = new SiteWrites();
  const db = new Kysely<Database>({
    dialect: watchedDialect(
      new SqliteDialect({ database: withStatementCache(sqlite) }),
      writes,
      true,
    ),
    plugins,
    ...(log && { log }),
  });
  registerSiteWrites(db, writes);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** How many prepared statements a SQLite connection keeps for reuse. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite connection as Kysely sees it, with its prepared statements kept
 * by their SQL: Kysely prepares every query anew, and preparing cost about as
 * much as running a list's page (measured: 7% of the server's time on the
 * news list). A statement still being iterated is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(query: string): SQLite.Statement {
      const kept = statements.get(query);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(query);
      if (!kept) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
