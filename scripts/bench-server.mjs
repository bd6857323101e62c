// The bench's databases and server: one seeded database per volume (BENCH_VOLUMES, default
// 30000,100000: that many news items, mails and drive files on top of the demo school), kept and
// reused where the caller says, and the built server started on it as production runs it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callApi, request } from './bench-util.mjs';
import { freePort, log, root } from './lib.mjs';

/** The volumes to measure, smallest first. */
export function volumes() {
  const list = (process.env.BENCH_VOLUMES ?? '30000,100000').split(',').map(Number);
  if (list.some((n) => !Number.isInteger(n) || n < 0)) throw new Error('BENCH_VOLUMES: numbers');
  return list.sort((a, b) => a - b);
}

export const volumeName = (n) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

/**
 * Where the database of volume `n` lives, and whether it is kept: BENCH_DATA_<name> (e.g.
 * BENCH_DATA_30K, BENCH_DATA_100K); else BENCH_DATA_DIR itself when it holds a database seeded
 * with that volume (its .bench-seeded says the number), else BENCH_DATA_DIR/<name>; else a
 * temporary folder removed afterwards.
 */
function dataDirOf(n) {
  const own = process.env[`BENCH_DATA_${volumeName(n).toUpperCase()}`];
  if (own) return { dir: path.resolve(own), keep: true };
  const base = process.env.BENCH_DATA_DIR;
  if (base) {
    const mark = path.join(base, '.bench-seeded');
    const seeded = fs.existsSync(mark) && Number(fs.readFileSync(mark, 'utf8').split(/\s/)[0]);
    if (seeded === n) return { dir: path.resolve(base), keep: true };
    return { dir: path.resolve(base, volumeName(n)), keep: true };
  }
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-bench-')), keep: false };
}

/** The database of volume `n`, seeded unless a kept one is there; answers { dir, discard }. */
export function prepareData(n) {
  const { dir, keep } = dataDirOf(n);
  const mark = path.join(dir, '.bench-seeded');
  if (keep && fs.existsSync(mark)) {
    log(`Volume ${volumeName(n)}: reusing the database in ${dir}`);
  } else {
    log(`Volume ${volumeName(n)}: seeding the demo school and ${n} news, mails and drive files`);
    log(`(${dir}; keep it for the next run with BENCH_DATA_${volumeName(n).toUpperCase()})`);
    fs.mkdirSync(dir, { recursive: true });
    const seeded = spawnSync(
      process.execPath,
      ['server/dist/volume-main.js', String(n), String(n), String(n)],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'warn' },
      },
    );
    if (seeded.status !== 0) throw new Error('seeding the benchmark database failed');
    fs.writeFileSync(mark, `${n} news, ${n} mails, ${n} drive files\n`);
  }
  return { dir, discard: () => keep || fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The built server on `dataDir` (as `npm start` runs it in production, its own defaults for
 * workers and caches, with `settings` added; the API rate limit lifted, the bench being one
 * address; its metrics on a port of their own). Answers its base URL, metrics URL, pid and
 * stop, with logged-in headers for the teacher and the administrator.
 */
export async function startServer(dataDir, settings = {}) {
  const port = await freePort();
  let metricsPort = await freePort();
  while (metricsPort === port) metricsPort = await freePort();
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '1000000000',
      METRICS_PORT: String(metricsPort),
      ...settings,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 480 && !up; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    up = await request(`${base}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) throw new Error('the server did not start');
  const login = async (staffCode, staffType) => {
    const data = await callApi(base, 'login/login', {
      staffCode,
      staffPass: process.env.DEMO_PASSWORD ?? 'School@2026',
      staffType,
    });
    // As a browser after its first staff call: it keeps the file cookie the answer set and
    // sends it with every /api/ request (server/src/http/auth.ts), so no answer sets it again.
    return {
      authorization: `Bearer ${data.token}`,
      cookie: `school_file_session=${data.token}`,
    };
  };
  return {
    base,
    metrics: `http://127.0.0.1:${metricsPort}`,
    pid: child.pid,
    teacher: await login('teacher', '2'),
    admin: await login('admin', '5'),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
