// `npm run crash`: the crash-safety test (server/src/test/crash-safety.test.ts) with 100 SIGKILLs
// of the server during writes (CRASH_RUNS to change it), on SQLite and on PostgreSQL.
// `npm test` runs the same test with 20.
import { startPostgres } from './postgres.mjs';
import { ensureInstalled, log, run } from './lib.mjs';

const runs = process.env.CRASH_RUNS || '100';
const results = [];
let postgres;
try {
  await ensureInstalled();
  let databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    postgres = await startPostgres();
    databaseUrl = postgres.url;
  }
  for (const [name, env] of [
    ['SQLite', { TEST_DB: 'sqlite' }],
    ['PostgreSQL', { TEST_DB: 'postgres', TEST_DATABASE_URL: databaseUrl }],
  ]) {
    log(`Crash safety on ${name}: ${runs} SIGKILLs`);
    const code = await run('npx', ['vitest', 'run', 'src/test/crash-safety.test.ts'], {
      cwd: 'server',
      env: { ...process.env, ...env, CRASH_RUNS: runs },
    });
    results.push({ name, ok: code === 0 });
  }
} catch (err) {
  console.error(`\n${err.message}`);
  results.push({ name: 'Setup', ok: false });
} finally {
  await postgres?.stop();
}

console.log('\nSummary:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'}  crash safety on ${r.name}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
