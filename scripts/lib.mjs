// Helpers for the start/test scripts. Node built-ins only: these run before `npm ci`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  console.log(`\n\x1b[1m▶ ${message}\x1b[0m`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const cwd = options.cwd ? path.resolve(root, options.cwd) : root;
    const child = spawn(command, args, { stdio: 'inherit', ...options, cwd });
    child.on('error', (err) => {
      console.error(`${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${code}`);
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (['node_modules', 'build', 'dist', '.react-router'].includes(name)) continue;
        if (BUILD_OUTPUTS.has(path.relative(root, path.join(p, name)))) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return hash.digest('hex');
}

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export async function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const want = hashFiles([
    'package-lock.json',
    'package.json',
    'common/package.json',
    'server/package.json',
    'web/package.json',
    // patch-package applies these at install: a changed patch installs again.
    'patches',
  ]);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  log('Installing npm packages (npm ci)');
  await mustRun('npm', ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, want);
}

const BUILD_INPUTS = [
  'package-lock.json',
  // The pages bundle the patched packages.
  'patches',
  'tsconfig.base.json',
  'common/src',
  'common/tsconfig.json',
  'server/src',
  'server/tsconfig.json',
  'web/app',
  'web/public',
  'web/vite.config.ts',
  'web/react-router.config.ts',
  'web/scripts',
];
/** What the build writes among its inputs (antd's baked styles): not an input of the next build. */
const BUILD_OUTPUTS = new Set(['web/app/styles/antd']);

