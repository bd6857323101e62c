// `npm test`: installs what the suites need (npm packages; Debian's chromium
// and postgresql when missing), then runs every suite. Exits non-zero when
// any suite fails or cannot run; nothing is skipped.
import fs from 'node:fs';
import { startPostgres } from './postgres.mjs';
import { aptInstall, ensureBuilt, ensureInstalled, freePort, log, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const results = [];

async function suite(name, command, args, options = {}) {
  log(name);
  const code = await run(command, args, options);
  results.push({ name, ok: code === 0 });
}

async function step(name, action) {
  try {
    await action();
    results.push({ name, ok: true });
  } catch (err) {
    console.error(err.message);
    results.push({ name, ok: false });
  }
}

let postgres;
try {
  await ensureInstalled();
  if (!fs.existsSync(CHROMIUM))
    await aptInstall(['chromium'], "the end-to-end tests drive Debian's Chromium");
  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    postgres = await startPostgres();
    databaseUrl = postgres.url;
  }

  await suite('Type check, lint and format', 'npm', ['run', 'check']);
  await step('Build', () => ensureBuilt({ force: true }));
  await suite('Server tests on SQLite', 'npx', ['vitest', 'run'], {
    cwd: 'server',
    env: { ...process.env, TEST_DB: 'sqlite' },
  });
  await suite('Server tests on PostgreSQL', 'npx', ['vitest', 'run'], {
    cwd: 'server',
    env: { ...process.env, TEST_DB: 'postgres', TEST_DATABASE_URL: databaseUrl },
  });
  await suite('Web unit tests', 'npx', ['vitest', 'run'], { cwd: 'web' });
  await suite('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    cwd: 'web',
    env: {
      ...process.env,
      E2E_PORT: String(await freePort()),
      E2E_WEAK_PORT: String(await freePort()),
    },
  });
} catch (err) {
  console.error(`\n${err.message}`);
  results.push({ name: 'Setup', ok: false });
} finally {
  await postgres?.stop();
}

const failed = results.filter((r) => !r.ok);
console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}`);
console.log(`suites: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
