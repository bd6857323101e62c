import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** How a conversion is sealed and held: bubblewrap, and the limits soffice runs under. */
export interface Converter {
  soffice: string;
  /** bubblewrap's `bwrap`, found working at start (a conversion never runs without it). */
  bwrap: string;
  /** Address space soffice may map, in MiB (ulimit -v). */
  memoryMb: number;
  /** Processor seconds soffice may use (ulimit -t): past them it is killed (SIGXCPU). */
  cpuSeconds: number;
}

/** Where the conversion's own folder (document, profile, PDF) appears inside the sandbox. */
export const SANDBOX_DIR = '/job';

/** Read-only files and folders of the host a conversion needs; those missing are skipped. */
const SYSTEM_PARTS = [
  '/etc/fonts',
  '/etc/libreoffice',
  '/etc/ld.so.cache',
  '/etc/localtime',
  '/var/cache/fontconfig',
];

/**
 * bwrap's arguments for a run that sees no network (its own, empty, network
 * namespace), no other process (its own pid namespace, all of it killed
 * when bwrap or bwrap's parent dies) and no file of the host but /usr, the
 * fonts and LibreOffice's own settings, read-only, an empty /tmp and the
 * conversion's folder `dir` (as /job). Not the data folder, /root, /home,
 * the host's /tmp or the project. soffice installed outside /usr (SOFFICE_PATH)
 * has its own folder bound read-only.
 */
export function sandboxArgs(bwrap: string, dir: string, soffice: string): string[] {
  const args = [
    '--unshare-all',
    '--unshare-net',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
  ];
  for (const part of SYSTEM_PARTS) args.push('--ro-bind-try', part, part);
  const home = installRoot(soffice);
  if (home) args.push('--ro-bind', home, home);
  args.push('--bind', dir, SANDBOX_DIR, '--chdir', SANDBOX_DIR);
  return [bwrap, ...args];
}

/** The folder of a soffice outside /usr (an /opt install: the folder above `program/`). */
function installRoot(soffice: string): string | null {
  const real = fs.realpathSync(soffice);
  if (real.startsWith('/usr/')) return null;
  const folder = path.dirname(real);
  return path.basename(folder) === 'program' ? path.dirname(folder) : folder;
}

/**
 * The command soffice runs as: `sh` sets the limits on itself, then becomes
 * soffice (every process soffice starts inherits them).
 */
export function limitedCommand(converter: Converter, args: string[]): string[] {
  return limitedProgram(converter, converter.soffice, args);
}

/** A program run under the limits of `limits` (ulimit -v and -t), as soffice runs. */
export function limitedProgram(
  limits: Pick<Converter, 'memoryMb' | 'cpuSeconds'>,
  program: string,
  args: string[],
): string[] {
  return [
    '/bin/sh',
    '-c',
    'ulimit -v "$1" && ulimit -t "$2" && shift 2 && exec "$@"',
    'sh',
    String(limits.memoryMb * 1024),
    String(limits.cpuSeconds),
    program,
    ...args,
  ];
}

/** The environment soffice gets: nothing of the server's (no database address, no keys). */
export const SANDBOX_ENV = {
  PATH: '/usr/bin:/bin',
  HOME: SANDBOX_DIR,
  LANG: 'C.UTF-8',
  TMPDIR: '/tmp',
};

const probed = new Map<string, string | null>();

/**
 * Whether bubblewrap seals a run here: it starts a process with no network
 * and the host's folders hidden. Answers why not, or null when it works
 * (asked once per process and path).
 */
export function probeSandbox(bwrap: string): string | null {
  const known = probed.get(bwrap);
  if (known !== undefined) return known;
  let reason: string | null = null;
  if (!fs.existsSync(bwrap)) reason = `${bwrap} not found`;
  else {
    const dir = fs.mkdtempSync(path.join('/tmp', 'school-office-probe-'));
    try {
      const [command, ...args] = sandboxArgs(bwrap, dir, '/usr/bin/true');
      // Inside: no interface but loopback, and the host's /tmp is not there.
      const run = spawnSync(
        command!,
        [
          ...args,
          '/bin/sh',
          '-c',
          `test ! -e ${dir} && ! tail -n +3 /proc/net/dev | grep -v ' lo:'`,
        ],
        { env: SANDBOX_ENV, timeout: 10_000, encoding: 'utf8' },
      );
      if (run.error) reason = run.error.message;
      else if (run.status !== 0) reason = (run.stderr || `exit ${run.status}`).trim();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  probed.set(bwrap, reason);
  return reason;
}

/** The most of a sealed run's error output a failure keeps. */
const ERROR_OUTPUT_MAX = 2000;

/**
 * Runs a sealed command (`sandboxArgs` and a limited program) in a process
 * group of its own, killed whole when `signal` aborts or the run ends.
 * Answers its standard output, of which it keeps the first `stdoutMax`
 * bytes (the rest is read and dropped); a run that exits non-zero fails
 * with the end of what it said (`name` names the program in the message).
 */
export function runSealed(
  command: string[],
  signal: AbortSignal,
  options: { name: string; stdoutMax?: number },
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn(command[0]!, command.slice(1), {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: SANDBOX_ENV,
    });
    const kept: Buffer[] = [];
    let keptBytes = 0;
    const stdoutMax = options.stdoutMax ?? 0;
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutMax === 0) said = (said + chunk.toString('utf8')).slice(-ERROR_OUTPUT_MAX);
      else if (keptBytes < stdoutMax) {
        kept.push(chunk.subarray(0, stdoutMax - keptBytes));
        keptBytes += Math.min(chunk.length, stdoutMax - keptBytes);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-ERROR_OUTPUT_MAX);
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    signal.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => {
      signal.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', kill);
      // Whatever the program left running in its group goes with it.
      kill();
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve(Buffer.concat(kept));
      else reject(new Error(`${options.name} 退出（${code ?? killedBy}）：${said.trim()}`));
    });
  });
}
