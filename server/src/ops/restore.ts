import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileExists, postgresIsEmpty, restorePostgres } from './database-snapshot.js';
import {
  MANIFEST_FORMAT,
  blobKey,
  completeSnapshots,
  dataFiles,
  hashing,
  manifestKey,
  readAll,
  type Manifest,
  type ManifestFile,
} from './manifest.js';
import type { BackupTarget } from './target.js';
import { inParallel } from './backup.js';
import { storageKeyOf, type BucketFiles } from './bucket-files.js';

export interface RestoreOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  sqliteFile: string;
  target: BackupTarget;
  /** The snapshot (its folder's name); the newest complete one by default. */
  snapshot?: string;
  /** The newest migration this build has: a backup past it is refused. */
  latestMigration: string;
  /** The site's bucket when its stored files are there (S3_BUCKET): files/ is written to it. */
  bucket?: BucketFiles;
  /** Files written at once. */
  parallel?: number;
}

/** A refusal the command prints as it is (Chinese, for the administrator) and exits non-zero with. */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  snapshot: string;
  files: number;
  bytes: number;
  migration: string;
}

/** A key of the target, refused in Chinese when the backup lacks it. */
async function openKey(target: BackupTarget, key: string, what: string) {
  return target.get(key).catch((err: Error) => {
    throw new RestoreRefused(`备份缺少 ${what}（${key}）：备份不完整，无法恢复（${err.message}）`);
  });
}

/**
 * A key's bytes checked against their SHA-256 as they pass: thrown before the stream ends, so a
 * bucket never completes an object of damaged bytes.
 */
async function checkedBytes(target: BackupTarget, key: string, sha256: string, what: string) {
  const source = await openKey(target, key, what);
  const check = hashing();
  return Readable.from(
    (async function* () {
      yield* check.step(source);
      if (check.digest() !== sha256) {
        throw new RestoreRefused(`${what} 校验失败（SHA-256 不符，${key}）：备份已损坏，无法恢复`);
      }
    })(),
  );
}

/** Copies a key to a file, checking its SHA-256 as the bytes pass; the file appears only when right. */
async function fetchChecked(
  target: BackupTarget,
  key: string,
  sha256: string,
  file: string,
  what: string,
): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  const check = hashing();
  try {
    const source = await openKey(target, key, what);
    await pipeline(source, check.step, fs.createWriteStream(partial, { flags: 'wx', flush: true }));
    if (check.digest() !== sha256) {
      throw new RestoreRefused(`${what} 校验失败（SHA-256 不符，${key}）：备份已损坏，无法恢复`);
    }
    await fs.promises.rename(partial, file);
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
}

async function readManifest(target: BackupTarget, asked: string | undefined) {
  const complete = await completeSnapshots((prefix) => target.list(prefix));
  const snapshot = asked ?? complete.at(-1);
  if (!snapshot || !complete.includes(snapshot)) {
    throw new RestoreRefused(
      asked
        ? `${target.name} 中没有完整的备份 ${asked}（缺少 manifest.json；已有：${complete.join('，') || '无'}）`
        : `${target.name} 中没有完整的备份（没有带 manifest.json 的快照）`,
    );
  }
  const manifest = JSON.parse(
    (await readAll(await target.get(manifestKey(snapshot)))).toString(),
  ) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT || manifest.app !== 'school-portal') {
    throw new RestoreRefused(
      `备份 ${snapshot} 的格式（${manifest.format}）本程序不认识：请用生成它的版本恢复`,
    );
  }
  return { snapshot, manifest };
}

/**
 * Rebuilds an installation from a backup: into an empty DATA_DIR and an empty database only, so
 * nothing is ever overwritten. Files first, each checked against its hash as it is written, the
 * database last: a restore that stops part way leaves no database the app would start on.
 */
