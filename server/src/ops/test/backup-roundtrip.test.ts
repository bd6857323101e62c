import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { latestMigration } from '../../db/migrate.js';
import { testDialect } from '../../test-kit/database.js';
import { expectOk, login, postForm } from '../../test-kit/http.js';
import { runBackup, type BackupResult } from '../backup.js';
import { blobKey, dataFiles, manifestKey, readAll, type Manifest } from '../manifest.js';
import { RestoreRefused, runRestore } from '../restore.js';
import { S3Target } from '../s3-target.js';
import { FolderTarget, type BackupTarget } from '../target.js';
import { createNews } from '../../test-kit/factories.js';
import { startAppOn, type AppOn } from './app-on.js';
import {
  ADMIN,
  expectRestoredRows,
  FTS_SHADOW,
  newsWithFile as newsWithFileOn,
  place,
  sha256,
  tableRows,
  type Place,
} from './fixture.js';

/**
 * Backup and restore (issue 21): a site with content and files is backed up while it takes
 * writes, restored into an empty folder and database, and started; tables, rows and every file's
 * hash are compared with the site. To a folder, and to an S3 bucket of an S3-protocol server run
 * here (s3rver: an npm package, so `npm test` needs nothing beyond npm ci).
 */
const dialect = testDialect();

const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Every backed-up file of a DATA_DIR by its path, with its bytes' hash. */
async function fileHashes(dataDir: string): Promise<Map<string, string>> {
  return new Map((await dataFiles(dataDir)).map((entry) => [entry.path, sha(entry.file)]));
}

async function manifestOf(target: BackupTarget, snapshot: string): Promise<Manifest> {
  return JSON.parse(
    (await readAll(await target.get(manifestKey(snapshot)))).toString(),
  ) as Manifest;
}

