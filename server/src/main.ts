import './production.js';
import cluster from 'node:cluster';
import { relayBus } from './cluster/bus.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { serveClusterMetrics } from './observability/cluster-metrics.js';

// The primary of several workers only forks, watches and relays: the app, the database driver,
// the seeders and the page build are imported by the processes that use them (boot/), so the
// primary stays a small process for the site's whole life instead of keeping what seeding
// loaded.

/** A worker that dies sooner than this after its start counts towards giving up. */
const EARLY_DEATH_MS = 10_000;
/** This many early deaths in a row: the workers cannot start (a bad build, a port): stop. */
const MAX_EARLY_DEATHS = 5;
/** How long the workers have to finish their requests at shutdown. */
const STOP_GRACE_MS = 30_000;
/**
 * The workers' young generation (V8's semi-space, MB; Node's default is 16). A worker's
 * requests make short-lived objects fast: at 16 MB a worker under load collected them about
 * 45 times a second (2-3 ms each, every request in its queue waiting); at 32 half as often,
 * for about a quarter less time collecting in all (issue 20). A
 * --max-semi-space-size given in NODE_OPTIONS or on the command line is kept.
 */
const WORKER_SEMI_SPACE_MB = 32;
/** The environment variable that makes a forked process the one-off preparer. */
const PREPARE_ROLE = 'SCHOOL_PREPARE';

interface Prepared {
  schoolPrepared: { demoLogins: string[] };
}
const isPrepared = (message: unknown): message is Prepared =>
  typeof message === 'object' && message !== null && 'schoolPrepared' in message;

/** Prepares in this process (the app's modules are loaded here anyway: one process serves). */
async function prepareHere(config: Config) {
  const { prepare } = await import('./boot/prepare.js');
  return prepare(config);
}

/**
 * Prepares in a forked process that ends when done, so that what migrating and seeding load
 * (the app, the seeders' documents and pictures) is not kept by the primary.
 */
function prepareInChild(): Promise<{ demoLogins: string[] }> {
  return new Promise((resolve, reject) => {
    const child = cluster.fork({ [PREPARE_ROLE]: '1' });
    let prepared: { demoLogins: string[] } | undefined;
    child.on('message', (message: unknown) => {
      if (isPrepared(message)) prepared = message.schoolPrepared;
    });
    child.on('exit', (code, signal) => {
      if (prepared && code === 0) resolve(prepared);
      else reject(new Error(`preparing the database failed (${signal ?? code})`));
    });
  });
}

/** The preparer's side: prepare, hand the result to the primary, end. */
async function prepareAndReport(config: Config) {
  const prepared = await prepareHere(config);
  const message: Prepared = { schoolPrepared: prepared };
  process.send?.(message, undefined, undefined, () => process.exit(0));
}

async function serve(config: Config) {
  const { serve } = await import('./boot/serve.js');
  return serve(config);
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
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (!given.includes('--max-semi-space-size')) {
    cluster.setupPrimary({
      execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`],
    });
  }
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
  if (cluster.isWorker) return process.env[PREPARE_ROLE] ? prepareAndReport(config) : serve(config);
  if (config.webConcurrency === 1) {
    const seeded = await prepareHere(config);
    await serve(config);
    banner(config, seeded.demoLogins, 1);
    return;
  }
  const seeded = await prepareInChild();
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
