import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.js';
import { latestMigration } from '../db/migrate.js';
import { runBackup } from './backup.js';
import type { BucketFiles } from './bucket-files.js';
import { RestoreRefused, runRestore } from './restore.js';
import { FolderTarget, type BackupTarget } from './target.js';
import { runCommand } from './run-command.js';

/**
 * A folder path or s3://bucket/prefix as the target it names (reached as targetClientConfig()
 * says); the AWS SDK is loaded only for a bucket.
 */
async function openTarget(location: string, config: Config): Promise<BackupTarget> {
  if (/^s3:\/\//i.test(location)) {
    const { S3Target, targetClientConfig } = await import('./s3-target.js');
    return S3Target.fromUrl(location, targetClientConfig(process.env, config.s3).config);
  }
  return new FolderTarget(path.resolve(location));
}

/** The site's bucket when its stored files are there (S3_BUCKET), for `work`; closed after. */
async function withBucket<T>(config: Config, work: (bucket?: BucketFiles) => Promise<T>) {
  if (!config.s3) return work(undefined);
  const { S3Storage } = await import('../platform/files/s3-storage.js');
  const bucket = new S3Storage(config.s3);
  try {
    return await work(bucket);
  } finally {
    bucket.close();
  }
}

/** `work` with the backup target `location` names and the site's bucket, both closed after. */
async function onTarget<T>(
  location: string,
  config: Config,
  work: (target: BackupTarget, bucket?: BucketFiles) => Promise<T>,
): Promise<T> {
  const target = await openTarget(location, config);
  try {
    return await withBucket(config, (bucket) => work(target, bucket));
  } finally {
    await target.close();
  }
}

/**
 * `npm run backup -- --to <folder | s3://bucket/prefix>` and
 * `npm run restore -- --from <…> [--snapshot <name>]`, with the server's own settings
 * (DATA_DIR, DATABASE_URL, S3_*) from the environment. Exit code 0 only when the work is whole.
 */
const USAGE = `用法:
  npm run backup -- --to <目录 或 s3://存储桶/前缀>
  npm run restore -- --from <目录 或 s3://存储桶/前缀> [--snapshot <快照名>]
数据目录、数据库与存储桶取自 DATA_DIR、DATABASE_URL 与 S3_*（与服务器相同）；
s3:// 备份位置用 BACKUP_S3_*（未设置时用 S3_*）连接。`;

const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(2)} GiB`
    : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      snapshot: { type: 'string' },
    },
    strict: true,
  });
  const config = loadConfig();
  const sqliteFile = path.join(config.dataDir, 'portal.sqlite');
  const started = Date.now();
  const seconds = () => `用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`;
  const site = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, sqliteFile };
  if (command === 'backup' && values.to) {
    return onTarget(values.to, config, async (target, bucket) => {
      const result = await runBackup({ ...site, target, bucket });
      console.log(
        `备份完成: ${target.name} 快照 ${result.snapshot}，文件 ${result.files} 个，` +
          `新复制 ${result.copied} 个（${sizeText(result.copiedBytes)}），${seconds()}`,
      );
      if (result.missing.length) {
        const where = config.s3 ? `存储桶 ${config.s3.bucket}` : '数据目录';
        console.warn(
          `注意: 数据库记录的 ${result.missing.length} 个文件在${where}中找不到` +
            '（多为备份数据库之后被删除，也可能此前已丢失；清单见 manifest.json 的 missing）',
        );
      }
      return 0;
    });
  }
  if (command === 'restore' && values.from) {
    return onTarget(values.from, config, async (target, bucket) => {
      const result = await runRestore({
        ...site,
        target,
        snapshot: values.snapshot,
        latestMigration: latestMigration(config.databaseUrl ? 'postgres' : 'sqlite'),
        bucket,
      });
      const into = config.s3 ? `，存储的文件写入 s3://${config.s3.bucket}/${config.s3.prefix}` : '';
      console.log(
        `恢复完成: 快照 ${result.snapshot}（迁移 ${result.migration}），文件 ${result.files} 个` +
          `（${sizeText(result.bytes)}，均已校验${into}），${seconds()}。现在可以用 npm start 启动。`,
      );
      return 0;
    });
  }
  console.error(USAGE);
  return 2;
}

runCommand(() => main(process.argv.slice(2)), {
  usage: USAGE,
  known: [[RestoreRefused, '恢复被拒绝']],
  otherwise: '失败',
});
