import type { Services } from '../app.js';
import type { Actor } from '../modules/news/service.js';
import type { DemoFiles } from './demo-files.js';
import type { Random } from './random.js';

export const DAY = 86_400_000;

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
  actor: () => Actor;
  /** A moment that many days before now, less a random number of minutes. */
  daysAgo: (days: number) => Date;
}
