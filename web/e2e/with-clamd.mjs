// Runs a command (the e2e server) beside a clamd of its own, on a signature database of the
// EICAR test string written here (the official databases cannot be downloaded): the server
// scans uploads with it (VIRUS_SCAN=clamd, CLAMD_SOCKET). clamd stops with the command.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-e2e-clamd-'));
const socket = path.join(dir, 'clamd.sock');
fs.mkdirSync(path.join(dir, 'db'));
const eicar = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(
  '',
);
fs.writeFileSync(
  path.join(dir, 'db', 'e2e.ndb'),
  `Eicar-Test-Signature:0:*:${Buffer.from(eicar, 'latin1').toString('hex')}\n`,
);
fs.writeFileSync(
  path.join(dir, 'clamd.conf'),
  `Foreground yes\nLocalSocket ${socket}\nDatabaseDirectory ${path.join(dir, 'db')}\n`,
);
const clamd = spawn('/usr/sbin/clamd', ['-c', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
const answers = () =>
  new Promise((resolve) => {
    const conn = net.connect({ path: socket }, () => conn.end('zVERSION\0'));
    conn.on('data', () => resolve(true));
    conn.on('error', () => resolve(false));
  });
for (let tries = 0; tries < 300 && !(await answers()); tries++) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const [command, ...args] = process.argv.slice(2);
const server = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, VIRUS_SCAN: 'clamd', CLAMD_SOCKET: socket },
});
const stop = () => {
  clamd.kill();
  fs.rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  stop();
  process.exit(code ?? 1);
});
