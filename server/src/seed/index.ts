import type { Kysely } from 'kysely';
import { isStrongPassword } from '@school/common';
import { ConfigError, type Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { StaffService } from '../modules/people/accounts.js';
import { seedBaseData } from './base.js';
import type { Services } from '../app.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoIntranet } from './demo-intranet.js';
import { seedDemoLeave } from './demo-leave.js';
import { seedDemoMail } from './demo-mail.js';
import { seedDemoDrive } from './demo-drive.js';
import { seedDemoStaff } from './demo-staff.js';

export interface PrepareResult {
  created: boolean;
  demoLogins: string[];
}

/**
 * Fills a new database: the column tree and parameter codes always; then the
 * demo school (SEED_DEMO) or the first administrator (ADMIN_CODE). A database
 * that already has staff is left as it is, so a restart loses nothing.
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
  await seedBaseData(db);
  const { n } = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const created = Number(n) === 0;
  if (created) {
    if (config.seedDemo) {
      await seedDemoStaff(db, config.demoPassword);
      await seedDemoContent(db, services, config);
      await seedDemoIntranet(db, services);
      await seedDemoLeave(db, services);
      await seedDemoMail(db, services);
      await seedDemoDrive(db, services);
    } else if (config.adminCode && config.adminPassword) {
      if (!isStrongPassword(config.adminPassword)) {
        throw new ConfigError(
          'ADMIN_PASSWORD must have 6-16 characters of at least three kinds (upper, lower, digit, symbol)',
        );
      }
      await new StaffService(db).createStaff({
        code: config.adminCode,
        name: '系统管理员',
        staffType: 5,
        isPower: 1,
        isAdmin: '1',
        password: config.adminPassword,
      });
    } else {
      throw new ConfigError(
        'the database has no staff: set ADMIN_CODE and ADMIN_PASSWORD, or SEED_DEMO=true',
      );
    }
  }
  // The banner is on stdout, the log stream: it shows the public default password (the README
  // lists it), never one set in DEMO_PASSWORD (issue 21: no password in any log line).
  const password = config.demoPasswordIsDefault ? config.demoPassword : '<DEMO_PASSWORD>';
  const demoLogins = config.seedDemo
    ? [`管理员 admin / ${password} (身份: 管理员)`, `老师   teacher / ${password} (身份: 老师)`]
    : [];
  return { created, demoLogins };
}
