import type { Kysely } from 'kysely';
import { isStrongPassword } from '@school/common';
import { ConfigError, type Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { seedBaseData } from './base.js';
import type { Services } from '../app.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoIntranet } from './demo-intranet.js';
import { seedDemoLeave } from './demo-leave.js';
import { seedDemoMail } from './demo-mail.js';
import { seedDemoDrive } from './demo-drive.js';
import { seedDemoStaff } from './demo-staff.js';
import { seedDemoSite } from './demo-site.js';
import { issueSetupToken } from '../modules/setup/token.js';
import { createFirstAdministrator } from './first-run.js';

export interface PrepareResult {
  created: boolean;
  demoLogins: string[];
  /** A database without staff and without ADMIN_CODE: the one-time token of /setup. */
  setupToken?: string;
}

/**
 * Fills a new database: the column tree and parameter codes always; then the
 * demo school (SEED_DEMO) or the first administrator (ADMIN_CODE); without
 * either, a one-time setup token for /setup (a new one at every start until the
 * setup is done). A database that already has staff is left as it is, so a
 * restart loses nothing.
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
  services: Services,
): Promise<PrepareResult> {
  await seedBaseData(db, services.clock());
  const { n } = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const created = Number(n) === 0;
  let setupToken: string | undefined;
  if (created) {
    if (config.seedDemo) {
      await seedDemoStaff(db, config.demoPassword);
      await seedDemoSite(db);
      await seedDemoContent(db, services, config, services.clock());
      await seedDemoIntranet(db, services, services.clock());
      await seedDemoLeave(db, services);
      await seedDemoMail(db, services);
      await seedDemoDrive(db, services);
    } else if (config.adminCode && config.adminPassword) {
      if (!isStrongPassword(config.adminPassword)) {
        throw new ConfigError(
          'ADMIN_PASSWORD must have 6-16 characters of at least three kinds (upper, lower, digit, symbol)',
        );
      }
      await createFirstAdministrator(db, services.clock, {
        code: config.adminCode,
        name: '系统管理员',
        password: config.adminPassword,
      });
    } else {
      // No administrator yet: the first visitor with the printed link names the school (/setup).
      setupToken = await issueSetupToken(db, services.clock);
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
