import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  Blobs,
  backupBucketFiles,
  putChecked,
  SourceGone,
  type BucketFiles,
  type CopyCounts,
} from './bucket-files.js';
import { snapshotPostgres, snapshotSqlite, type SnapshotFacts } from './database-snapshot.js';
import {
  MANIFEST_FORMAT,
  completeSnapshots,
  dataFiles,
  hashFile,
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
  /** The site's bucket when its stored files are there (S3_BUCKET): files/ is read from it. */
  bucket?: BucketFiles;
}

export interface BackupResult {
  snapshot: string;
  files: number;
  /** Files whose bytes the target did not have yet, and their bytes. */
  copied: number;
  copiedBytes: number;
  /** Files whose bytes were read (the others' hashes came from the last manifest). */
  read: number;
  missing: string[];
}

/** 2026-03-02T08-00-00-000Z: sorts by time and is a valid folder and object name everywhere. */
export const snapshotName = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

/**
 * Runs `work` over `items`, `parallel` at a time. After a failure no new item starts, and the call
 * rejects only when the running ones have ended (so nothing is still writing while the caller
 * cleans up).
 */
export async function inParallel<T>(
  items: T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const ends = await Promise.allSettled(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (!failed && next < items.length) {
        try {
          await work(items[next++]!);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
  const failure = ends.find((end) => end.status === 'rejected');
  if (failure) throw failure.reason;
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
 * file's hash is read from the last manifest while its path, size and time are unchanged (in a
 * bucket, whose keys are never rewritten, while its key and size are: bucket-files.ts).
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

    const blobs = new Blobs(new Set(await target.list('blobs/')));
    const counts: CopyCounts = { copied: 0, copiedBytes: 0, read: 0 };
    const each = <T>(items: T[], work: (item: T) => Promise<void>) =>
      inParallel(items, options.parallel ?? 4, work);
    const files: ManifestFile[] = [];
    // A bucket site's files/ is its bucket; what its DATA_DIR may still hold there is not used.
    const local = (await dataFiles(options.dataDir)).filter(
      (entry) => !(options.bucket && entry.path.startsWith('files/')),
    );
    await each(local, async (entry) => {
      const stat = await fs.promises.stat(entry.file).catch(() => undefined);
      if (!stat) return; // deleted since the listing: not part of this snapshot
      const before = known.get(entry.path);
      const reuse = before && before.size === stat.size && before.mtimeMs === stat.mtimeMs;
      if (!reuse) counts.read++;
      const sha256 = reuse ? before.sha256 : await hashFile(entry.file).catch(() => undefined);
      if (!sha256) return;
      const open = () => fs.createReadStream(entry.file, { highWaterMark: 1024 * 1024 });
      try {
        const copy = () => putChecked(target, open, sha256, stat.size, entry.path);
        if (await blobs.ensure(sha256, copy)) {
          counts.copied++;
          counts.copiedBytes += stat.size;
        }
      } catch (err) {
        if (err instanceof SourceGone) return; // deleted meanwhile
        throw err;
      }
      files.push({ path: entry.path, sha256, size: stat.size, mtimeMs: stat.mtimeMs });
    });
    if (options.bucket) {
      files.push(
        ...(await backupBucketFiles({
          bucket: options.bucket,
          target,
          known,
          blobs,
          snapshot,
          counts,
          each,
        })),
      );
    }
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
    return { snapshot, files: files.length, ...counts, missing };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
