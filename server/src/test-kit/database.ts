import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DialectName } from '../db/database.js';
import { databaseMetrics } from '../observability/db-metrics.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** postgres://... of the test database; undefined for SQLite. */
  url: string | undefined;
  /** Closes the connections and deletes the database. */
  close(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template every test database copies: a SQLite file or a PostgreSQL database name. */
    testDatabaseTemplate: string;
  }
}

/** `TEST_DB=sqlite` (default) or `TEST_DB=postgres` with `TEST_DATABASE_URL` of an admin database. */
export function testDialect(): DialectName {
  const name = process.env.TEST_DB || 'sqlite';
  if (name !== 'sqlite' && name !== 'postgres') {
    throw new Error(`TEST_DB must be "sqlite" or "postgres", got "${name}"`);
  }
  return name;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL, the address of a database the tests may use to ' +
        'create and drop their own, e.g. postgres://postgres@127.0.0.1:54329/postgres',
    );
  }
  return url;
}

/** One statement on the admin database: CREATE and DROP DATABASE cannot run in a transaction. */
async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgresUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const dropPostgres = (name: string) => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/**
 * Migrates the template once per test run (vitest globalSetup, see global-setup.ts), so a test
 * file's database is a copy instead of a migration. Returns where it is and how to delete it.
 */
export async function createTemplate(): Promise<{ location: string; drop(): Promise<void> }> {
  let location: string;
  let url: string | undefined;
  let drop: () => Promise<void>;
  if (testDialect() === 'postgres') {
    location = `school_template_${randomBytes(6).toString('hex')}`;
    url = postgresUrl(location);
    await adminQuery(`CREATE DATABASE ${location}`);
    drop = () => dropPostgres(location);
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-template-'));
    location = path.join(dir, 'migrated.sqlite');
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const handle = openDatabase({ url, sqliteFile: location, watch: databaseMetrics });
  try {
    await migrateToLatest(handle.db, handle.dialect);
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
  // A template is copied whole only when nothing holds it open: PostgreSQL refuses to copy a
  // database with connections, and closing the last SQLite connection folds its WAL into the file.
  await handle.close();
  return { location, drop };
}

/** A new, migrated, empty database of the dialect under test: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  if (!template) {
    throw new Error('No test database template: server/vitest.config.ts must name global-setup.ts');
  }
  if (testDialect() === 'postgres') {
    const name = `school_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = postgresUrl(name);
    const handle = openDatabase({
      url,
      sqliteFile: ':memory:',
      poolSize: 4,
      watch: databaseMetrics,
    });
    return {
      db: handle.db,
      dialect: handle.dialect,
      url,
      close: async () => {
        await handle.close();
        await dropPostgres(name);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-'));
  const file = path.join(dir, 'test.sqlite');
  fs.copyFileSync(template, file);
  const handle = openDatabase({ url: undefined, sqliteFile: file, watch: databaseMetrics });
  return {
    db: handle.db,
    dialect: handle.dialect,
    url: undefined,
    close: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
