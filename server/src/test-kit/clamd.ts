import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clamdVersion } from '../platform/files/clamd.js';

/**
 * The EICAR test string (not a virus: every scanner is meant to find it). Assembled at run
 * time so this file itself is not reported by a scanner on the developer's machine.
 */
export const EICAR = [
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$',
  'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
].join('');
/** The school's own test signature: any file holding these bytes is "infected". */
export const SCHOOL_TEST_STRING = ['SCHOOL-PORTAL', 'VIRUS-TEST-2026'].join('-');
export const EICAR_NAME = 'Eicar-Test-Signature.UNOFFICIAL';
export const SCHOOL_NAME = 'School-Test-Signature.UNOFFICIAL';

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

/** `name:0:*:hex` lines of an .ndb body (any place, any file type). */
const ndb = (signatures: Record<string, string>) =>
  Object.entries(signatures)
    .map(([name, bytes]) => `${name}:0:*:${hex(bytes)}\n`)
    .join('');

/** One ustar entry (header and padded body). */
function tarEntry(name: string, body: Buffer): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'latin1');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(body.length.toString(8).padStart(11, '0') + '\0', 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  const padding = Buffer.alloc((512 - (body.length % 512)) % 512);
  return Buffer.concat([header, body, padding]);
}

/**
 * A signature database clamd reports a version for (`ClamAV 1.4.6/<version>/…`): an
 * unsigned .cud (a CVD header, then a gzipped tar of a .info listing and the .ndb), as the
 * official databases cannot be downloaded here.
 */
function unsignedDatabase(version: number, signatures: Record<string, string>): Buffer {
  const body = Buffer.from(ndb(signatures), 'latin1');
  const head = `ClamAV-VDB:02 Mar 2026 08-00 +0000:${version}:${Object.keys(signatures).length}:90:x:x:school-tests:1772438400`;
  const sha = createHash('sha256').update(body).digest('hex');
  const info = Buffer.from(`${head}\ndaily.ndb:${body.length}:${sha}\n`);
  const tar = Buffer.concat([
    tarEntry('daily.info', info),
    tarEntry('daily.ndb', body),
    Buffer.alloc(1024),
  ]);
  const gz = gzipSync(tar);
  const md5 = createHash('md5').update(gz).digest('hex');
  const header = Buffer.from(head.replace(':x:x:', `:${md5}:x:`)).subarray(0, 512);
  return Buffer.concat([header, Buffer.alloc(512 - header.length, ' '), gz]);
}

export const TEST_SIGNATURES = {
  'Eicar-Test-Signature': EICAR,
  'School-Test-Signature': SCHOOL_TEST_STRING,
};

export interface TestClamd {
  /** VIRUS_SCAN and CLAMD_SOCKET for createTestApp's env. */
  env: Record<string, string>;
  socket: string;
  /** Writes a new database (its version and signatures) and has clamd reload it. */
  update(version: number, signatures: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** Waits for clamd to answer VERSION with `want` in it. */
async function answering(socket: string, want: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`clamd exited (${child.exitCode})`);
    const answer = await clamdVersion({ socket }, 2000).catch(() => '');
    if (answer.includes(want)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`clamd did not answer with ${want}`);
}

/**
 * A clamd of the test's own (Debian's clamav-daemon; scripts/test.mjs installs it), on a
 * socket in a temporary folder, over a database of the EICAR string and the school's test
 * string at `version`. Loading it takes about a second.
 */
export async function startClamd(
  version = 1000,
  signatures: Record<string, string> = TEST_SIGNATURES,
  /** clamd's StreamMaxLength: the most bytes one INSTREAM may send. */
  streamMax = '100M',
): Promise<TestClamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-clamd-'));
  const socket = path.join(dir, 'clamd.sock');
  const dbDir = path.join(dir, 'db');
  fs.mkdirSync(dbDir);
  fs.writeFileSync(path.join(dbDir, 'daily.cud'), unsignedDatabase(version, signatures));
  fs.writeFileSync(
    path.join(dir, 'clamd.conf'),
    [
      'Foreground yes',
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${dbDir}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      `StreamMaxLength ${streamMax}`,
      'SelfCheck 3600',
      '',
    ].join('\n'),
  );
  const clamd = fs.existsSync('/usr/sbin/clamd') ? '/usr/sbin/clamd' : 'clamd';
  const run = async (want: number) => {
    fs.rmSync(socket, { force: true });
    const started = spawn(clamd, ['-c', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
    started.on('error', () => undefined);
    try {
      await answering(socket, `/${want}/`, started);
    } catch (err) {
      started.kill();
      throw err;
    }
    return started;
  };
  const stopped = async (process: ChildProcess) => {
    if (process.exitCode !== null || process.signalCode !== null) return;
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill();
    await exited;
  };
  let child = await run(version);
  return {
    env: { VIRUS_SCAN: 'clamd', CLAMD_SOCKET: socket },
    socket,
    // Restarted on the new database (as after an update by freshclam and a restart).
    update: async (next, nextSignatures) => {
      fs.writeFileSync(path.join(dbDir, 'daily.cud'), unsignedDatabase(next, nextSignatures));
      await stopped(child);
      child = await run(next);
    },
    stop: async () => {
      await stopped(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
