// `npm run fuzz`: the generated bad-input test (server/src/http/test/fuzz.test.ts) at
// length: FUZZ_RUNS (default 1000) requests per route and role instead of the
// few of `npm test`, on SQLite and on PostgreSQL (a throwaway server, or
// TEST_DATABASE_URL). FUZZ_DB=sqlite or postgres runs one; FUZZ_SEED repeats
// a run. Any 5xx fails with the route, the role and the request. WebDAV's methods get
// FUZZ_RUNS generated requests per caller the same way. Then the office
// converter's corpus of hostile documents (server/src/platform/files/test/office-sandbox.test.ts).
import { startPostgres } from './postgres.mjs';
import { ensureInstalled, ensureLibreOffice, log, run } from './lib.mjs';

const runs = process.env.FUZZ_RUNS ?? '1000';
const databases = process.env.FUZZ_DB ? [process.env.FUZZ_DB] : ['sqlite', 'postgres'];
const failed = [];
let postgres;
try {
  await ensureInstalled();
  for (const database of databases) {
    const env = { ...process.env, FUZZ_RUNS: runs, TEST_DB: database };
    if (database === 'postgres' && !env.TEST_DATABASE_URL) {
      postgres = await startPostgres();
      env.TEST_DATABASE_URL = postgres.url;
    }
    log(`Fuzz on ${database}: ${runs} requests per route and role`);
    // The API's routes, then WebDAV's methods (server/src/modules/drive/dav/test/dav-fuzz.test.ts).
    const code = await run(
      'npx',
      [
        'vitest',
        'run',
        'src/http/test/fuzz.test.ts',
        'src/modules/drive/dav/test/dav-fuzz.test.ts',
      ],
      { cwd: 'server', env },
    );
    if (code !== 0) failed.push(database);
  }
  // The office converter against its corpus of hostile documents (linked pictures, fields,
  // DDE, macros, a document that never finishes): no file read, no address fetched.
  await ensureLibreOffice();
  log('Office converter: the hostile document corpus, sealed');
  const corpus = await run(
    'npx',
    [
      'vitest',
      'run',
      'src/platform/files/test/office-sandbox.test.ts',
      '-t',
      'sealed office converter',
    ],
    { cwd: 'server', env: { ...process.env, TEST_DB: 'sqlite' } },
  );
  if (corpus !== 0) failed.push('the office converter corpus');
} finally {
  await postgres?.stop();
}
if (failed.length) {
  console.error(`\nfuzz failed on ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nfuzz: no 5xx');
