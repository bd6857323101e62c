// A throwaway PostgreSQL server for the test suite: Debian's binaries, a data
// folder in the temp directory, loopback only, trust auth, stopped at the end.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, freePort, isRoot, log, mustRun } from './lib.mjs';

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export async function startPostgres() {
  let bin = findBinDir();
  if (!bin) {
    await aptInstall(['postgresql'], 'the server tests run on PostgreSQL too');
    bin = findBinDir();
    if (!bin)
      throw new Error(
        'PostgreSQL was installed but initdb was not found under /usr/lib/postgresql',
      );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-portal-pg-'));
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres user Debian creates.
  const asOwner = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) execFileSync('chown', ['-R', 'postgres', dir]);
  const exec = (args) =>
    mustRun(asOwner[0] ?? args[0], asOwner.length ? [...asOwner.slice(1), ...args] : args.slice(1));

  log(`Starting PostgreSQL (${bin}) on 127.0.0.1:${port}`);
  await exec([
    path.join(bin, 'initdb'),
    '-D',
    path.join(dir, 'data'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  await exec([
    path.join(bin, 'pg_ctl'),
    '-D',
    path.join(dir, 'data'),
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec([
        path.join(bin, 'pg_ctl'),
        '-D',
        path.join(dir, 'data'),
        '-m',
        'fast',
        '-w',
        'stop',
      ]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
