import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDialect } from '../../test-kit/database.js';

/** A database with nothing in it (no migrations), of the dialect under test, and how to drop it. */
export interface EmptyDatabase {
  /** postgres://… of the new database; undefined for SQLite. */
  url: string | undefined;
  /** SQLite: a file in a fresh folder, not yet created. */
  sqliteFile: string;
  drop(): Promise<void>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function emptyDatabase(): Promise<EmptyDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-ops-db-'));
  const sqliteFile = path.join(dir, 'portal.sqlite');
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (testDialect() !== 'postgres') return { url: undefined, sqliteFile, drop: removeDir };
  const name = `school_ops_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    sqliteFile,
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}
