import { defineArea } from '../area.js';
import { DriveFolders } from './folders.js';
import { DriveListing } from './listing.js';
import { driveRoutes } from './routes.js';

/** 教学网盘 (intranet.md §2 education ... mineWp, §7 "Teaching drive"). */
export const driveArea = defineArea({
  name: 'drive',
  services: ({ db, clock }) => {
    const driveFolders = new DriveFolders(db, clock);
    return { driveFolders, driveListing: new DriveListing(db, driveFolders) };
  },
  routes: async (api, services) => {
    await api.register(driveRoutes, {
      folders: services.driveFolders,
      listing: services.driveListing,
    });
  },
});
