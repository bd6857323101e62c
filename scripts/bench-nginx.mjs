// nginx for the bench's baselines: Debian's nginx (nginx-light) serving a folder of files on a
// free port, started in the foreground with its own configuration and scratch folders, so that
// it neither needs nor touches the system's nginx setup. The drive transfer compares downloads
// with it (sendfile); the page comparison serves the saved HTML with it, each page beside the
// very gzip and brotli bytes our server sent (gzip_static, brotli_static), so that both sides
// send stored bytes and neither compresses per request.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { aptInstall, freePort } from './lib.mjs';

export const NGINX = '/usr/sbin/nginx';
/** Debian's brotli_static module (libnginx-mod-http-brotli-static) for nginx 1.22. */
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Installs Debian's nginx-light when no nginx is there (as root; otherwise it says what to do). */
export async function ensureNginx(why) {
  if (!fs.existsSync(NGINX)) await aptInstall(['nginx-light'], why);
}

/**
 * Installs the brotli_static module when missing; answers whether nginx can send `.br` files.
 * Without it (not root, no network) the comparison goes on with gzip only, which is what it asks.
 */
async function ensureBrotliStatic() {
  if (fs.existsSync(BROTLI_STATIC)) return true;
  try {
    await aptInstall(['libnginx-mod-http-brotli-static'], 'nginx sends precompressed brotli');
  } catch (err) {
    console.warn(`  no brotli_static for nginx: ${err.message}`);
  }
  return fs.existsSync(BROTLI_STATIC);
}

function head(url) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'HEAD' }, (res) => {
      res.resume();
      resolve(res);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * nginx serving `dir` on a free port; `work` holds its configuration, pid and temp folders.
 * `probe` is a path under `dir` asked for until nginx answers. Options: `workers` (worker
 * processes, 'auto': one per core), `gzip` (compress text/html on the fly, nginx's default level 1),
 * `precompressed` (send `<file>.gz` / `<file>.br` when they exist and the client accepts them),
 * `html` (files without an extension are text/html: the saved pages keep their URL's path).
 * Answers its address, version and a stop.
 */
export async function startNginx(
  dir,
  work,
  probe,
  { workers = 1, gzip = false, precompressed = false, html = false } = {},
) {
  await ensureNginx('the bench compares with nginx');
  const brotli = precompressed && (await ensureBrotliStatic());
  const port = await freePort();
  fs.mkdirSync(work, { recursive: true });
  const conf = path.join(work, 'nginx.conf');
  const types = html
    ? 'types { } default_type text/html; charset utf-8;'
    : 'default_type application/octet-stream;';
  const compression = [
    gzip ? 'gzip on; gzip_vary on;' : '',
    precompressed ? 'gzip_static on; gzip_vary on;' : '',
    brotli ? 'brotli_static on;' : '',
  ].join(' ');
  fs.writeFileSync(
    conf,
    `${brotli ? `load_module ${BROTLI_STATIC};` : ''}
daemon off;
worker_processes ${workers};
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  ${types}
  ${compression}
  server {
    listen 127.0.0.1:${port};
    root ${dir};
  }
}
`,
  );
  // The workers run as nobody when started as root: they must be able to read the files.
  fs.chmodSync(dir, 0o755);
  const child = spawn(NGINX, ['-e', 'stderr', '-p', work, '-c', conf], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  let answer;
  for (let i = 0; i < 100 && !answer; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    answer = await head(`${base}/${probe}`).catch(
      () => new Promise((r) => setTimeout(() => r(undefined), 100)),
    );
  }
  if (!answer) throw new Error('nginx did not start');
  return {
    base,
    brotli,
    version: /nginx\/([\d.]+)/.exec(answer.headers.server ?? '')?.[1],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
