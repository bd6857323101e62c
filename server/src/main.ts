import './production.js';
import { buildApp, createServices } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { prepareDatabase } from './seed/index.js';
import { loadWebBuild } from './web/pages.js';
import { precompressAssets } from './web/precompress.js';

async function main() {
  const config = loadConfig();
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
  });
  await migrateToLatest(db, dialect);
  const services = createServices({ config, db, dialect });
  const seeded = await prepareDatabase(db, config, services);

  const web = await loadWebBuild(config.webBuildDir);
  if (web) await precompressAssets(web.clientDir);
  const app = await buildApp({ config, db, dialect, services, web });
  if (!web)
    app.log.warn(
      `no page build in ${config.webBuildDir}: run "npm run build"; serving the API only`,
    );

  if (!config.sofficePath)
    app.log.warn(
      'LibreOffice (soffice) not found: office files are not previewed (暂不支持预览，请下载); ' +
        'install libreoffice-writer-nogui, -calc-nogui, -impress-nogui or set SOFFICE_PATH',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  学校门户网站已启动: http://${shown}:${config.port}/index`,
    `  数据库: ${dialect === 'sqlite' ? `${config.dataDir}/portal.sqlite` : 'PostgreSQL'}`,
  ];
  if (seeded.demoLogins.length) {
    lines.push('  演示账号 (demo logins):');
    for (const login of seeded.demoLogins) lines.push(`    ${login}`);
    if (config.demoPasswordIsDefault) {
      lines.push(
        '  警告: 演示密码为公开的默认值，正式使用前请设置 DEMO_PASSWORD 或关闭 SEED_DEMO。',
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(`配置错误 (configuration error): ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
