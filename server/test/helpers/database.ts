import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type DialectName } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Database } from '../../src/db/schema.js';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** postgres://... of the test database; undefined for SQLite. */
  url: string | undefined;
  /** Closes the connections and deletes the database. */
  close(): Promise<void>;
}

/** `TEST_DB=sqlite` (default) or `TEST_DB=postgres` with `TEST_DATABASE_URL` of an admin database. */
export function testDialect(): DialectName {
  const name = process.env.TEST_DB || 'sqlite';
  if (name !== 'sqlite' && name !== 'postgres') {
    throw new Error(`TEST_DB must be "sqlite" or "postgres", got "${name}"`);
  }
  return name;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL, the address of a database the tests may use to ' +
        'create and drop their own, e.g. postgres://postgres@127.0.0.1:54329/postgres',
    );
  }
  const name = `school_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** A new, migrated, empty database of the dialect under test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  let database: TestDatabase;
  if (testDialect() === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const handle = openDatabase({ url, sqliteFile: ':memory:', poolSize: 4 });
    database = {
      db: handle.db,
      dialect: handle.dialect,
      url,
      close: async () => {
        await handle.close();
        await drop();
      },
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-'));
    const handle = openDatabase({ url: undefined, sqliteFile: path.join(dir, 'test.sqlite') });
    database = {
      db: handle.db,
      dialect: handle.dialect,
      url: undefined,
      close: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  try {
    await migrateToLatest(database.db, database.dialect);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
