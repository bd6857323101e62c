import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/index.js';
import type { DavContext } from './context.js';
import { DavLocks } from './locks.js';
import { davRoutes } from './routes.js';
import { DavTree } from './tree.js';

/** The drive's services WebDAV works through. */
export type DavServices = Omit<DavContext, 'db' | 'tree' | 'locks'>;

/** The drive over WebDAV at /dav/ (issue 22), over the drive's services and app passwords. */
export function registerDav(app: FastifyInstance, platform: Platform, drive: DavServices): void {
  davRoutes(app, {
    ctx: {
      ...drive,
      db: platform.db,
      tree: new DavTree(platform.db, drive.folders, drive.working),
      locks: new DavLocks(platform.db, platform.clock),
    },
    now: platform.clock,
    check: (login, password, ip) => platform.appPasswords.authenticate(login, password, ip),
  });
}