export async function runRestore(options: RestoreOptions): Promise<RestoreResult> {
  const { target } = options;
  const { snapshot, manifest } = await readManifest(target, options.snapshot);
  const kind = options.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== kind) {
    throw new RestoreRefused(
      manifest.database.kind === 'postgres'
        ? '这份备份的数据库是 PostgreSQL：请设置 DATABASE_URL 指向一个空的 PostgreSQL 数据库后再恢复'
        : '这份备份的数据库是 SQLite：请去掉 DATABASE_URL 后再恢复（数据库文件将写入 DATA_DIR）',
    );
  }
  if (manifest.migration > options.latestMigration) {
    throw new RestoreRefused(
      `这份备份来自更新的版本（数据库迁移到 ${manifest.migration}，本程序只到 ${options.latestMigration}）：请先升级程序再恢复`,
    );
  }
  const bucket = options.bucket;
  // A bucket site's files/ is its bucket: what its DATA_DIR may hold there is not in the way.
  const present = (await dataFiles(options.dataDir)).filter(
    (entry) => !(bucket && entry.path.startsWith('files/')),
  );
  if (present.length > 0 || (kind === 'sqlite' && (await fileExists(options.sqliteFile)))) {
    throw new RestoreRefused(
      `数据目录 ${options.dataDir} 不是空的（已有 ${present[0]?.path ?? path.basename(options.sqliteFile)} 等）：恢复只写入空的数据目录，请换一个空目录（DATA_DIR）或先移走其中的文件`,
    );
  }
  if (bucket) await refuseUnlessBucketFits(bucket, manifest);
  if (options.databaseUrl && !(await postgresIsEmpty(options.databaseUrl))) {
    throw new RestoreRefused(
      '数据库不是空的（已有数据表）：恢复只写入空数据库，请新建一个空的 PostgreSQL 数据库并让 DATABASE_URL 指向它',
    );
  }
  const blobs = new Set(await target.list('blobs/'));
  const lost = manifest.files.find((file) => !blobs.has(blobKey(file.sha256)));
  if (lost) {
    throw new RestoreRefused(
      `备份缺少 文件 ${lost.path}（${blobKey(lost.sha256)}）：备份不完整，无法恢复`,
    );
  }

  // Whatever this run wrote is removed again when it fails: a second try finds the places empty.
  const written: (() => Promise<void>)[] = [];
  try {
    await inParallel(manifest.files, options.parallel ?? 4, (file) =>
      restoreFile(file, options, written),
    );
    await restoreDatabase(manifest, kind, options);
  } catch (err) {
    for (const undo of written) await undo().catch(() => {});
    throw err;
  }
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  return { snapshot, files: manifest.files.length, bytes, migration: manifest.migration };
}

/** Refusals of a restore into a bucket, before anything is written. */
async function refuseUnlessBucketFits(bucket: BucketFiles, manifest: Manifest) {
  for await (const object of bucket.list()) {
    throw new RestoreRefused(
      `存储桶 ${bucket.location} 不是空的（已有 ${object.key} 等）：恢复只写入空的存储桶前缀，请换一个空的前缀（S3_PREFIX）或先移走其中的对象`,
    );
  }
  const odd = manifest.files.find(
    (file) => file.path.startsWith('files/') && !storageKeyOf(file.path.slice('files/'.length)),
  );
  if (odd) {
    throw new RestoreRefused(
      `备份中的文件 ${odd.path} 不是本程序的存储键，无法写入存储桶：请恢复到本地数据目录（不设 S3_BUCKET）`,
    );
  }
}

/** One file back in its place: the bucket (a bucket site's files/) or DATA_DIR. */
async function restoreFile(
  file: ManifestFile,
  options: RestoreOptions,
  written: (() => Promise<void>)[],
): Promise<void> {
  const what = `文件 ${file.path}`;
  const bucket = options.bucket;
  if (bucket && file.path.startsWith('files/')) {
    const key = file.path.slice('files/'.length);
    const source = await checkedBytes(options.target, blobKey(file.sha256), file.sha256, what);
    written.push(() => bucket.remove(key));
    await bucket.putAt(key, source);
    return;
  }
  const local = path.join(options.dataDir, ...file.path.split('/'));
  await fetchChecked(options.target, blobKey(file.sha256), file.sha256, local, what);
  written.push(() => fs.promises.rm(local, { force: true }));
}

async function restoreDatabase(manifest: Manifest, kind: string, options: RestoreOptions) {
  const { target } = options;
  const db = manifest.database;
  if (kind === 'sqlite') {
    await fetchChecked(target, db.key, db.sha256, options.sqliteFile, '数据库');
  } else {
    const dump = path.join(options.dataDir, `.restore-${randomUUID()}.pgdump`);
    try {
      await fetchChecked(target, db.key, db.sha256, dump, '数据库');
      await restorePostgres(options.databaseUrl!, dump);
    } finally {
      await fs.promises.rm(dump, { force: true });
    }
  }
}
