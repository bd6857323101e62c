import { defineArea } from '../area.js';
import { DriveFolders } from './folders.js';
import { DriveListing } from './listing.js';
import { DriveResources, driveFileGuard } from './resources.js';
import { driveRoutes } from './routes.js';

/** 教学网盘 (intranet.md §2 education ... mineWp, §7 "Teaching drive"). */
export const driveArea = defineArea({
  name: 'drive',
  services: ({ db, clock, files, config }) => {
    const driveFolders = new DriveFolders(db, clock);
    return {
      driveFolders,
      driveListing: new DriveListing(db, driveFolders),
      driveResources: new DriveResources(db, clock, driveFolders, files, config.driveQuotaBytes),
    };
  },
  routes: async (api, services) => {
    await api.register(driveRoutes, {
      folders: services.driveFolders,
      listing: services.driveListing,
      resources: services.driveResources,
    });
  },
  fileGuards: ({ db }) => [driveFileGuard(db)],
});
