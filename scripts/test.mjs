// `npm test`: installs what the suites need (npm packages; Debian's chromium,
// postgresql, litmus and rclone when missing), then runs every suite. Exits non-zero when
// any suite fails or cannot run; nothing is skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureNginx } from './bench-nginx.mjs';
import { startPostgres } from './postgres.mjs';
import {
  aptInstall,
  ensureBuilt,
  ensureCjkFont,
  ensureFfmpeg,
  ensureInstalled,
  ensureLibreOffice,
  freePort,
  log,
  run,
} from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const results = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-reports-'));
const e2eReport = path.join(reports, 'e2e.json');
/** Each server run's JSON report, read for the failures' digest at the end. */
const serverReports = {
  sqlite: path.join(reports, 'sqlite.json'),
  postgres: path.join(reports, 'postgres.json'),
};
/** Vitest prints as always and writes its JSON report to `file`. */
const vitestArgs = (file) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

/** Minutes since `start`, for the summary table. */
const minutesSince = (start) => (performance.now() - start) / 60000;

async function suite(name, command, args, options = {}) {
  log(name);
  const start = performance.now();
  const code = await run(command, args, options);
  results.push({ name, ok: code === 0, minutes: minutesSince(start) });
}

/**
 * Suites run side by side, each writing to its own file, shown whole when it ends. Vitest
 * gives a run one worker on this machine's two cores (cores - 1): the SQLite and the
 * PostgreSQL runs of the server tests together keep both cores busy, and take the time of
 * the longer instead of the sum.
 */
async function sideBySide(suites) {
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'school-suite-logs-'));
  log(`${suites.map((one) => one.name).join(' | ')} (side by side)`);
  await Promise.all(
    suites.map(async ({ name, command, args, options }, i) => {
      const file = path.join(logs, `${i}.log`);
      const out = fs.openSync(file, 'w');
      const start = performance.now();
      const code = await run(command, args, { ...options, stdio: ['ignore', out, out] });
      fs.closeSync(out);
      log(`${name}: ${code === 0 ? 'passed' : 'FAILED'}`);
      process.stdout.write(fs.readFileSync(file));
      results.push({ name, ok: code === 0, minutes: minutesSince(start) });
    }),
  );
}

async function step(name, action) {
  const start = performance.now();
  try {
    await action();
    results.push({ name, ok: true, minutes: minutesSince(start) });
  } catch (err) {
    console.error(err.message);
    results.push({ name, ok: false, minutes: minutesSince(start) });
  }
}

const runStart = performance.now();

let postgres;
try {
  await ensureInstalled();
  if (!fs.existsSync(CHROMIUM))
    await aptInstall(['chromium'], "the end-to-end tests drive Debian's Chromium");
  // The demo seed (seed tests, e2e) draws Chinese PDFs with it.
  await ensureCjkFont();
  // ... and makes its videos with ffmpeg (the picture tests check the slideshows).
  await ensureFfmpeg();
  // Office previews of drive files; without it their tests fail and say why, the others run.
  await ensureLibreOffice();
  // The scale-out tests put nginx with the shipped site (TLS: openssl makes its certificate).
  await ensureNginx('the scale-out tests run two copies behind nginx');
  if (!fs.existsSync('/usr/bin/openssl'))
    await aptInstall(['openssl'], "the scale-out tests make nginx's test certificate");
  // Virus scanning: the tests start clamd on a signature database they write.
  if (!fs.existsSync('/usr/sbin/clamd')) {
    await aptInstall(['clamav-daemon'], 'the virus-scan tests start a clamd of their own');
  }
  // WebDAV: the compliance suite and a real client run against /dav/.
  const davClients = ['litmus', 'rclone'].filter((name) => !fs.existsSync(`/usr/bin/${name}`));
  if (davClients.length)
    await aptInstall(davClients, 'the WebDAV tests run litmus and rclone against /dav/');
  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    postgres = await startPostgres();
    databaseUrl = postgres.url;
  }

  await suite('Type check, lint and format', 'npm', ['run', 'check']);
  await step('Build', () => ensureBuilt({ force: true }));
  await sideBySide([
    {
      name: 'Server tests on SQLite',
      command: 'npx',
      args: vitestArgs(serverReports.sqlite),
      options: { cwd: 'server', env: { ...process.env, TEST_DB: 'sqlite' } },
    },
    {
      name: 'Server tests on PostgreSQL',
      command: 'npx',
      args: vitestArgs(serverReports.postgres),
      options: {
        cwd: 'server',
        env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: databaseUrl },
      },
    },
  ]);
  await suite('Web unit tests', 'npx', ['vitest', 'run'], { cwd: 'web' });
  await suite(
    'End-to-end tests (Playwright, Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    {
      cwd: 'web',
      env: {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
        E2E_PORT: String(await freePort()),
        E2E_WEAK_PORT: String(await freePort()),
        E2E_SETUP_PORT: String(await freePort()),
      },
    },
  );
  await suite(
    'Scale-out end-to-end tests (two copies on PostgreSQL and S3 behind nginx)',
    'npx',
    ['playwright', 'test', '-c', 'playwright.scale.config.ts', '--reporter=list'],
    { cwd: 'web', env: { ...process.env, SCALE_DATABASE_URL: databaseUrl } },
  );
} catch (err) {
  console.error(`\n${err.message}`);
  results.push({ name: 'Setup', ok: false });
} finally {
  await postgres?.stop();
}

