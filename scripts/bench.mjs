// `npm run bench`: the built server on seeded databases of BENCH_VOLUMES (30000,100000: news
// items, mails and drive files on top of the demo school), measured as issue 20 asks:
//   transfer    the drive's 1 GiB upload and download against nginx (bench-drive.mjs)
//   sizes       HTML, JS and CSS of the public pages (bench-pages.mjs)
//   pages       the public pages against nginx serving the same bytes (bench-pages.mjs)
//   api, search, staff   list/detail p99 and search p95 per volume, compared (bench-api.mjs)
//   varied      searches, articles, lists and staff pages drawn at random from the data, on a
//               server with its caches and one without, side by side (bench-varied.mjs)
//   calls       the other intranet, mail, drive and platform calls (bench-calls.mjs)
//   lighthouse  mobile performance and accessibility (bench-lighthouse.mjs)
//   rss         the server's memory idle and after mixed load, twice (bench-rss.mjs)
// BENCH_ONLY=pages,api runs those parts; another word runs the calls whose title holds it.
// BENCH_SHORT=1 makes every run short (for development). See README "Measuring speed".
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from './lib.mjs';

const env = process.env;
const SHORT = env.BENCH_SHORT === '1';
const SECONDS = Number(env.BENCH_SECONDS ?? (SHORT ? 3 : 10));
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(env.BENCH_ROUNDS ?? (SHORT ? 1 : 3));
const RSS_SECONDS = Number(env.BENCH_RSS_SECONDS ?? (SHORT ? 10 : 60));
const TRANSFER_MB = Number(env.BENCH_TRANSFER_MB ?? (SHORT ? 0 : 1024));
const ONLY = env.BENCH_ONLY?.toLowerCase()
  .split(',')
  .map((word) => word.trim())
  .filter(Boolean);
const PARTS = [
  'transfer',
  'sizes',
  'pages',
  'api',
  'search',
  'staff',
  'varied',
  'calls',
  'lighthouse',
  'rss',
];
/** Whether a part runs: all without BENCH_ONLY, else the parts it names. */
const part = (name) => !ONLY || ONLY.includes(name);
/** Whether a measurement of the api or calls part runs: its part or a word of its title named. */
const wantTitle = (partName) => (title) =>
  !ONLY || ONLY.some((w) => w === partName || title.toLowerCase().includes(w));
const titleWords = ONLY?.filter((w) => !PARTS.includes(w)) ?? [];
const apiOn = part('api') || part('search') || part('staff') || titleWords.length > 0;
const callsOn = part('calls') || titleWords.length > 0;

await ensureInstalled();
await ensureBuilt();
// The parts import npm packages (autocannon, better-sqlite3): loaded once they are installed.
const { compareVolumes, benchApi } = await import('./bench-api.mjs');
const { benchCalls } = await import('./bench-calls.mjs');
const { benchDriveTransfer } = await import('./bench-drive.mjs');
const { benchLighthouse } = await import('./bench-lighthouse.mjs');
const { chooseTool } = await import('./bench-load.mjs');
const { comparePages, printSizes, publicPages, savePages, shown } =
  await import('./bench-pages.mjs');
const { benchRss } = await import('./bench-rss.mjs');
const { benchVaried, drawTraffic, UNCACHED } = await import('./bench-varied.mjs');
const { prepareData, startServer, volumeName, volumes } = await import('./bench-server.mjs');
const { row } = await import('./bench-util.mjs');
const tool = await chooseTool();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-bench-'));
const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    return '?';
  }
})();
log(
  `Bench of ${commit}: ${tool}, ${CONNECTIONS} connections, ${SECONDS} s per run, ` +
    `${os.cpus().length} cores, Node ${process.version}, SQLite; volumes ${volumes().map(volumeName).join(', ')}`,
);
const options = { tool, connections: CONNECTIONS, seconds: SECONDS, scratch };
const apiByVolume = new Map();
const pagesByVolume = new Map();
const list = volumes();
try {
  for (const [index, volume] of list.entries()) {
    const name = volumeName(volume);
    const first = index === 0;
    const last = index === list.length - 1;
    const data = prepareData(volume);
    let server = await startServer(data.dir);
    try {
      log(`Volume ${name}: server ${server.base} (pid ${server.pid})`);
      const pages = await publicPages(server.base);
      const fresh =
        first &&
        part('sizes') &&
        (await savePages(server.base, pages, path.join(scratch, 'fresh')));
      if (first && TRANSFER_MB > 0 && part('transfer')) {
        await benchDriveTransfer({
          base: server.base,
          auth: server.teacher,
          pid: server.pid,
          dataDir: data.dir,
          megabytes: TRANSFER_MB,
          dir: fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-transfer-')),
        });
      }
      if (part('pages')) {
        const { summary } = await comparePages({
          ...options,
          base: server.base,
          pid: server.pid,
          pages,
          rounds: ROUNDS,
        });
        pagesByVolume.set(name, summary);
      }
      if (apiOn) {
        const results = await benchApi({
          ...options,
          server,
          dataDir: data.dir,
          want: wantTitle('api'),
        });
        apiByVolume.set(name, results);
      }
      if (fresh) {
        // Fetched again after the loads above: a page's HTML must not depend on what was rendered.
        const later = await savePages(server.base, pages, path.join(scratch, 'later'));
        await printSizes(server.base, fresh, later);
      }
      if (last && part('varied')) {
        const uncached = await startServer(data.dir, UNCACHED);
        try {
          await benchVaried({
            ...options,
            cached: server,
            uncached,
            traffic: drawTraffic(data.dir),
          });
        } finally {
          await uncached.stop();
        }
      }
      if (last && callsOn) await benchCalls({ ...options, server, want: wantTitle('calls') });
      if (last && part('lighthouse')) await benchLighthouse(server.base, [pages[0], pages[2]]);
      if (last && part('rss')) {
        // A fresh server: its memory idle after start, then under load.
        await server.stop();
        server = await startServer(data.dir);
        await benchRss({ ...options, server, pages, seconds: RSS_SECONDS });
      }
    } finally {
      await server.stop();
      data.discard();
    }
  }
  compareVolumes(apiByVolume);
  if (pagesByVolume.size) {
    log('Pages against nginx, per volume (goal: ours ≥ 50% of nginx)');
    for (const [name, summary] of pagesByVolume)
      for (const s of summary)
        row(
          `${name} GET ${shown(s.page, 38)}`,
          `ours ${Math.round(s.ours)} req/s`,
          `nginx ${Math.round(s.nginx)} req/s`,
          `${(s.ratio * 100).toFixed(1)}%`,
        );
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
