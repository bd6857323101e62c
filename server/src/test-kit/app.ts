import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, createServices, type AppDeps, type Services } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DialectName } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { seedBaseData } from '../seed/base.js';
import { createTestDatabase } from './database.js';

/** The app's clock in a test: it stands still until the test moves it. */
export interface TestClock {
  now(): Date;
  advanceMinutes(minutes: number): void;
}

export function createTestClock(start = new Date('2026-03-02T08:00:00.000Z')): TestClock {
  let current = start;
  return {
    now: () => current,
    advanceMinutes: (minutes) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

export interface TestAppOptions {
  /** Extra environment for loadConfig, e.g. `{ SESSION_IDLE_MINUTES: '5' }`. */
  env?: Record<string, string>;
  logger?: AppDeps['logger'];
  /** false: leave the database empty (no news types, no parameters), as a first boot finds it. */
  seedBase?: boolean;
  /** Pages to serve (a test's own renderer; API-only without). */
  web?: AppDeps['web'];
  /** Where the test's clock starts (default 2026-03-02 16:00 in Beijing). */
  startAt?: Date;
}

export interface TestApp {
  /** Not yet ready: a test may still add routes before its first inject. */
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: DialectName;
  config: Config;
  clock: TestClock;
  /** The app's own services, to make content the way the content platform does. */
  services: Services;
  close(): Promise<void>;
}

/** An app on a fresh, migrated database of the dialect under test (`TEST_DB`). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-data-'));
  try {
    if (options.seedBase !== false) await seedBaseData(database.db);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Every answer's fields must be described by its route's schema.
      CHECK_RESPONSES: 'true',
      // The generated tests (fuzz, route access, bad input) read the API document anonymously.
      API_DOCS: 'public',
      DATA_DIR: dataDir,
      // No scanner unless a test starts one (test-kit/clamd.ts): no test meets the machine's clamd.
      VIRUS_SCAN: 'off',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    });
    const clock = createTestClock(options.startAt);
    const services = createServices({
      config,
      db: database.db,
      dialect: database.dialect,
      clock: clock.now,
    });
    const app = await buildApp({
      services,
      config,
      db: database.db,
      dialect: database.dialect,
      clock: clock.now,
      logger: options.logger ?? false,
      web: options.web,
    });
    return {
      app,
      db: database.db,
      dialect: database.dialect,
      config,
      clock,
      services,
      close: async () => {
        await app.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
