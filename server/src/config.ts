import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/build, found from this file whether it runs from src/ or dist/. */
const DEFAULT_WEB_BUILD = fileURLToPath(new URL('../../web/build', import.meta.url));

/** Where the bucket is and how to reach it (read from S3_*; platform/files/s3-storage.ts). */
export interface S3Settings {
  bucket: string;
  /** Keys are stored under this prefix ('' or ending in '/'), so one bucket can hold several sites. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, OSS, COS); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO and most self-hosted servers) instead of the host name. */
  forcePathStyle: boolean;
}

/** Everything the process reads from its environment, validated once at boot. */
/** Where clamd listens: its unix socket or a TCP address. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

/** VIRUS_SCAN: off, or clamd at an address (platform/files/virus-scan.ts). */
export type VirusScanSettings =
  { mode: 'off' } | { mode: 'clamd'; address: ClamdAddress; timeoutMs: number };

/** Debian's clamav-daemon socket, used when neither CLAMD_SOCKET nor CLAMD_HOST is set. */
export const DEBIAN_CLAMD_SOCKET = '/run/clamav/clamd.ctl';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: a SQLite file in dataDir. `postgres://...`: PostgreSQL. */
  databaseUrl: string | undefined;
  seedDemo: boolean;
  demoPassword: string;
  demoPasswordIsDefault: boolean;
  adminCode: string | undefined;
  adminPassword: string | undefined;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Wrong passwords allowed per account and address, and per address, in one window. */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  /**
   * Wrong passwords allowed per account over all addresses in one window
   * (LOGIN_MAX_FAILURES_PER_ACCOUNT); past it only addresses the account has
   * logged in from lately may try.
   */
  loginMaxFailuresPerAccountOverall: number;
  loginFailureWindowMinutes: number;
  /** Requests per minute and address for the whole API, shared by every process (in the database). */
  apiRateLimitPerMinute: number;
  trustProxy: boolean;
  /** Stored files in an S3-compatible bucket (S3_BUCKET set) instead of dataDir/files. */
  s3: S3Settings | undefined;
  /** Tests: refuse an answer that holds a field its route's schema does not describe. */
  checkResponses: boolean;
  /** Memory for rendered public pages kept for anonymous visitors (web/page-cache.ts); 0: off. */
  pageCacheBytes: number;
  /** Memory of each worker for kept API answers, counts and drive lists (cache/kept.ts); 0: none kept. */
  cacheBytes: number;
  /** Worker processes behind the one port (main.ts). */
  webConcurrency: number;
  logLevel: string;
  /** Prometheus metrics (observability/): own port (0: none) on its host, path, public token. */
  metricsPort: number;
  metricsHost: string;
  metricsPath: string;
  metricsToken: string | undefined;
  webBuildDir: string;
  /**
   * /publicPage may log in from a password in its address (PUBLIC_ENTRY_PASSWORD):
   * off unless set, as such a password ends up in logs and histories.
   */
  publicEntryPassword: boolean;
  /**
   * Who reads the OpenAPI document at /api/docs/json (API_DOCS): `public` anyone, `staff`
   * (default) a signed-in staff member, `off` nobody (404). It lists every call with its rule.
   */
  apiDocs: ApiDocs;
  /** The school's linked systems and their secrets (LINKED_SYSTEMS="oa=secret,jw=secret"). */
  linkedSystems: ReadonlyMap<string, string>;
  /** Bytes each person's disk (我的网盘) may hold (DRIVE_QUOTA_BYTES, default 10 GiB). */
  driveQuotaBytes: number;
  /** Largest file of the teaching drive, in bytes (DRIVE_FILE_MAX_BYTES, default 2 GiB). */
  driveFileMaxBytes: number;
  /** Bytes (before compression) one 打包下载 may hold (DRIVE_ZIP_MAX_BYTES, default 4 GiB). */
  driveZipMaxBytes: number;
  /** Days a deleted drive file or folder stays in the 回收站 (DRIVE_TRASH_DAYS, default 30). */
  driveTrashDays: number;
  /** Days a mail's 超大附件 link may be opened after sending (MAIL_LARGE_FILE_DAYS, default 30). */
  mailLargeFileDays: number;
  /**
   * Hours an upload no drive resource, mail or draft uses is kept before it is removed
   * (PENDING_UPLOAD_HOURS, default 24).
   */
  pendingUploadHours: number;
  /**
   * LibreOffice's soffice for office previews (SOFFICE_PATH; unset: found where Debian and
   * the LibreOffice packages put it; "off": none). null: office files are not previewed.
   */
  sofficePath: string | null;
  /** Seconds one office conversion may take before soffice is killed (OFFICE_PREVIEW_TIMEOUT_SECONDS). */
  officePreviewTimeoutSeconds: number;
  /**
   * bubblewrap, which seals every conversion (BWRAP_PATH, default /usr/bin/bwrap). Where it
   * is missing or fails its check at start, office files are not previewed.
   */
  bwrapPath: string;
  /** Address space one conversion may map, in MiB (OFFICE_PREVIEW_MEMORY_MB, default 1024). */
  officePreviewMemoryMb: number;
  /**
   * Poppler's pdftotext, which reads the text of PDFs (and of office documents' preview PDFs)
   * for the drive's search inside documents (PDFTOTEXT_PATH; unset: /usr/bin/pdftotext when
   * there; "off": none). null: PDFs are found by name only.
   */
  pdftotextPath: string | null;
  /** Processor seconds one conversion may use (OFFICE_PREVIEW_CPU_SECONDS, default the time-out). */
  officePreviewCpuSeconds: number;
  /**
   * A file the first run's setup address is also written to (SETUP_TOKEN_FILE; unset: none),
   * for scripted installs and the end-to-end tests; the console line is always printed.
   */
  setupTokenFile: string | undefined;
  /**
   * Virus scanning of every upload (VIRUS_SCAN=clamd, the default, or off) by clamd at
   * CLAMD_SOCKET (default Debian's /run/clamav/clamd.ctl) or CLAMD_HOST and CLAMD_PORT
   * (default 3310); one scan may take CLAMD_TIMEOUT_SECONDS (default 120). A clamd that
   * does not answer leaves uploads 未检测 (docs/security.md).
   */
  virusScan: VirusScanSettings;
}

