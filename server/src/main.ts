import './production.js';
import cluster from 'node:cluster';
import { buildApp, createServices } from './app.js';
import { relayBus } from './cluster/bus.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { serveClusterMetrics } from './observability/cluster-metrics.js';
import { prepareDatabase } from './seed/index.js';
import { loadWebBuild } from './web/pages.js';
import { precompressAssets } from './web/precompress.js';

/** A worker that dies sooner than this after its start counts towards giving up. */
const EARLY_DEATH_MS = 10_000;
/** This many early deaths in a row: the workers cannot start (a bad build, a port): stop. */
const MAX_EARLY_DEATHS = 5;
/** How long the workers have to finish their requests at shutdown. */
const STOP_GRACE_MS = 30_000;

/**
 * Gets the database and the build ready once: migrations, the first boot's seeding, the
 * compressed copies of the built assets. The primary does this before any worker starts.
 */
async function prepare(config: Config) {
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
  });
  try {
    await migrateToLatest(db, dialect);
    const services = createServices({ config, db, dialect });
    const seeded = await prepareDatabase(db, config, services);
    const web = await loadWebBuild(config.webBuildDir);
    if (web) await precompressAssets(web.clientDir);
    else
      console.warn(
        `no page build in ${config.webBuildDir}: run "npm run build"; serving the API only`,
      );
    if (!config.sofficePath)
      console.warn(
        'LibreOffice (soffice) not found: office files are not previewed (暂不支持预览，请下载); ' +
          'install libreoffice-writer-nogui, -calc-nogui, -impress-nogui or set SOFFICE_PATH',
      );
    return seeded;
  } finally {
    await close();
  }
}

/** One server: the app on its database, listening on the port (shared by the cluster's workers). */
async function serve(config: Config) {
  const { db, dialect, close } = openDatabase({
    url: config.databaseUrl,
    sqliteFile: `${config.dataDir}/portal.sqlite`,
  });
  const services = createServices({ config, db, dialect });
  const web = await loadWebBuild(config.webBuildDir);
  const app = await buildApp({ config, db, dialect, services, web });

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
}

function banner(config: Config, demoLogins: string[], workers: number) {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  学校门户网站已启动: http://${shown}:${config.port}/index`,
    `  数据库: ${config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/portal.sqlite`}`,
    `  工作进程 (workers): ${workers}`,
  ];
  if (demoLogins.length) {
    lines.push('  演示账号 (demo logins):');
    for (const login of demoLogins) lines.push(`    ${login}`);
    if (config.demoPasswordIsDefault) {
      lines.push(
        '  警告: 演示密码为公开的默认值，正式使用前请设置 DEMO_PASSWORD 或关闭 SEED_DEMO。',
      );
    }
  }
  console.log(lines.join('\n') + '\n');
}

/**
 * The primary of WEB_CONCURRENCY workers: forks them, restarts one that dies, passes the bus
 * between them, and on SIGTERM or SIGINT asks each to finish its requests and waits for all.
 */
function supervise(config: Config, demoLogins: string[]) {
  relayBus();
  // Every worker's metrics summed, for METRICS_PORT and the workers' token-guarded page.
  serveClusterMetrics(config).catch((err: Error) => {
    console.error(`metrics port ${config.metricsPort}: ${err.message}`);
    process.exit(1);
  });
  let stopping = false;
  let earlyDeaths = 0;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };

  let listening = 0;
  cluster.on('listening', () => {
    earlyDeaths = 0;
    if (++listening === config.webConcurrency) banner(config, demoLogins, listening);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    if (lived < EARLY_DEATH_MS && ++earlyDeaths >= MAX_EARLY_DEATHS) {
      console.error('workers keep ending at start: stopping');
      process.exit(1);
    }
    fork();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down ${Object.keys(cluster.workers ?? {}).length} workers`);
    // Each worker finishes its requests and closes its database on SIGTERM; one that hangs
    // is ended after STOP_GRACE_MS.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < config.webConcurrency; i++) fork();
}

async function main() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config);
  const seeded = await prepare(config);
  if (config.webConcurrency === 1) {
    await serve(config);
    banner(config, seeded.demoLogins, 1);
    return;
  }
  supervise(config, seeded.demoLogins);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(`配置错误 (configuration error): ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
