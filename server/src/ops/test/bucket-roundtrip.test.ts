import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { latestMigration } from '../../db/migrate.js';
import { S3Storage, type S3Settings } from '../../platform/files/s3-storage.js';
import { testDialect } from '../../test-kit/database.js';
import { expectOk, login, postForm } from '../../test-kit/http.js';
import { startTestS3, type TestS3 } from '../../test-kit/s3.js';
import { runBackup, type BackupResult } from '../backup.js';
import type { BucketFiles } from '../bucket-files.js';
import { postgresIsEmpty } from '../database-snapshot.js';
import { blobKey, dataFiles, manifestKey, readAll, type Manifest } from '../manifest.js';
import { RestoreRefused, runRestore } from '../restore.js';
import { S3Target, targetClientConfig } from '../s3-target.js';
import { FolderTarget, type BackupTarget } from '../target.js';
import { startAppOn, type AppOn } from './app-on.js';
import {
  ADMIN,
  expectRestoredRows,
  FTS_SHADOW,
  newsWithFile,
  place,
  sha256,
  storedKeys,
  tableRows,
  type Place,
} from './fixture.js';

/**
 * Backup and restore of a site whose stored files are in an S3 bucket (S3_BUCKET, S3_PREFIX),
 * to a folder and to another bucket of the same S3-protocol server (s3rver), reached with the
 * site's own S3_* settings. The site takes writes during the backup; the restore goes into an
 * empty database and an empty prefix of the bucket, and the app is started on it.
 */
const dialect = testDialect();

