import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against the shared rules' sources, so they need no build first.
    alias: [
      {
        find: /^@school\/common\/api$/,
        replacement: fileURLToPath(new URL('../common/src/api/index.ts', import.meta.url)),
      },
      {
        find: /^@school\/common$/,
        replacement: fileURLToPath(new URL('../common/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // `*.pg.test.ts` test what exists on PostgreSQL alone (LISTEN/NOTIFY): part of the
    // PostgreSQL run only, never a skipped test in the SQLite one.
    exclude:
      process.env.TEST_DB === 'postgres' ? [] : ['src/**/*.pg.test.ts', '**/node_modules/**'],
    // Migrates a template database once per run; each test file's database is a copy of it.
    globalSetup: ['src/test-kit/global-setup.ts'],
    // Test files share one module graph in the worker: re-importing the app for each of about
    // 120 files took a fifth of the run (about 4 minutes on each database). Each file still gets
    // its own database, data folder and app (createTestApp); what a module keeps at its top
    // level must therefore be keyed by its database or app, never global (docs/contributing.md).
    isolate: false,
    // Every password hash costs tens of milliseconds of scrypt, and a PostgreSQL
    // test database is created per test file or test.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
