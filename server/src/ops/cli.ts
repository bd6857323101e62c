import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { latestMigration } from '../db/migrate.js';
import { runBackup } from './backup.js';
import { RestoreRefused, runRestore } from './restore.js';
import { FolderTarget, type BackupTarget } from './target.js';

/**
 * A folder path or s3://bucket/prefix as the target it names; the AWS SDK is loaded only for a
 * bucket.
 */
async function openTarget(location: string): Promise<BackupTarget> {
  if (/^s3:\/\//i.test(location)) {
    const { S3Target } = await import('./s3-target.js');
    return S3Target.fromUrl(location);
  }
  return new FolderTarget(path.resolve(location));
}

/**
 * `npm run backup -- --to <folder | s3://bucket/prefix>` and
 * `npm run restore -- --from <…> [--snapshot <name>]`, with the server's own settings
 * (DATA_DIR, DATABASE_URL) from the environment. Exit code 0 only when the work is whole.
 */
const USAGE = `用法:
  npm run backup -- --to <目录 或 s3://存储桶/前缀>
  npm run restore -- --from <目录 或 s3://存储桶/前缀> [--snapshot <快照名>]
数据目录与数据库取自 DATA_DIR 与 DATABASE_URL（与服务器相同）。`;

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
  // A site whose stored files are in a bucket has none in DATA_DIR: a backup would name them all
  // missing and a restore would put them where the site does not look. Refused until the
  // commands read and write them through the bucket.
  if (config.s3 && (command === 'backup' || command === 'restore')) {
    console.error(
      '暂不支持: 本站的文件保存在对象存储（S3_BUCKET）中，本命令只备份和恢复数据目录中的文件。' +
        '请用对象存储自身的版本或复制功能保护存储桶，数据库用 pg_dump 备份。',
    );
    return 1;
  }
  if (command === 'backup' && values.to) {
    const target = await openTarget(values.to);
    try {
      const result = await runBackup({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        sqliteFile,
        target,
      });
      console.log(
        `备份完成: ${target.name} 快照 ${result.snapshot}，文件 ${result.files} 个，` +
          `新复制 ${result.copied} 个（${sizeText(result.copiedBytes)}）`,
      );
      if (result.missing.length) {
        console.warn(
          `注意: 数据库记录的 ${result.missing.length} 个文件在数据目录中找不到` +
            '（多为备份数据库之后被删除，也可能此前已丢失；清单见 manifest.json 的 missing）',
        );
      }
      return 0;
    } finally {
      await target.close();
    }
  }
  if (command === 'restore' && values.from) {
    const target = await openTarget(values.from);
    try {
      const result = await runRestore({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        sqliteFile,
        target,
        snapshot: values.snapshot,
        latestMigration: latestMigration(config.databaseUrl ? 'postgres' : 'sqlite'),
      });
      console.log(
        `恢复完成: 快照 ${result.snapshot}（迁移 ${result.migration}），文件 ${result.files} 个` +
          `（${sizeText(result.bytes)}，均已校验）。现在可以用 npm start 启动。`,
      );
      return 0;
    } finally {
      await target.close();
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof RestoreRefused) console.error(`恢复被拒绝: ${message}`);
    else if (err instanceof ConfigError) console.error(`配置错误: ${message}`);
    else if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`参数有误（${message}）\n${USAGE}`);
    } else console.error(`失败: ${message}`);
    process.exit(1);
  },
);