describe.each(['folder', 's3'] as const)('backup and restore to a %s', (kind) => {
  let site: Place;
  let live: AppOn;
  let s3: S3rver | undefined;
  let target: BackupTarget;
  const cleanups: (() => Promise<void>)[] = [];
  const restoreOptions = (into: Place) => ({
    dataDir: into.dataDir,
    databaseUrl: into.url,
    sqliteFile: into.sqliteFile,
    target,
    latestMigration: latestMigration(dialect),
  });
  const backupNow = (at: Date) =>
    runBackup({
      dataDir: site.dataDir,
      databaseUrl: site.url,
      sqliteFile: site.sqliteFile,
      target,
      now: at,
    });

  const newsWithFile = (title: string, bytes: Buffer) => newsWithFileOn(live, title, bytes);

  beforeAll(async () => {
    site = await place();
    if (kind === 'folder') {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'school-backup-target-'));
      cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
      target = new FolderTarget(folder);
    } else {
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'school-s3rver-'));
      cleanups.push(async () => fs.rmSync(directory, { recursive: true, force: true }));
      s3 = new S3rver({
        port: 0, // any free port: no clash with another run
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: 'school-backups', configs: [] }],
      });
      const { port } = await s3.run();
      target = S3Target.fromUrl('s3://school-backups/nightly/', {
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
    }
    live = await startAppOn({
      ...site,
      env: { ADMIN_CODE: ADMIN.code, ADMIN_PASSWORD: ADMIN.password },
    });
    for (let i = 0; i < 6; i++) await newsWithFile(`备份前的新闻${i}`, randomBytes(2000 + i));
    // Larger than one part of a multipart upload (8 MiB): S3 gets it in parts.
    await newsWithFile('大文件', randomBytes(9 * 1024 * 1024));
    // The same bytes twice: one blob in the backup.
    const twice = randomBytes(3000);
    await newsWithFile('相同内容一', twice);
    await newsWithFile('相同内容二', twice);
    // The old site's files (served from DATA_DIR/upload) are part of an installation too.
    fs.mkdirSync(path.join(site.dataDir, 'upload', 'legacy'), { recursive: true });
    fs.writeFileSync(path.join(site.dataDir, 'upload', 'legacy', '旧文件.doc'), randomBytes(500));
  });

  afterAll(async () => {
    await live?.close();
    await site?.drop();
    await target?.close();
    await s3?.close();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  let underLoad: BackupResult;
  let quiet: BackupResult;
  let restored: Place;

  it('backs up while the site takes writes, and restores a consistent installation', async () => {
    const before = await tableRows(site);
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) await newsWithFile(`备份时写入的新闻${written++}`, randomBytes(1500));
    })();
    try {
      underLoad = await backupNow(new Date('2026-03-02T08:00:00.000Z'));
    } finally {
      writing = false;
      await load;
    }
    expect(written).toBeGreaterThan(0);
    const after = await tableRows(site);
    const liveFiles = await fileHashes(site.dataDir);

    restored = await place();
    cleanups.push(() => restored.drop());
    const result = await runRestore(restoreOptions(restored));
    expect(result.snapshot).toBe(underLoad.snapshot);
    expect(underLoad.missing).toEqual([]);

    // Each table holds at least what was there before the backup and at most what was there after.
    const rows = await tableRows(restored);
    expect(Object.keys(rows)).toEqual(Object.keys(before));
    for (const [table, kept] of Object.entries(rows)) {
      // SQLite FTS5's shadow tables (search_listed_data …) hold index segments that merge:
      // their row counts go down as well as up.
      if (FTS_SHADOW.test(table)) continue;
      expect(kept.length, table).toBeGreaterThanOrEqual(before[table]!.length);
      expect(kept.length, table).toBeLessThanOrEqual(after[table]!.length);
    }
    // Rows are those of the site, written under load or not (news perhaps at an earlier step).
    expectRestoredRows(rows, after, '备份时写入的新闻');
    // Every file the restored database names is there, with the site's bytes.
    const restoredFiles = await fileHashes(restored.dataDir);
    const handle = openDatabase({ url: restored.url, sqliteFile: restored.sqliteFile });
    try {
      const keys = await handle.db.selectFrom('storedFile').select('storageKey').execute();
      expect(keys.length).toBeGreaterThanOrEqual(8);
      for (const { storageKey } of keys) {
        expect(restoredFiles.get(`files/${storageKey}`), storageKey).toBe(
          liveFiles.get(`files/${storageKey}`),
        );
      }
    } finally {
      await handle.close();
    }
    for (const [file, hash] of restoredFiles) expect(liveFiles.get(file), file).toBe(hash);
    expect(restoredFiles.get('upload/legacy/旧文件.doc')).toBe(
      liveFiles.get('upload/legacy/旧文件.doc'),
    );
  });

  it('a quiet backup restores every table, row and file exactly; the next copies nothing', async () => {
    quiet = await backupNow(new Date('2026-03-02T09:00:00.000Z'));
    const again = await backupNow(new Date('2026-03-02T10:00:00.000Z'));
    expect(quiet.copied).toBeLessThan(quiet.files);
    expect(again.copied).toBe(0);
    expect(again.files).toBe(quiet.files);
    // One blob per distinct content: the two news with the same bytes share one.
    const manifest = await manifestOf(target, again.snapshot);
    const distinct = new Set(manifest.files.map((file) => file.sha256));
    expect(distinct.size).toBe(manifest.files.length - 1);
    expect(await target.list('blobs/')).toEqual([...distinct].map(blobKey).sort());
    expect(manifest).toMatchObject({ format: 1, migration: latestMigration(dialect) });
    expect(manifest.database.kind).toBe(dialect);

    const fresh = await place();
    cleanups.push(() => fresh.drop());
    await runRestore({ ...restoreOptions(fresh), snapshot: quiet.snapshot });
    expect(await tableRows(fresh)).toEqual(await tableRows(site));
    expect(await fileHashes(fresh.dataDir)).toEqual(await fileHashes(site.dataDir));

    // The app starts on it: the administrator logs in, the news list and a file are served.
    const served = await startAppOn(fresh);
    try {
      const token = await login(served.app, ADMIN);
      expect(token).toBeTruthy();
      const list = expectOk<{ total: number; list: { newId: number; newsTitle: string }[] }>(
        await postForm(served.app, '/api/news/getNewsList', { typeId: 3, enableType: 1 }),
      );
      expect(list.total).toBe(
        (await tableRows(site)).news!.length, // every news item of the fixture is public
      );
      const detail = expectOk<{ fileList: { fileId: number; fileName: string }[] }>(
        await postForm(served.app, '/api/news/getNewsDetails', { newId: list.list[0]!.newId }),
      );
      const file = detail.fileList[0]!;
      const download = await served.app.inject({ url: `/api/files/${file.fileId}` });
      expect(download.statusCode).toBe(200);
      const stored = await live.handle.db
        .selectFrom('storedFile')
        .select('storageKey')
        .where('id', '=', file.fileId)
        .executeTakeFirstOrThrow();
      expect(sha256(download.rawPayload)).toBe(
        sha(path.join(site.dataDir, 'files', stored.storageKey)),
      );
      // And takes new writes: ids go on after the restored ones (PostgreSQL's sequences too).
      const next = await createNews(served.services, {
        typeId: 3,
        title: '恢复后的新闻',
        description: '',
        content: '<p>恢复后</p>',
      });
      expect(next).toBeGreaterThan(Math.max(...list.list.map((item) => item.newId)));
    } finally {
      await served.close();
    }
  });

  it('refuses a folder or database that is not empty, in Chinese, and leaves them alone', async () => {
    // `restored` now holds the first restore.
    await expect(runRestore(restoreOptions(restored))).rejects.toThrow(RestoreRefused);
    await expect(runRestore(restoreOptions(restored))).rejects.toThrow(
      /数据目录 .* 不是空的.*恢复只写入空的数据目录/,
    );
    if (dialect === 'postgres') {
      const emptyFolder = await place();
      cleanups.push(() => emptyFolder.drop());
      await expect(
        runRestore({ ...restoreOptions(emptyFolder), databaseUrl: restored.url }),
      ).rejects.toThrow(/数据库不是空的/);
      expect(await dataFiles(emptyFolder.dataDir)).toEqual([]);
    }
    const older = await place();
    cleanups.push(() => older.drop());
    await expect(
      runRestore({ ...restoreOptions(older), latestMigration: '0001_core' }),
    ).rejects.toThrow(/来自更新的版本.*请先升级程序/);
  });

  it('passes over a snapshot without a manifest and refuses a blob whose bytes changed', async () => {
    // A backup that stopped before its manifest: a newer folder with only its database.
    const stopped = 'snapshots/2026-03-02T11-00-00-000Z/database.sqlite';
    await target.put(stopped, Readable.from([Buffer.from('partial')]), 7);
    const fresh = await place();
    cleanups.push(() => fresh.drop());
    const manifest = await manifestOf(target, '2026-03-02T10-00-00-000Z');
    const victim = manifest.files.find((file) => file.path.startsWith('files/'))!;
    await target.put(blobKey(victim.sha256), Readable.from([Buffer.from('damaged')]), 7);
    await expect(runRestore(restoreOptions(fresh))).rejects.toThrow(
      new RegExp(`文件 ${victim.path} 校验失败.*备份已损坏`),
    );
    // The damaged file was not written.
    expect(fs.existsSync(path.join(fresh.dataDir, ...victim.path.split('/')))).toBe(false);
  });
});