describe.each(['folder', 's3'] as const)('a site whose files are in a bucket, to a %s', (kind) => {
  let s3: TestS3;
  let site: Place;
  let live: AppOn;
  let target: BackupTarget;
  let settings: S3Settings;
  const cleanups: (() => Promise<void>)[] = [];
  /** The site's bucket under another prefix (another school's place in it). */
  const bucketAt = (prefix: string) => {
    const storage = new S3Storage({ ...settings, prefix: `${prefix}/` });
    cleanups.push(async () => storage.close());
    return storage;
  };
  const siteEnv = (prefix: string) => ({ ...s3.env, S3_PREFIX: prefix });
  let siteBucket: S3Storage;

  /** Every object of a prefix by key, with its bytes' hash. */
  async function bucketHashes(storage: S3Storage): Promise<Map<string, string>> {
    const hashes = new Map<string, string>();
    for await (const { key } of storage.list()) {
      hashes.set(key, sha256(await readAll(storage.read(key))));
    }
    return hashes;
  }

  const backupNow = (at: Date) =>
    runBackup({
      dataDir: site.dataDir,
      databaseUrl: site.url,
      sqliteFile: site.sqliteFile,
      target,
      bucket: siteBucket,
      now: at,
    });
  const restoreInto = (into: Place, bucket: S3Storage | undefined, snapshot?: string) =>
    runRestore({
      dataDir: into.dataDir,
      databaseUrl: into.url,
      sqliteFile: into.sqliteFile,
      target,
      snapshot,
      latestMigration: latestMigration(dialect),
      bucket,
    });
  const fresh = async () => {
    const where = await place();
    cleanups.push(() => where.drop());
    return where;
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    settings = loadConfig(siteEnv('school-a')).s3!;
    siteBucket = bucketAt('school-a');
    if (kind === 'folder') {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-backup-target-'));
      cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
      target = new FolderTarget(folder);
    } else {
      const client = new S3Client(targetClientConfig({}, settings).config);
      await client.send(new CreateBucketCommand({ Bucket: 'school-backups' }));
      client.destroy();
      // No BACKUP_S3_*: the target is reached with the site's own S3_* settings.
      target = S3Target.fromUrl(
        's3://school-backups/nightly/',
        targetClientConfig({}, settings).config,
      );
    }
    site = await place();
    live = await startAppOn({
      ...site,
      env: { ADMIN_CODE: ADMIN.code, ADMIN_PASSWORD: ADMIN.password, ...siteEnv('school-a') },
    });
    for (let i = 0; i < 5; i++) await newsWithFile(live, `桶内新闻${i}`, randomBytes(2000 + i));
    // Past one part of the bucket's and the target's multipart uploads.
    await newsWithFile(live, '大文件', randomBytes(9 * 1024 * 1024));
    const twice = randomBytes(3000);
    await newsWithFile(live, '相同内容一', twice);
    await newsWithFile(live, '相同内容二', twice);
    // The old site's files stay in DATA_DIR/upload on a bucket site too.
    fs.mkdirSync(path.join(site.dataDir, 'upload', 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(site.dataDir, 'upload', 'legacy', '旧文件.doc'), randomBytes(500));
  });

  afterAll(async () => {
    await live?.close();
    await site?.drop();
    await target?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
    await s3?.close();
  });

  let underLoad: BackupResult;
  let quiet: BackupResult;

  it('backs up under writes and restores into an empty database and an empty prefix', async () => {
    const before = await tableRows(site);
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) await newsWithFile(live, `备份时写入${written++}`, randomBytes(1500));
    })();
    try {
      underLoad = await backupNow(new Date('2026-03-02T08:00:00.000Z'));
    } finally {
      writing = false;
      await load;
    }
    expect(written).toBeGreaterThan(0);
    expect(underLoad.missing).toEqual([]);
    // Every file was new: read once from the bucket, one blob per distinct content.
    expect(underLoad.read).toBe(underLoad.files);
    expect(underLoad.copied).toBe(underLoad.files - 1);
    const after = await tableRows(site);
    const liveFiles = await bucketHashes(siteBucket);
    // Nothing of the bucket's files went through the site's DATA_DIR.
    expect((await dataFiles(site.dataDir)).map((entry) => entry.path)).toEqual([
      'upload/legacy/旧文件.doc',
    ]);

    const restored = await fresh();
    const restoredBucket = bucketAt('school-b');
    const result = await restoreInto(restored, restoredBucket);
    expect(result).toMatchObject({ snapshot: underLoad.snapshot, files: underLoad.files });

    const rows = await tableRows(restored);
    expect(Object.keys(rows)).toEqual(Object.keys(before));
    for (const [table, kept] of Object.entries(rows)) {
      // SQLite FTS5's shadow tables hold index segments that merge (see backup-roundtrip).
      if (FTS_SHADOW.test(table)) continue;
      expect(kept.length, table).toBeGreaterThanOrEqual(before[table]!.length);
      expect(kept.length, table).toBeLessThanOrEqual(after[table]!.length);
    }
    expectRestoredRows(rows, after, '备份时写入');
    // Every key the restored database names is in the new prefix with the site's bytes.
    const restoredFiles = await bucketHashes(restoredBucket);
    const keys = await storedKeys(restored);
    expect(keys.length).toBeGreaterThanOrEqual(8);
    for (const key of keys) expect(restoredFiles.get(key), key).toBe(liveFiles.get(key));
    for (const [key, hash] of restoredFiles) expect(liveFiles.get(key), key).toBe(hash);
    // The old site's file went to DATA_DIR, the stored ones only to the bucket.
    expect((await dataFiles(restored.dataDir)).map((entry) => entry.path)).toEqual([
      'upload/legacy/旧文件.doc',
    ]);
  });

  it('a quiet backup restores every row and file exactly; the next reads and copies nothing', async () => {
    quiet = await backupNow(new Date('2026-03-02T09:00:00.000Z'));
    // Only the files written under load after the first backup's listing are read.
    expect(quiet.read).toBeLessThan(quiet.files);
    const again = await backupNow(new Date('2026-03-02T10:00:00.000Z'));
    expect(again).toMatchObject({ files: quiet.files, copied: 0, copiedBytes: 0, read: 0 });
    const manifest = JSON.parse(
      (await readAll(await target.get(manifestKey(again.snapshot)))).toString(),
    ) as Manifest;
    const distinct = new Set(manifest.files.map((file) => file.sha256));
    expect(distinct.size).toBe(manifest.files.length - 1);
    expect(await target.list('blobs/')).toEqual([...distinct].map(blobKey).sort());
    // No temporary object of a copy is left behind.
    expect(await target.list('incoming/')).toEqual([]);

    const copy = await fresh();
    const copyBucket = bucketAt('school-c');
    await restoreInto(copy, copyBucket, quiet.snapshot);
    expect(await tableRows(copy)).toEqual(await tableRows(site));
    expect(await bucketHashes(copyBucket)).toEqual(await bucketHashes(siteBucket));

    // The app starts on it with its files in the new prefix: login, news list, a file served.
    const served = await startAppOn({ ...copy, env: siteEnv('school-c') });
    try {
      expect(await login(served.app, ADMIN)).toBeTruthy();
      const list = expectOk<{ total: number; list: { newId: number }[] }>(
        await postForm(served.app, '/api/news/getNewsList', { typeId: 3, enableType: 1 }),
      );
      expect(list.total).toBe((await tableRows(site)).news!.length);
      const detail = expectOk<{ fileList: { fileId: number }[] }>(
        await postForm(served.app, '/api/news/getNewsDetails', { newId: list.list[0]!.newId }),
      );
      const fileId = detail.fileList[0]!.fileId;
      const download = await served.app.inject({ url: `/api/files/${fileId}` });
      expect(download.statusCode).toBe(200);
      const stored = await live.handle.db
        .selectFrom('storedFile')
        .select('storageKey')
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      expect(sha256(download.rawPayload)).toBe(
        sha256(await readAll(siteBucket.read(stored.storageKey))),
      );
    } finally {
      await served.close();
    }
    // Two whole backups and a restore: minutes when the machine runs other suites beside.
  }, 180_000);

  it('leaves out a file deleted between the listing and its copy', async () => {
    const ghost = `ab/${randomUUID()}.txt`;
    // The site's bucket as listed a moment before `ghost` was deleted.
    const listedEarlier: BucketFiles = {
      location: siteBucket.location,
      list: async function* () {
        yield* siteBucket.list();
        yield { key: ghost, size: 10, mtimeMs: Date.now() };
      },
      read: (key) => siteBucket.read(key),
      putAt: (key, source) => siteBucket.putAt(key, source),
      remove: (key) => siteBucket.remove(key),
    };
    const result = await runBackup({
      dataDir: site.dataDir,
      databaseUrl: site.url,
      sqliteFile: site.sqliteFile,
      target,
      bucket: listedEarlier,
      now: new Date('2026-03-02T11:00:00.000Z'),
    });
    expect(result).toMatchObject({ files: quiet.files, read: 1, copied: 0, missing: [] });
    const manifest = JSON.parse(
      (await readAll(await target.get(manifestKey(result.snapshot)))).toString(),
    ) as Manifest;
    expect(manifest.files.map((file) => file.path)).not.toContain(`files/${ghost}`);
    expect(await target.list('incoming/')).toEqual([]);
  });

  it('refuses a bucket prefix that is not empty, in Chinese, before writing anything', async () => {
    const into = await fresh();
    const objects = (await s3.keys()).length;
    const attempt = restoreInto(into, siteBucket);
    await expect(attempt).rejects.toThrow(RestoreRefused);
    await expect(restoreInto(into, siteBucket)).rejects.toThrow(
      /存储桶 s3:\/\/school-files\/school-a\/ 不是空的.*恢复只写入空的存储桶前缀/,
    );
    expect((await s3.keys()).length).toBe(objects);
    expect(await dataFiles(into.dataDir)).toEqual([]);
    if (into.url) expect(await postgresIsEmpty(into.url)).toBe(true);
    else expect(fs.existsSync(into.sqliteFile)).toBe(false);
  });

  it('restores a bucket backup into a site on local disk too', async () => {
    const disk = await fresh();
    await restoreInto(disk, undefined, quiet.snapshot);
    const onDisk = new Map(
      (await dataFiles(disk.dataDir))
        .filter((entry) => entry.path.startsWith('files/'))
        .map((entry) => [entry.path.slice('files/'.length), sha256(fs.readFileSync(entry.file))]),
    );
    expect(onDisk).toEqual(await bucketHashes(siteBucket));
  });

  it('a damaged blob stops the restore and leaves the prefix and database empty', async () => {
    const manifest = JSON.parse(
      (await readAll(await target.get(manifestKey(quiet.snapshot)))).toString(),
    ) as Manifest;
    // The last file written whose bytes no other file shares: the others are in the bucket by
    // the time it fails.
    const victim = manifest.files
      .filter((file) => file.path.startsWith('files/'))
      .filter((file, _, all) => all.filter((other) => other.sha256 === file.sha256).length === 1)
      .at(-1)!;
    await target.put(blobKey(victim.sha256), Readable.from([Buffer.from('damaged')]), 7);
    const into = await fresh();
    const intoBucket = bucketAt('school-d');
    await expect(restoreInto(into, intoBucket, quiet.snapshot)).rejects.toThrow(
      new RegExp(`文件 ${victim.path} 校验失败.*备份已损坏`),
    );
    expect(await bucketHashes(intoBucket)).toEqual(new Map());
    expect(await dataFiles(into.dataDir)).toEqual([]);
    if (into.url) expect(await postgresIsEmpty(into.url)).toBe(true);
    else expect(fs.existsSync(into.sqliteFile)).toBe(false);
  });
});

