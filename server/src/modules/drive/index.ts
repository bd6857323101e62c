import { defineArea } from '../area.js';
import { DriveFolders } from './folders.js';
import { LibraryStats } from './library-stats.js';
import { DriveListing } from './listing.js';
import { DriveResources, driveFileGuard } from './resources.js';
import { DriveEngagement } from './engagement.js';
import { driveFileRoutes, driveRoutes } from './routes.js';

/** 教学网盘 (intranet.md §2 education ... mineWp, §7 "Teaching drive"). */
export const driveArea = defineArea({
  name: 'drive',
  services: ({ db, clock, files, config, driveUploads, texts }) => {
    const driveFolders = new DriveFolders(db, clock, new LibraryStats(db), texts);
    const driveListing = new DriveListing(db, driveFolders, texts);
    const driveResources = new DriveResources(
      db,
      clock,
      driveFolders,
      files,
      config.driveQuotaBytes,
      texts,
    );
    // An upload meant for one's own disk (tus metadata sType 1) is refused before any byte
    // is stored when the disk has no room for it.
    driveUploads.addBeforeCreate(async (staff, length, metadata) => {
      if (metadata.sType === '1') await driveResources.assertRoom(db, staff, length);
    });
    return {
      driveFolders,
      driveListing,
      driveResources,
      driveEngagement: new DriveEngagement(db, clock, driveResources, driveListing),
      driveFiles: files,
      driveDb: db,
    };
  },
  routes: async (api, services) => {
    await api.register(driveRoutes, {
      folders: services.driveFolders,
      listing: services.driveListing,
      resources: services.driveResources,
      engagement: services.driveEngagement,
    });
    await api.register(driveFileRoutes, {
      resources: services.driveResources,
      folders: services.driveFolders,
      files: services.driveFiles,
      db: services.driveDb,
    });
  },
  fileGuards: () => [driveFileGuard()],
});
