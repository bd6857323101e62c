import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { snapshotPostgres, snapshotSqlite, type SnapshotFacts } from './database-snapshot.js';
import {
  MANIFEST_FORMAT,
  blobKey,
  completeSnapshots,
  dataFiles,
  hashFile,
  hashing,
  manifestKey,
  readAll,
  type Manifest,
  type ManifestFile,
} from './manifest.js';
import type { BackupTarget } from './target.js';

export interface BackupOptions {
  dataDir: string;
  /** postgres://… or undefined: the SQLite file below. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  target: BackupTarget;
  /** The snapshot's time (its folder's name); now by default. */
  now?: Date;
  /** Files copied at once (an S3 target gains from a few in flight). */
  parallel?: number;
}

export interface BackupResult {
  snapshot: string;
  files: number;
  /** Files whose bytes the target did not have yet, and their bytes. */
  copied: number;
  copiedBytes: number;
  missing: string[];
}

/** 2026-03-02T08-00-00-000Z: sorts by time and is a valid folder and object name everywhere. */
export const snapshotName = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/** Runs `work` over `items`, `parallel` at a time. */
async function inParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function previousManifest(target: BackupTarget): Promise<Manifest | undefined> {
  const last = (await completeSnapshots((prefix) => target.list(prefix))).at(-1);
  if (!last) return undefined;
  return JSON.parse((await readAll(await target.get(manifestKey(last)))).toString()) as Manifest;
}

/**
 * One backup: the database's snapshot first, then every stored file, then the manifest. Files are
 * copied after the database snapshot, so every file it names that still exists is in the backup
 * (a file is stored before a row names it); one deleted in between is listed as missing.
 * Blobs are named by their SHA-256: a file the target already holds is not copied again, and a
 * file's hash is read from the last manifest while its path, size and time are unchanged.
 */
export async function runBackup(options: BackupOptions): Promise<BackupResult> {
  const { target } = options;
  const at = options.now ?? new Date();
  const snapshot = snapshotName(at);
  const previous = await previousManifest(target);
  const known = new Map(previous?.files.map((file) => [file.path, file]));
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'school-backup-'));
  try {
    const kind = options.databaseUrl ? 'postgres' : 'sqlite';
    const dbFile = path.join(work, kind === 'postgres' ? 'database.pgdump' : 'database.sqlite');
    const facts: SnapshotFacts = options.databaseUrl
      ? await snapshotPostgres(options.databaseUrl, dbFile)
      : await snapshotSqlite(options.sqliteFile, dbFile);
    const dbSha = await hashFile(dbFile);
    const dbSize = (await fs.promises.stat(dbFile)).size;
    const dbKey = `snapshots/${snapshot}/${path.basename(dbFile)}`;
    await target.put(dbKey, fs.createReadStream(dbFile), dbSize);

    const blobs = new Set(await target.list('blobs/'));
    const files: ManifestFile[] = [];
    let copied = 0;
    let copiedBytes = 0;
    await inParallel(await dataFiles(options.dataDir), options.parallel ?? 4, async (entry) => {
      const stat = await fs.promises.stat(entry.file).catch(() => undefined);
      if (!stat) return; // deleted since the listing: not part of this snapshot
      const before = known.get(entry.path);
      const sha256 =
        before && before.size === stat.size && before.mtimeMs === stat.mtimeMs
          ? before.sha256
          : await hashFile(entry.file).catch(() => undefined);
      if (!sha256) return;
      const key = blobKey(sha256);
      if (!blobs.has(key)) {
        blobs.add(key);
        const check = hashing();
        const source = Readable.from(
          (async function* () {
            yield* check.step(fs.createReadStream(entry.file, { highWaterMark: 1024 * 1024 }));
            // Thrown before the stream ends: the target never keeps bytes under a wrong hash.
            if (check.digest() !== sha256)
              throw new Error(`${entry.path} 在备份过程中被修改，请重新备份`);
          })(),
        );
        try {
          await target.put(key, source, stat.size);
        } catch (err) {
          blobs.delete(key);
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // deleted meanwhile
          throw err;
        }
        copied++;
        copiedBytes += stat.size;
      }
      files.push({ path: entry.path, sha256, size: stat.size, mtimeMs: stat.mtimeMs });
    });
    files.sort((a, b) => a.path.localeCompare(b.path));
    const have = new Set(files.map((file) => file.path));
    const missing = facts.storageKeys.filter((key) => !have.has(`files/${key}`)).sort();

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      app: 'school-portal',
      migration: facts.migration,
      createdAt: at.toISOString(),
      database: { kind, key: dbKey, sha256: dbSha, size: dbSize },
      files,
      missing,
    };
    const body = Buffer.from(JSON.stringify(manifest, null, 1));
    // Last: only a snapshot whose every part is in place has a manifest.
    await target.put(manifestKey(snapshot), Readable.from([body]), body.length);
    return { snapshot, files: files.length, copied, copiedBytes, missing };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