describe('how a backup bucket is reached: BACKUP_S3_*, else the site’s S3_*, else the AWS SDK’s', () => {
  const site: S3Settings = {
    bucket: 'school-files',
    prefix: 'school-a/',
    endpoint: 'http://minio.school:9000',
    region: 'cn-east-1',
    accessKeyId: 'site-key',
    secretAccessKey: 'site-secret',
    forcePathStyle: true,
  };

  it('takes BACKUP_S3_* as one group when any is set, never mixed with the site’s', () => {
    const { from, config } = targetClientConfig(
      {
        BACKUP_S3_ENDPOINT: 'https://oss.example.cn',
        BACKUP_S3_ACCESS_KEY_ID: 'backup-key',
        BACKUP_S3_SECRET_ACCESS_KEY: 'backup-secret',
      },
      site,
    );
    expect(from).toBe('BACKUP_S3_*');
    expect(config).toMatchObject({
      endpoint: 'https://oss.example.cn',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'backup-key', secretAccessKey: 'backup-secret' },
    });
    // Only the path style given: the SDK's own chain for the rest, not the site's keys.
    const only = targetClientConfig({ BACKUP_S3_FORCE_PATH_STYLE: 'false' }, site);
    expect(only.config).toMatchObject({ forcePathStyle: false, credentials: undefined });
    expect(only.config.endpoint).toBeUndefined();
  });

  it('falls back to the site’s bucket settings, then to the AWS SDK’s own', () => {
    expect(targetClientConfig({}, site)).toMatchObject({
      from: 'S3_*',
      config: {
        endpoint: 'http://minio.school:9000',
        region: 'cn-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'site-key', secretAccessKey: 'site-secret' },
      },
    });
    expect(
      targetClientConfig(
        { AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_S3: 'http://s3.local' },
        undefined,
      ),
    ).toEqual({ from: 'AWS_*', config: { region: 'eu-west-1', forcePathStyle: true } });
  });

  it('refuses half a key pair or an address without http(s), in Chinese', () => {
    expect(() => targetClientConfig({ BACKUP_S3_ACCESS_KEY_ID: 'k' }, site)).toThrow(
      /BACKUP_S3_ACCESS_KEY_ID 与 BACKUP_S3_SECRET_ACCESS_KEY 须同时设置/,
    );
    expect(() => targetClientConfig({ BACKUP_S3_ENDPOINT: 'oss.example.cn' }, site)).toThrow(
      /BACKUP_S3_ENDPOINT 应以 http:\/\/ 或 https:\/\/ 开头/,
    );
  });
});
