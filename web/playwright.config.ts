import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromium } from './e2e/chromium';
import {
  DEMO_PASSWORD,
  SETUP_ADDRESS_FILE,
  WEAK_PASSWORD,
  setupBaseURL,
  weakBaseURL,
} from './e2e/login';

/**
 * End-to-end tests against the built app (`npm run build`), served by the
 * real server on a fresh data folder with the demo school. A second server
 * runs a copy of that school whose accounts have a weak password, for the
 * forced password change (e2e/weak-school.mjs).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const weakPort = Number(new URL(weakBaseURL).port);
const setupPort = Number(new URL(setupBaseURL).port);
const fresh = (name: string) =>
  fs.mkdtempSync(path.join(os.tmpdir(), `school-portal-e2e-${name}-`));
// The servers' JSON logs, for e2e/log-secrets.ts after the run (set once: workers inherit it).
const logDir = (process.env.E2E_SERVER_LOG_DIR ??= fresh('logs'));

const server = (
  listen: number,
  dataDir: string,
  extra: Record<string, string> = {},
  before = '',
) => ({
  // Each server beside a clamd of its own over the EICAR test signature (e2e/with-clamd.mjs).
  command: `${before}node e2e/with-clamd.mjs node ../server/dist/main.js >> "${path.join(logDir, `server-${listen}.log`)}"`,
  url: `http://127.0.0.1:${listen}/api/health`,
  reuseExistingServer: false,
  // A fresh data folder means seeding the demo school (password hashes, about 400 scene pictures
  // and a slideshow per kind of event): a minute on a quiet machine, and the two demo servers
  // seed at once on two cores. E2E_SERVER_TIMEOUT_MS: longer on a machine many runs share.
  timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 420_000),
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'production',
    PORT: String(listen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Every request's line, so the check after the run reads them all.
    LOG_LEVEL: 'info',
    ...extra,
  },
});

const mainDir = fresh('main');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  globalTeardown: './e2e/log-secrets.ts',
  timeout: 30_000,
  // The slowest single step measured with both cores busy: the first staff page in a fresh
  // browser (its bundle, then its data) took over 10 s.
  expect: { timeout: 20_000 },
  use: { ...chromium, baseURL: `http://127.0.0.1:${port}` },
  projects: [
    // Logs the staff accounts in once and saves their browser state for the staff suites.
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, dependencies: ['setup'] },
  ],
  webServer: [
    // Set, not the default: the check after the run then holds the server to never logging it.
    server(port, mainDir, { DEMO_PASSWORD }),
    // The demo school again, copied once the first server has seeded it, with weak passwords.
    (() => {
      const weakDir = fresh('weak');
      const health = `http://127.0.0.1:${port}/api/health`;
      const copy = `node e2e/weak-school.mjs ${health} "${mainDir}" "${weakDir}" ${WEAK_PASSWORD} && `;
      return server(weakPort, weakDir, { DEMO_PASSWORD: WEAK_PASSWORD }, copy);
    })(),
    // A new school: no demo, no ADMIN_CODE; its setup address also goes to a file for setup.spec.ts.
    server(setupPort, fresh('setup'), {
      SEED_DEMO: 'false',
      SETUP_TOKEN_FILE: path.join(logDir, SETUP_ADDRESS_FILE),
    }),
  ],
});
