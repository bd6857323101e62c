import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { seedDemoContent } from './demo-content.js';
import { seedDemoDrive } from './demo-drive.js';
import { seedDemoIntranet } from './demo-intranet.js';
import { seedDemoLeave } from './demo-leave.js';
import { seedDemoMail } from './demo-mail.js';
import { seedDemoSite } from './demo-site.js';
import { seedDemoStaff } from './demo-staff.js';

/**
 * The whole demo school on an empty database: its staff and site, its published content, the
 * intranet, leave, mail and the drive, written through the services real content goes through.
 */
export async function seedDemoSchool(
  db: Kysely<Database>,
  config: Pick<Config, 'demoPassword' | 'dataDir'>,
  services: Services,
): Promise<void> {
  await seedDemoStaff(db, config.demoPassword);
  await seedDemoSite(db);
  await seedDemoContent(db, services, config, services.clock());
  await seedDemoIntranet(db, services, services.clock());
  await seedDemoLeave(db, services);
  await seedDemoMail(db, services);
  await seedDemoDrive(db, services);
}