/** Builds when any source changed since the last build. */
export async function ensureBuilt({ force = false } = {}) {
  const stamp = path.join(root, 'web', 'build', '.build-stamp');
  const want = hashFiles(BUILD_INPUTS);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  log('Building (npm run build)');
  await mustRun('npm', ['run', 'build']);
  fs.writeFileSync(stamp, want);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages when running as root; fails loudly otherwise. */
export async function aptInstall(packages, why) {
  if (!isRoot()) {
    throw new Error(`${why}: install the Debian packages ${packages.join(' ')} (needs root)`);
  }
  log(`Installing ${packages.join(' ')} from Debian (${why})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await mustRun('apt-get', ['update', '-qq'], { env });
  await mustRun('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    env,
  });
}

/** The CJK font the demo's Chinese PDFs and covers are drawn with (server/src/seed/demo-font.ts). */
export const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

/** Installs the demo's CJK font when it is missing (a 1.6 MB Debian package). */
export async function ensureCjkFont() {
  if (process.env.DEMO_CJK_FONT || fs.existsSync(CJK_FONT)) return;
  await aptInstall(
    ['fonts-wqy-microhei'],
    "the demo school's Chinese PDFs and covers need a CJK font",
  );
}

/** The ffmpeg the demo seed makes its slideshow videos with (server/src/seed/demo-video.ts). */
export const FFMPEG = '/usr/bin/ffmpeg';

/**
 * Installs Debian's ffmpeg when it is missing. Where it cannot be (not root, no network),
 * the caller goes on with a warning: the demo's videos then play the sample clip.
 */
export async function ensureFfmpeg() {
  if (fs.existsSync(FFMPEG)) return;
  try {
    await aptInstall(['ffmpeg'], "the demo school's videos are slideshows made with ffmpeg");
  } catch (err) {
    console.warn(`Warning: ${err.message}. The demo's videos will play a sample clip.`);
  }
}

/** Where the server looks for soffice when SOFFICE_PATH is unset (server/src/config.ts). */
const SOFFICE_CANDIDATES = [
  '/usr/bin/soffice',
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
];
/** The CJK font LibreOffice renders Chinese documents with. */
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/**
 * bubblewrap, which seals every conversion (no network, no files but its own): without it the
 * server previews no office file (server/src/platform/files/office-sandbox.ts).
 */
const BWRAP = process.env.BWRAP_PATH || '/usr/bin/bwrap';

/**
 * LibreOffice headless, the Noto CJK fonts and bubblewrap for the drive's office previews,
 * installed when missing. Where they cannot be (not root, no network), the caller goes on
 * with a warning: the server then answers 暂不支持预览，请下载 for office files.
 * Answers whether soffice is there.
 */
export async function ensureLibreOffice() {
  const present =
    !!process.env.SOFFICE_PATH || SOFFICE_CANDIDATES.some((file) => fs.existsSync(file));
  const packages = [
    ...(fs.existsSync(BWRAP) ? [] : ['bubblewrap']),
    // The drive's search inside documents reads PDFs (and office documents' PDFs) with it.
    ...(fs.existsSync('/usr/bin/pdftotext') ? [] : ['poppler-utils']),
    ...(present
      ? []
      : ['libreoffice-writer-nogui', 'libreoffice-calc-nogui', 'libreoffice-impress-nogui']),
    ...(process.env.SOFFICE_PATH || fs.existsSync(NOTO_CJK) ? [] : ['fonts-noto-cjk']),
  ];
  if (packages.length === 0) return true;
  try {
    await aptInstall(
      packages,
      'office previews and the search inside documents need LibreOffice, a CJK font, bubblewrap and pdftotext',
    );
    return true;
  } catch (err) {
    console.warn(
      `Warning: ${err.message}. Office files (Word, Excel, PowerPoint) will not be previewed.`,
    );
    return present;
  }
}

const CLAMD = '/usr/sbin/clamd';
/** Debian's clamav-daemon socket and signature folder. */
const DEBIAN_CLAMD_SOCKET = '/run/clamav/clamd.ctl';
const CLAMAV_DATABASE = '/var/lib/clamav';

/**
 * Virus scanning (docs/security.md): installs Debian's clamav-daemon when missing. Its
 * postinst may fail to start a service where there is no systemd: clamd is started by
 * startClamd instead. Answers whether clamd is there.
 */
export async function ensureClamd() {
  if (fs.existsSync(CLAMD)) return true;
  try {
    await aptInstall(['clamav-daemon'], 'uploads are scanned for viruses by ClamAV (clamd)');
    return fs.existsSync(CLAMD);
  } catch (err) {
    console.warn(`Warning: ${err.message}. Uploads will be stored unscanned (未检测).`);
    return false;
  }
}

/**
 * The clamd the server scans with, unless VIRUS_SCAN=off or CLAMD_SOCKET / CLAMD_HOST name
 * one: Debian's service when its socket is there; else a clamd of our own over Debian's
 * signature folder, its config and socket in DATA_DIR/clamav. Without signatures (freshclam
 * needs the network) there is none: the site warns and stores uploads 未检测. Answers the
 * environment for the server and the child to stop with it (or undefined).
 */
export async function startClamd(dataDir) {
  const env = process.env;
  if (env.VIRUS_SCAN === 'off' || env.CLAMD_SOCKET || env.CLAMD_HOST) return { env: {} };
  if (fs.existsSync(DEBIAN_CLAMD_SOCKET)) return { env: {} };
  if (!fs.existsSync(CLAMD)) return { env: {} };
  const signatures = fs.existsSync(CLAMAV_DATABASE)
    ? fs.readdirSync(CLAMAV_DATABASE).filter((name) => /\.(cvd|cld|cud|ndb|hdb|ldb)$/.test(name))
    : [];
  if (signatures.length === 0) {
    console.warn(
      `Warning: ClamAV has no signature database in ${CLAMAV_DATABASE} (run freshclam where ` +
        'there is network): uploads are stored unscanned (未检测) until there is one.',
    );
    return { env: {} };
  }
  const dir = path.resolve(root, dataDir, 'clamav');
  fs.mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, 'clamd.sock');
  const config = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    config,
    [
      'Foreground yes',
      `LocalSocket ${socket}`,
      `DatabaseDirectory ${CLAMAV_DATABASE}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      // The drive takes files up to DRIVE_FILE_MAX_BYTES: stream them whole (clamd's limit).
      'StreamMaxLength 4000M',
      'MaxFileSize 4000M',
      'MaxScanSize 4000M',
      '',
    ].join('\n'),
  );
  fs.rmSync(socket, { force: true });
  const child = spawn(CLAMD, ['-c', config], { stdio: 'ignore' });
  child.on('error', (err) => console.warn(`Warning: clamd did not start: ${err.message}`));
  // The server waits for nothing: an upload before clamd answers is stored 未检测 and
  // scanned by the rescan at the next start or day.
  return { env: { VIRUS_SCAN: 'clamd', CLAMD_SOCKET: socket }, child };
}

/**
 * A command of the built server (`server/dist/<script>`): installs and builds what is missing
 * (as npm start does; nothing when it has run), then runs it with this process's arguments and
 * environment, and exits with its code.
 */
export async function runBuilt(script) {
  try {
    await ensureInstalled();
    await ensureBuilt();
  } catch (err) {
    console.error(`\n构建失败 (build failed): ${err.message}`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [`server/dist/${script}`, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
