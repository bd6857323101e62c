import type { Services } from '../app.js';
import type { CmsSaveInput } from '../modules/news/admin-service.js';
import type { CmsVideoSaveInput } from '../modules/video/admin-service.js';
import { isContentAdmin } from '../http/roles.js';
import type { AuthStaff } from '../platform/auth/session.js';
import { placeInReview, type ReviewPlace } from '../platform/publishing/review-place.js';
import type { DemoFiles } from './demo-files.js';
import type { Random } from './random.js';

export const DAY = 86_400_000;
export const DEMO_IP = '10.10.0.8';

/** What the parts of the demo content share. */
export interface DemoContext {
  services: Services;
  /**
   * The one seeded generator. The parts draw from it in a fixed order, so the
   * content is the same on every new database: keep the order of the calls.
   */
  random: Random;
  now: Date;
  files: DemoFiles;
  /** The staff member who makes an item: one of the demo authors, at random. */
  actor: () => AuthStaff;
  /** The content administrator: reviews, and writes what only administrators write. */
  admin: AuthStaff;
  /** The demo teacher: writes the items that wait for review (an administrator's are approved). */
  teacher: AuthStaff;
  /** A moment that many days before now, less a random number of minutes. */
  daysAgo: (days: number) => Date;
}

/** Who writes an item that is to stand at `place`: an item waiting for review is a teacher's. */
const authorFor = (ctx: DemoContext, drawn: AuthStaff, place: ReviewPlace) =>
  place.reviewState && place.reviewState !== 'approved' && isContentAdmin(drawn)
    ? ctx.teacher
    : drawn;

/**
 * A demo news item as the platform makes one: the one save of news in its
 * author's name, then the review's steps to its place (approved and on the
 * shelf unless told), the administrator reviewing.
 */
export async function demoNews(
  ctx: DemoContext,
  input: CmsSaveInput,
  drawn: AuthStaff,
  place: ReviewPlace = {},
): Promise<number> {
  const author = authorFor(ctx, drawn, place);
  const newId = await ctx.services.cmsNews.save(input, author, DEMO_IP, { onBehalf: true });
  await placeInReview(ctx.services.news.review, newId, place, {
    author,
    reviewer: ctx.admin,
    ip: DEMO_IP,
  });
  return newId;
}

/** A demo video as the platform makes one, made at `at` (see `demoNews`). */
export async function demoVideo(
  ctx: DemoContext,
  input: CmsVideoSaveInput,
  drawn: AuthStaff,
  place: ReviewPlace,
  at: Date,
): Promise<number> {
  const author = authorFor(ctx, drawn, place);
  const videoId = await ctx.services.cmsVideo.save(input, author, DEMO_IP, {
    onBehalf: true,
    at,
  });
  await placeInReview(ctx.services.video.review, videoId, place, {
    author,
    reviewer: ctx.admin,
    ip: DEMO_IP,
  });
  return videoId;
}
