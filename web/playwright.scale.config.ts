import { defineConfig } from '@playwright/test';
import { chromium } from './e2e/chromium';

/**
 * The scale-out end-to-end tests (issue 21): two copies of the built app on one PostgreSQL
 * database and one S3-protocol server, behind nginx with the shipped site configuration, all
 * started by e2e-scale/cluster.ts. `npm test` runs them after the main suite.
 */
export default defineConfig({
  testDir: 'e2e-scale',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 20_000 },
  globalSetup: './e2e-scale/cluster.ts',
  use: {
    ...chromium,
    // nginx serves a throwaway self-signed certificate.
    ignoreHTTPSErrors: true,
  },
});