/**
 * S3_BUCKET (with S3_ENDPOINT for a server other than AWS, S3_REGION, S3_PREFIX,
 * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE): the stored files go to the
 * bucket. Unset: local disk.
 */
function s3Settings(env: Env): S3Settings | undefined {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) {
    throw new ConfigError('S3_ENDPOINT must start with http:// or https://');
  }
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // Self-hosted servers (MinIO, Ceph) answer on one host name: the bucket goes in the path.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', !!endpoint),
  };
}

/** A linked system's secret is at least this long. */
const SECRET_MIN = 16;

function linkedSystems(raw: string | undefined): Map<string, string> {
  const systems = new Map<string, string>();
  for (const pair of (raw ?? '').split(',').filter((part) => part.trim())) {
    const at = pair.indexOf('=');
    const code = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9_-]{1,32}$/.test(code)) {
      throw new ConfigError(
        `LINKED_SYSTEMS: "${code || pair}" is not a system code (letters, digits, - and _)`,
      );
    }
    if (secret.length < SECRET_MIN) {
      throw new ConfigError(
        `LINKED_SYSTEMS: the secret of "${code}" must be at least ${SECRET_MIN} characters`,
      );
    }
    systems.set(code, secret);
  }
  return systems;
}

/** Where soffice is looked for when SOFFICE_PATH is unset. */
const SOFFICE_CANDIDATES = [
  '/usr/bin/soffice',
  '/usr/lib/libreoffice/program/soffice',
  '/opt/libreoffice/program/soffice',
];

function soffice(raw: string | undefined): string | null {
  if (raw && /^(off|none|false|0)$/i.test(raw)) return null;
  if (raw) {
    if (!fs.existsSync(raw)) throw new ConfigError(`SOFFICE_PATH: "${raw}" does not exist`);
    return raw;
  }
  return SOFFICE_CANDIDATES.find((file) => fs.existsSync(file)) ?? null;
}

function pdftotext(raw: string | undefined): string | null {
  if (raw && /^(off|none|false|0)$/i.test(raw)) return null;
  if (raw) {
    if (!fs.existsSync(raw)) throw new ConfigError(`PDFTOTEXT_PATH: "${raw}" does not exist`);
    return raw;
  }
  return fs.existsSync('/usr/bin/pdftotext') ? '/usr/bin/pdftotext' : null;
}

const API_DOCS = ['public', 'staff', 'off'] as const;
export type ApiDocs = (typeof API_DOCS)[number];

function apiDocs(raw: string | undefined): ApiDocs {
  const value = (raw || 'staff').toLowerCase();
  if (!(API_DOCS as readonly string[]).includes(value)) {
    throw new ConfigError(`API_DOCS must be one of ${API_DOCS.join(', ')}, got "${raw}"`);
  }
  return value as ApiDocs;
}

