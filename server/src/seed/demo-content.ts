import type { Kysely } from 'kysely';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { AUTH_STAFF_COLUMNS, type AuthStaff } from '../platform/auth/session.js';
import { seedMagazineSeries } from '../modules/magazine/service.js';
import { seedVideoTypes } from '../modules/video/service.js';
import { DAY, type DemoContext } from './demo-context.js';
import { makeDemoFiles, type DemoFileOptions } from './demo-files.js';
import { seedIntroduction } from './demo-introduction.js';
import { seedMagazines, seedVideos } from './demo-media.js';
import { seedAdmissions, seedColumnNews, seedGalleries, seedSpecialTopics } from './demo-news.js';
import { seedBanners, seedSocieties } from './demo-showcase.js';
import { seededRandom } from './random.js';

/**
 * The demo school's content, made through the same services the content
 * platform uses: news of every column with pictures, videos and attachments,
 * special topics with sub-news, galleries, videos, magazines with real PDFs,
 * the school introduction, people, societies, banners and covers. Some items
 * are pinned, some for staff only, some off the shelf or waiting for review,
 * so the visibility rules show. Deterministic: the same on every new database.
 */
export async function seedDemoContent(
  db: Kysely<Database>,
  services: Services,
  config: { dataDir: string },
  now: Date = new Date(),
): Promise<void> {
  const ctx = await demoContext(db, services, config, now);
  // The parts draw from the one generator in turn: their order is part of the content.
  await seedDemoReports(ctx);
  await seedMagazines(ctx);
  await seedIntroduction(ctx);
  await seedSocieties(ctx);
  await seedBanners(ctx);
  // Frequent contacts (常用联系人) of the two demo logins: colleagues of the address book.
  const colleagues = ctx.staff.filter((s) => /^t10\d\d$/.test(s.code)).map((s) => s.id);
  await services.addressBook.add(ctx.teacher, colleagues.slice(0, 5));
  await services.addressBook.add(ctx.admin, colleagues.slice(3, 9));
}

/**
 * What the parts of the demo content share: the seeded generator, the clock, the stored
 * pictures and the demo authors. `files` passes options to the pictures (a test without
 * ffmpeg's slideshows).
 */
export async function demoContext(
  db: Kysely<Database>,
  services: Services,
  config: { dataDir: string },
  now: Date,
  files: DemoFileOptions = {},
) {
  const random = seededRandom(20260901);
  const staff: AuthStaff[] = (
    await db.selectFrom('staff').select(AUTH_STAFF_COLUMNS).orderBy('id').execute()
  ).map((row) => ({ ...row, sessionId: 0 }));
  const admin = staff.find((s) => s.code === 'admin') ?? staff[0]!;
  const teacher = staff.find((s) => s.code === 'teacher') ?? admin;
  const authors = [admin, teacher, ...staff.filter((s) => /^t10[0-2]\d$/.test(s.code))];
  const actor = (): AuthStaff => random.pick(authors);
  const daysAgo = (days: number) =>
    new Date(now.getTime() - days * DAY - random.int(0, 600) * 60_000);

  await seedVideoTypes(db);
  await seedMagazineSeries(db);
  const ctx: DemoContext = {
    services,
    random,
    now,
    files: await makeDemoFiles(services, config.dataDir, now, files),
    actor,
    admin,
    teacher,
    daysAgo,
  };
  return { ...ctx, staff };
}

/** The reports: column news, admissions, special topics, galleries and videos, in this order. */
export async function seedDemoReports(ctx: DemoContext): Promise<void> {
  await seedColumnNews(ctx);
  await seedAdmissions(ctx);
  await seedSpecialTopics(ctx);
  await seedGalleries(ctx);
  await seedVideos(ctx);
}
