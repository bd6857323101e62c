import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { testDialect } from '../../test-kit/database.js';
import { createNews } from '../../test-kit/factories.js';
import type { AppOn } from './app-on.js';
import { emptyDatabase, type EmptyDatabase } from './empty-database.js';

/** The backup tests' shared pieces: a place to install into, its rows, content with files. */
export const ADMIN = { code: 'backupadmin', password: 'Aa1!backup', staffType: 5 };

export interface Place extends EmptyDatabase {
  dataDir: string;
}

/** An empty database and an empty DATA_DIR. */
export async function place(): Promise<Place> {
  const database = await emptyDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-ops-data-'));
  return {
    ...database,
    dataDir,
    drop: async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every table's rows, as JSON sorted, read on a connection of its own. */
/** The tables in which SQLite's FTS5 keeps its indexes (search_listed_data, text_fts_mail …). */
export const FTS_SHADOW = /_fts_|^search_listed_/;

export async function tableRows(where: Place): Promise<Record<string, string[]>> {
  const handle = openDatabase({ url: where.url, sqliteFile: where.sqliteFile, poolSize: 2 });
  try {
    const { rows: tables } =
      testDialect() === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and name not like 'sqlite_%' order by name`.execute(handle.db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = 'public' order by table_name`.execute(handle.db);
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        handle.db,
      );
      all[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return all;
  } finally {
    await handle.close();
  }
}

/**
 * The restored rows of the tables written once per item are rows of the site after the backup
 * (`after`). A news item written while the backup ran passes through the content platform's
 * steps (saved, approved, shelved), each its own transaction: the snapshot may hold it at an
 * earlier step. So a restored news row differs from the site's only for such an item (its title
 * begins with `loadTitle`), and the item is there.
 */
export function expectRestoredRows(
  restored: Record<string, string[]>,
  after: Record<string, string[]>,
  loadTitle: string,
): void {
  for (const table of ['stored_file', 'staff', 'news_file']) {
    for (const row of restored[table] ?? []) expect(after[table], table).toContain(row);
  }
  const now = new Map(
    (after.news ?? []).map((json) => [(JSON.parse(json) as { id: number }).id, json]),
  );
  for (const json of restored.news ?? []) {
    const row = JSON.parse(json) as { id: number; title: string };
    if (now.get(row.id) === json) continue;
    expect(now.has(row.id), `news ${row.id}`).toBe(true);
    expect(row.title.startsWith(loadTitle), `news ${row.id}: ${row.title}`).toBe(true);
  }
}

/** The storage keys the database of a place names. */
export async function storedKeys(where: Place): Promise<string[]> {
  const handle = openDatabase({ url: where.url, sqliteFile: where.sqliteFile, poolSize: 2 });
  try {
    const rows = await handle.db.selectFrom('storedFile').select('storageKey').execute();
    return rows.map((row) => row.storageKey).sort();
  } finally {
    await handle.close();
  }
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A public news item with a new file as its attachment, through the content platform. */
export async function newsWithFile(live: AppOn, title: string, bytes: Buffer): Promise<number> {
  const file = await live.services.files.save(
    { fileName: `${title}.txt`, mimeType: 'text/plain', createdBy: null },
    bytes,
  );
  await createNews(live.services, {
    typeId: 3,
    title,
    description: '备份测试',
    content: `<p>${title}</p>`,
    files: [{ role: 'attachment', fileId: file.id, fileName: `${title}.txt` }],
  });
  return file.id;
}