/** The failed end-to-end tests with the first lines of their errors, so a log's tail explains itself. */
function e2eFailures() {
  if (!fs.existsSync(e2eReport)) return [];
  const lines = [];
  const visit = (suiteNode, titles) => {
    for (const spec of suiteNode.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const bad = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        if (!bad) continue;
        const error = stripVTControlCharacters(bad.error?.message ?? bad.status);
        const where = bad.error?.location
          ? ` (${path.basename(bad.error.location.file)}:${bad.error.location.line})`
          : '';
        lines.push(`  ${[...titles, spec.title].join(' › ')}${where}`);
        for (const line of error.split('\n').filter(Boolean).slice(0, 6))
          lines.push(`      ${line}`);
        lines.push(...pageAtFailure(bad));
      }
    }
    for (const child of suiteNode.suites ?? []) visit(child, [...titles, child.title]);
  };
  try {
    for (const s of JSON.parse(fs.readFileSync(e2eReport, 'utf8')).suites ?? [])
      visit(s, [s.title]);
  } catch {
    return [];
  }
  return lines;
}

/**
 * What the page said when a test failed, from Playwright's error context (its
 * ARIA snapshot): the alerts, dialogs and messages, and the table rows, so a
 * log explains a red run whose screenshots are gone with the clone.
 */
function pageAtFailure(result) {
  const context = (result.attachments ?? []).find((a) => a.name === 'error-context');
  if (!context?.path || !fs.existsSync(context.path)) return [];
  const telling = /\b(alert|alertdialog|dialog|status|row)\b/;
  const said = fs
    .readFileSync(context.path, 'utf8')
    .split('\n')
    .filter((line) => telling.test(line))
    .map((line) => line.trim().slice(0, 160));
  return said.length
    ? ['      page at failure:', ...said.slice(0, 30).map((l) => `        ${l}`)]
    : [];
}

/** The failed server tests of one run, with the first lines of their errors. */
function serverFailures(file) {
  if (!fs.existsSync(file)) return [];
  const lines = [];
  try {
    for (const testFile of JSON.parse(fs.readFileSync(file, 'utf8')).testResults ?? []) {
      const where = path.relative(path.join(process.cwd(), 'server'), testFile.name);
      const failedTests = (testFile.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (!failedTests.length && testFile.status === 'failed')
        failedTests.push({ fullName: '(the file)', failureMessages: [testFile.message ?? ''] });
      for (const t of failedTests) {
        lines.push(`  ${where} › ${t.fullName}`);
        const error = stripVTControlCharacters((t.failureMessages ?? []).join('\n'));
        for (const line of error.split('\n').filter(Boolean).slice(0, 8))
          lines.push(`      ${line}`);
      }
    }
  } catch {
    return [];
  }
  return lines;
}

const failed = results.filter((r) => !r.ok);
for (const [name, file] of Object.entries(serverReports)) {
  const digest = serverFailures(file);
  if (digest.length) console.log(`\nFailed server tests (${name}):\n${digest.join('\n')}`);
}
const e2eDigest = e2eFailures();
if (e2eDigest.length) console.log(`\nFailed end-to-end tests:\n${e2eDigest.join('\n')}`);
console.log('\nSummary (result, minutes, suite):');
for (const r of results) {
  const minutes = r.minutes === undefined ? '     ' : r.minutes.toFixed(1).padStart(5);
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${minutes}  ${r.name}`);
}
console.log(
  `suites: ${results.length - failed.length} passed, ${failed.length} failed, ` +
    `${minutesSince(runStart).toFixed(1)} min in all`,
);
process.exit(failed.length ? 1 : 0);
