import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The scale-out rig (issue 21): one PostgreSQL database, one S3-protocol server (s3rver, run as
 * its own process), two copies of the built app on them, and nginx in front with the shipped
 * site configuration (deploy/nginx/school-portal.conf: TLS, HTTP/2, the two copies as its
 * upstream). The tests get the addresses through the environment:
 *   SCALE_NGINX   https://127.0.0.1:<port> (a throwaway self-signed certificate)
 *   SCALE_COPIES  http://127.0.0.1:<a>,http://127.0.0.1:<b> (each copy directly)
 *   SCALE_PIDS    the copies' process ids (a test stops one)
 * SCALE_DATABASE_URL names a PostgreSQL server the rig may create a database on (npm test
 * passes its own).
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const S3 = { bucket: 'school-files', key: 'S3RVER', secret: 'S3RVER' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200 (any status with `anyStatus`) or `child` ends, up to `ms`. */
async function ready(
  url: string,
  child: ChildProcess,
  ms: number,
  { insecure = false, anyStatus = false } = {},
) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process ended (${child.exitCode})`);
    const ok = await new Promise<boolean>((resolve) => {
      const get = insecure ? import('node:https') : import('node:http');
      void get.then((mod) =>
        mod
          .get(url, { rejectUnauthorized: false }, (res) => {
            res.resume();
            resolve(anyStatus || res.statusCode === 200);
          })
          .on('error', () => resolve(false)),
      );
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** The shipped nginx site with this rig's ports, certificate, release folder and copies. */
function nginxSite(port: number, httpPort: number, certDir: string, copies: number[]) {
  const shipped = fs.readFileSync(path.join(repo, 'deploy/nginx/school-portal.conf'), 'utf8');
  const upstream = copies
    .map((copy) => `server 127.0.0.1:${copy} max_fails=3 fail_timeout=10s;`)
    .join('\n    ');
  const site = shipped
    .replace(/^\s*#.*$/gm, '')
    .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${httpPort};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/\/etc\/ssl\/school-portal/g, certDir)
    .replace(/\/opt\/school-portal/g, repo.replace(/\/$/, ''))
    .replace(/server 127\.0\.0\.1:3000 [^;]*;/, upstream);
  if (site.includes(':3000') || !site.includes(`127.0.0.1:${copies[1]}`)) {
    throw new Error('deploy/nginx/school-portal.conf no longer has the lines the rig replaces');
  }
  return site;
}

export default async function cluster() {
  const admin = process.env.SCALE_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('the scale-out tests need SCALE_DATABASE_URL (a PostgreSQL server)');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'school-scale-'));
  // nginx's workers run as nobody when the tests run as root: they must reach its files.
  fs.chmodSync(work, 0o755);
  const children: ChildProcess[] = [];
  const name = `school_scale_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${name}` }).href;

  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }
    await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await adminClient.end();
    fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    const s3Port = await freePort();
    fs.mkdirSync(path.join(work, 's3'));
    const s3 = spawn(
      process.execPath,
      [
        path.join(repo, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        path.join(work, 's3'),
        '--address',
        '127.0.0.1',
        '--port',
        String(s3Port),
        '--silent',
        '--configure-bucket',
        S3.bucket,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(s3);
    // Any answer (an unsigned request is refused) says s3rver listens.
    await ready(`http://127.0.0.1:${s3Port}/`, s3, 20_000, { anyStatus: true });

    const copies = [await freePort(), await freePort()];
    const pids: number[] = [];
    for (const [i, port] of copies.entries()) {
      const copy = spawn(process.execPath, [path.join(repo, 'server/dist/main.js')], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, `copy${i + 1}`),
          DATABASE_URL: databaseUrl,
          S3_BUCKET: S3.bucket,
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_ACCESS_KEY_ID: S3.key,
          S3_SECRET_ACCESS_KEY: S3.secret,
          TRUST_PROXY: 'true',
          WEB_CONCURRENCY: '1',
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(copy);
      pids.push(copy.pid!);
      // The first copy migrates and seeds the demo school; the second finds it done.
      await ready(`http://127.0.0.1:${port}/api/health`, copy, 240_000);
    }

    const certDir = path.join(work, 'tls');
    fs.mkdirSync(certDir);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(certDir, 'privkey.pem'),
        '-out',
        path.join(certDir, 'fullchain.pem'),
      ],
      { stdio: 'ignore' },
    );
    const port = await freePort();
    const httpPort = await freePort();
    const temp = (what: string) => `${what}_temp_path ${path.join(work, `nginx-${what}`)};`;
    fs.writeFileSync(
      path.join(work, 'nginx.conf'),
      `daemon off;
worker_processes 1;
pid ${path.join(work, 'nginx.pid')};
error_log stderr crit;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${nginxSite(port, httpPort, certDir, copies)}
}
`,
    );
    const nginx = spawn('/usr/sbin/nginx', ['-e', 'stderr', '-p', work, '-c', 'nginx.conf'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(nginx);
    await ready(`https://127.0.0.1:${port}/api/health`, nginx, 20_000, { insecure: true });

    process.env.SCALE_NGINX = `https://127.0.0.1:${port}`;
    process.env.SCALE_COPIES = copies.map((p) => `http://127.0.0.1:${p}`).join(',');
    process.env.SCALE_PIDS = pids.join(',');
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
