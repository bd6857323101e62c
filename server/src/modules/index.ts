import type { Area } from './area.js';
import { cmsArea } from './cms/index.js';
import { driveArea } from './drive/index.js';
import { intranetArea } from './intranet/index.js';
import { leaveArea } from './leave/index.js';
import { introArea } from './intro/index.js';
import { magazineArea } from './magazine/index.js';
import { mailArea } from './mail/index.js';
import { newsArea } from './news/index.js';
import { peopleArea } from './people/index.js';
import { showcaseArea } from './showcase/index.js';
import { setupArea } from './setup/index.js';
import { siteArea } from './site/index.js';
import { siteImportArea } from './site-import/index.js';
import { siteSearchArea } from './sitesearch/index.js';
import { videoArea } from './video/index.js';

/** Every area of the site; app.ts builds and registers them in this order. */
export const AREAS = [
  newsArea,
  videoArea,
  magazineArea,
  showcaseArea,
  introArea,
  peopleArea,
  intranetArea,
  leaveArea,
  mailArea,
  driveArea,
  siteSearchArea,
  cmsArea,
  setupArea,
  siteArea,
  siteImportArea,
] as const;

type ServicesOf<A> = A extends Area<infer S> ? S : never;
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The services of all areas together. */
export type AreaServices = Intersection<ServicesOf<(typeof AREAS)[number]>>;
