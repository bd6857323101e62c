import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app.js';
import { DavLocks } from './locks.js';
import { davRoutes } from './routes.js';
import { DavTree } from './tree.js';

/** The drive over WebDAV at /dav/ (issue 22), over the drive's services and app passwords. */
export function registerDav(app: FastifyInstance, services: Services): void {
  davRoutes(app, {
    ctx: {
      db: services.db,
      tree: new DavTree(services.db, services.driveFolders, services.workingFiles),
      locks: new DavLocks(services.db, services.clock),
      folders: services.driveFolders,
      resources: services.driveResources,
      trash: services.driveTrash,
      working: services.workingFiles,
      uploads: services.driveUploads,
      files: services.driveFiles,
      quota: services.driveQuota,
    },
    now: services.clock,
    check: (login, password, ip) => services.appPasswords.authenticate(login, password, ip),
  });
}
