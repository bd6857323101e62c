import { spawn } from 'node:child_process';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** What a database snapshot holds besides its bytes, read from the snapshot itself. */
export interface SnapshotFacts {
  /** The newest migration applied. */
  migration: string;
  /** stored_file's keys: the files the snapshot names. */
  storageKeys: string[];
}

/**
 * SQLite: the online backup API on a connection of its own, all pages in one step. In WAL mode a
 * reader holds one consistent view and never blocks the writers, so the serving processes go on
 * writing, and a single step cannot be restarted by their writes as a page-by-page copy would be.
 */
export async function snapshotSqlite(sqliteFile: string, out: string): Promise<SnapshotFacts> {
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    await source.backup(out, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(out, { readonly: true });
  try {
    return {
      migration: (
        copy.prepare('select max(name) as name from kysely_migration').get() as { name: string }
      ).name,
      storageKeys: (
        copy.prepare('select storage_key as key from stored_file').all() as { key: string }[]
      ).map((row) => row.key),
    };
  } finally {
    copy.close();
  }
}

/** A postgres:// address split into one without its password and the password (for PGPASSWORD). */
export function withoutPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs pg_dump or pg_restore; rejects with its own message when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) =>
      reject(
        new Error(
          `${command} 无法运行（${err.message}）：请安装 PostgreSQL 客户端（Debian: apt-get install postgresql-client）`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} 失败（退出码 ${code}）：${stderr.trim()}`)),
    );
  });
}

/**
 * PostgreSQL: pg_dump in its custom format, of a snapshot this connection exports and holds (a
 * REPEATABLE READ transaction), so the migration level and the file keys read here are those of
 * the very dump. pg_dump reads without blocking the site's writes.
 */
export async function snapshotPostgres(databaseUrl: string, out: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const { url, env } = withoutPassword(databaseUrl);
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]!.id}`, `--file=${out}`, `--dbname=${url}`],
      env,
    );
    const migration = await client.query<{ name: string }>(
      'select max(name) as name from kysely_migration',
    );
    const keys = await client.query<{ key: string }>('select storage_key as key from stored_file');
    await client.query('commit');
    return { migration: migration.rows[0]!.name, storageKeys: keys.rows.map((row) => row.key) };
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL database holds no tables of its own (restore goes only into such a one). */
export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(databaseUrl: string, dump: string): Promise<void> {
  const { url, env } = withoutPassword(databaseUrl);
  // One transaction: a restore that fails leaves the database empty, ready for another try.
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      dump,
    ],
    env,
  );
}

export const fileExists = (file: string) =>
  fs.promises.stat(file).then(
    (stat) => stat.size > 0,
    () => false,
  );
