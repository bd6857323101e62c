import type { Kysely } from 'kysely';
import { isStrongPassword } from '@school/common';
import { ConfigError, type Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { isEmpty, seedBaseData } from './base.js';
import type { Services } from '../app.js';
import { issueSetupToken } from '../modules/setup/token.js';
import type { Clock } from '../time.js';
import { createFirstAdministrator } from '../modules/setup/first-run.js';

export interface PrepareResult {
  created: boolean;
  demoLogins: string[];
  /** A database without staff and without ADMIN_CODE: the one-time token of /setup. */
  setupToken?: string;
}

/**
 * How the services are made when a new database needs them: making them loads every area of
 * the app, which a start on a database that has its staff already never needs.
 */
export interface ServicesWhenNeeded {
  clock: Clock;
  make(): Promise<Services>;
}

const isDeferred = (services: Services | ServicesWhenNeeded): services is ServicesWhenNeeded =>
  'make' in services;

/**
 * Fills a new database: the column tree and parameter codes always; then the
 * demo school (SEED_DEMO) or the first administrator (ADMIN_CODE); without
 * either, a one-time setup token for /setup (a new one at every start until the
 * setup is done). A database that already has staff is left as it is, so a
 * restart loses nothing. The demo's seeders (fonts, PDFs, pictures, videos) load only when
 * they run.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  config: Pick<
    Config,
    | 'seedDemo'
    | 'demoPassword'
    | 'demoPasswordIsDefault'
    | 'adminCode'
    | 'adminPassword'
    | 'dataDir'
  >,
  servicesOrMaker: Services | ServicesWhenNeeded,
): Promise<PrepareResult> {
  const clock = servicesOrMaker.clock;
  const services = () =>
    isDeferred(servicesOrMaker) ? servicesOrMaker.make() : Promise.resolve(servicesOrMaker);
  await seedBaseData(db, clock());
  const created = await isEmpty(db, 'staff');
  let setupToken: string | undefined;
  if (created) {
    if (config.seedDemo) {
      const { seedDemoSchool } = await loadDemoSeed();
      await seedDemoSchool(db, config, await services());
    } else if (config.adminCode && config.adminPassword) {
      if (!isStrongPassword(config.adminPassword)) {
        throw new ConfigError(
          'ADMIN_PASSWORD must have 6-16 characters of at least three kinds (upper, lower, digit, symbol)',
        );
      }
      await createFirstAdministrator(db, clock, {
        code: config.adminCode,
        name: '系统管理员',
        password: config.adminPassword,
      });
    } else {
      // No administrator yet: the first visitor with the printed link names the school (/setup).
      setupToken = await issueSetupToken(db, clock);
    }
  }
  if (!setupToken) await db.deleteFrom('setupToken').execute();
  // The banner is on stdout, the log stream: it shows the public default password (the README
  // lists it), never one set in DEMO_PASSWORD (issue 21: no password in any log line).
  const password = config.demoPasswordIsDefault ? config.demoPassword : '<DEMO_PASSWORD>';
  const demoLogins = config.seedDemo
    ? [`管理员 admin / ${password} (身份: 管理员)`, `老师   teacher / ${password} (身份: 老师)`]
    : [];
  return { created, demoLogins, setupToken };
}

/**
 * The demo school's seeders. They write Word, Excel and PowerPoint files with
 * packages that are development dependencies (the school's own site never
 * needs them): an install without them (`npm ci --omit=dev`) must say so
 * rather than fail on a missing module.
 */
async function loadDemoSeed() {
  try {
    return await import('./demo.js');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
      throw new ConfigError(
        `SEED_DEMO needs the development packages that write the demo's files (${(err as Error).message}): install with npm ci, or set SEED_DEMO=false`,
      );
    }
    throw err;
  }
}
