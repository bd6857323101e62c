import type { FastifyInstance } from 'fastify';
import type { HandoffTarget } from '../platform/auth/handoff-service.js';
import type { FileGuard, FileUses } from '../platform/files/guards.js';
import type { Platform } from '../platform/index.js';

/**
 * One area of the school's site (news, video, people, ...): its services,
 * built over the platform, and its calls under /api, public and platform
 * (cms) alike. `app.ts` builds and registers every area in one loop.
 */
export interface Area<Services extends object> {
  name: string;
  services(platform: Platform): Services;
  routes(api: FastifyInstance, services: Services): Promise<void>;
  /** Its addresses outside /api, on the site itself (the drive's WebDAV at /dav/). */
  siteRoutes?(app: FastifyInstance, services: Services & Platform): void;
  /** The editors the 【编辑】 hand-off may open, by visitType. */
  handoffTargets?(platform: Platform): Array<[number, HandoffTarget]>;
  /** Who else may not read the stored files its items use (see FileGuard). */
  fileGuards?(platform: Platform): FileGuard[];
  /** Where its items name stored files, and which of them the public may read (see FileUses). */
  fileUses?: readonly FileUses[];
}

export const defineArea = <Services extends object>(area: Area<Services>) => area;
