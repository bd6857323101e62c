import type { FastifyInstance } from 'fastify';
import { buildApp, createServices, type Services } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { prepareDatabase } from '../../seed/index.js';
import { createTestClock } from '../../test-kit/app.js';

export interface AppOn {
  app: FastifyInstance;
  handle: DatabaseHandle;
  services: Services;
  close(): Promise<void>;
}

/**
 * The app as `npm start` brings it up on an existing installation: migrations, the first boot's
 * preparation (which leaves a database with staff alone), then the routes.
 */
export async function startAppOn(where: {
  dataDir: string;
  url: string | undefined;
  sqliteFile: string;
  /** More settings, e.g. ADMIN_CODE and ADMIN_PASSWORD for a new installation. */
  env?: Record<string, string>;
}): Promise<AppOn> {
  const handle = openDatabase({ url: where.url, sqliteFile: where.sqliteFile, poolSize: 4 });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    CHECK_RESPONSES: 'true',
    DATA_DIR: where.dataDir,
    ...(where.url ? { DATABASE_URL: where.url } : {}),
    ...where.env,
  });
  const clock = createTestClock();
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const services = createServices({
      config,
      db: handle.db,
      dialect: handle.dialect,
      clock: clock.now,
    });
    await prepareDatabase(handle.db, config, services);
    const app = await buildApp({
      services,
      config,
      db: handle.db,
      dialect: handle.dialect,
      clock: clock.now,
      logger: false,
    });
    return {
      app,
      handle,
      services,
      close: async () => {
        await app.close();
        await handle.close();
      },
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}