export const DEFAULT_DEMO_PASSWORD = 'School@2026';

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function virusScan(env: Env): VirusScanSettings {
  const mode = env.VIRUS_SCAN || 'clamd';
  if (mode === 'off') return { mode: 'off' };
  if (mode !== 'clamd') throw new ConfigError(`VIRUS_SCAN must be clamd or off, got "${mode}"`);
  const timeoutMs = integer(env, 'CLAMD_TIMEOUT_SECONDS', 120, 1, 3600) * 1000;
  if (env.CLAMD_HOST) {
    if (env.CLAMD_SOCKET) throw new ConfigError('set CLAMD_SOCKET or CLAMD_HOST, not both');
    return {
      mode,
      address: { host: env.CLAMD_HOST, port: integer(env, 'CLAMD_PORT', 3310, 1, 65535) },
      timeoutMs,
    };
  }
  return { mode, address: { socket: env.CLAMD_SOCKET || DEBIAN_CLAMD_SOCKET }, timeoutMs };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  }
  const seedDemo = flag(env, 'SEED_DEMO', true);
  const adminCode = env.ADMIN_CODE || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (!!adminCode !== !!adminPassword) {
    throw new ConfigError('ADMIN_CODE and ADMIN_PASSWORD must be set together');
  }
  const demoPassword = env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL "${logLevel}" is not a log level`);
  }
  const metricsPath = env.METRICS_PATH || '/metrics';
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(metricsPath) || metricsPath.startsWith('/api/')) {
    throw new ConfigError(
      `METRICS_PATH must be a path outside /api/, like /metrics, got "${metricsPath}"`,
    );
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl,
    seedDemo,
    demoPassword,
    demoPasswordIsDefault: !env.DEMO_PASSWORD,
    adminCode,
    adminPassword,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 1, 60 * 24 * 30),
    sessionMaxHours: integer(env, 'SESSION_MAX_HOURS', 12, 1, 24 * 365),
    loginMaxFailuresPerAccount: integer(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginMaxFailuresPerAddress: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 10000),
    loginMaxFailuresPerAccountOverall: integer(
      env,
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      50,
      1,
      100000,
    ),
    loginFailureWindowMinutes: integer(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60),
    apiRateLimitPerMinute: integer(env, 'API_RATE_LIMIT', 1200, 1, 1_000_000_000),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    s3: s3Settings(env),
    checkResponses: flag(env, 'CHECK_RESPONSES', false),
    pageCacheBytes: integer(env, 'PAGE_CACHE_MB', 64, 0, 65536) * 1024 * 1024,
    cacheBytes: integer(env, 'CACHE_MB', 64, 0, 65536) * 1024 * 1024,
    webConcurrency: integer(env, 'WEB_CONCURRENCY', os.availableParallelism(), 1, 256),
    logLevel,
    metricsPort: integer(env, 'METRICS_PORT', 0, 0, 65535),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    metricsPath,
    metricsToken,
    webBuildDir: env.WEB_BUILD_DIR ? path.resolve(cwd, env.WEB_BUILD_DIR) : DEFAULT_WEB_BUILD,
    publicEntryPassword: flag(env, 'PUBLIC_ENTRY_PASSWORD', false),
    apiDocs: apiDocs(env.API_DOCS),
    linkedSystems: linkedSystems(env.LINKED_SYSTEMS),
    driveQuotaBytes: integer(env, 'DRIVE_QUOTA_BYTES', 10 * 1024 ** 3, 0, 2 ** 50),
    driveFileMaxBytes: integer(env, 'DRIVE_FILE_MAX_BYTES', 2 * 1024 ** 3, 1, 2 ** 50),
    driveZipMaxBytes: integer(env, 'DRIVE_ZIP_MAX_BYTES', 4 * 1024 ** 3, 1, 2 ** 50),
    driveTrashDays: integer(env, 'DRIVE_TRASH_DAYS', 30, 1, 3650),
    mailLargeFileDays: integer(env, 'MAIL_LARGE_FILE_DAYS', 30, 1, 3650),
    pendingUploadHours: integer(env, 'PENDING_UPLOAD_HOURS', 24, 1, 24 * 365),
    sofficePath: soffice(env.SOFFICE_PATH),
    officePreviewTimeoutSeconds: integer(env, 'OFFICE_PREVIEW_TIMEOUT_SECONDS', 120, 1, 3600),
    bwrapPath: env.BWRAP_PATH || '/usr/bin/bwrap',
    pdftotextPath: pdftotext(env.PDFTOTEXT_PATH),
    officePreviewMemoryMb: integer(env, 'OFFICE_PREVIEW_MEMORY_MB', 1024, 64, 65536),
    officePreviewCpuSeconds: integer(
      env,
      'OFFICE_PREVIEW_CPU_SECONDS',
      integer(env, 'OFFICE_PREVIEW_TIMEOUT_SECONDS', 120, 1, 3600),
      1,
      3600,
    ),
    setupTokenFile: env.SETUP_TOKEN_FILE ? path.resolve(cwd, env.SETUP_TOKEN_FILE) : undefined,
    virusScan: virusScan(env),
  };
}
