import { defineArea } from '../area.js';
import { DriveFolders } from './library/folders.js';
import { LibraryStats } from './library/library-stats.js';
import { DriveListing } from './library/listing.js';
import { driveFileGuard } from './library/resource-access.js';
import { DriveResources } from './library/resources.js';
import { DriveEngagement } from './library/engagement.js';
import { FolderZips } from './library/folder-zip.js';
import { DriveHandover } from './disk/handover.js';
import { DRIVE_UPLOAD, DiskQuota, driveHoldTaken } from './disk/quota.js';
import { LargeAttachments } from './disk/large-attachments.js';
import { driveFileRoutes, driveRoutes } from './library/routes.js';
import { diskRoutes } from './disk/routes.js';
import { DrivePreviews, drivePreviewRoutes } from './library/office-preview.js';
import { driveUploadRoutes } from './uploads/upload-routes.js';
import { DriveUploads } from './uploads/uploads.js';
import { DriveTrash } from './trash/trash.js';
import { driveTrashGuard } from './trash/trash-rows.js';
import { driveTrashRoutes } from './trash/trash-routes.js';
import { driveVersionGuard } from './trash/versions.js';
import { FolderShareLinks } from './shares/folder-shares.js';
import { driveShareRoutes } from './shares/share-routes.js';
import { DriveShares } from './shares/shares.js';
import { ShareVisits } from './shares/share-visits.js';
import { WorkingFiles, workingFileGuard } from './dav/working-files.js';
import { registerDav } from './dav/index.js';
import { DriveFacets } from './library/facets.js';
import { DriveFacetCounts } from './library/facet-counts.js';
import { driveFacetRoutes } from './library/facet-routes.js';

/** 教学网盘 (intranet.md §2 education ... mineWp, §7 "Teaching drive"). */
export const driveArea = defineArea({
  name: 'drive',
  services: ({
    db,
    dialect,
    clock,
    files,
    uploads,
    config,
    uploadSweep,
    texts,
    officePreviews,
    fileTexts,
    fileSearch,
    handovers,
  }) => {
    /** Uploads of the teaching drive (upload.do, 秒传, tus), under the drive's quota. */
    const driveUploads = new DriveUploads(uploads, config.driveFileMaxBytes);
    const quota = new DiskQuota(db, dialect, clock, config.driveQuotaBytes);
    const driveFolders = new DriveFolders(db, clock, new LibraryStats(db), texts);
    const driveListing = new DriveListing(db, driveFolders, texts, fileTexts);
    const driveResources = new DriveResources(
      db,
      clock,
      driveFolders,
      files,
      quota,
      texts,
      fileTexts,
    );
    // The site search's 查资料: the library and one's own disk, by name and text.
    fileSearch.register((viewer, keyword, paging) =>
      driveListing.searchEverywhere(viewer, { keyword }, paging),
    );
    // Search inside documents: the texts of the drive's files (the library, disks, versions).
    fileTexts.addSource((after, limit) =>
      db
        .selectFrom('driveResource')
        .select(['fileId', 'fileName'])
        .where('fileId', '>', after)
        .orderBy('fileId')
        .limit(limit)
        .execute(),
    );
    // An upload meant for one's own disk (tus metadata sType 1) is refused before any byte
    // is stored when the disk has no room for it; a resumable one counts against the disk
    // until it ends. One meant for the library is refused when the person's uploads not
    // registered yet would pass the quota.
    driveUploads.addBeforeCreate(async (staff, length, metadata, uploadId) => {
      if (metadata.sType !== '1') await quota.assertPendingRoom(staff.id, length);
      else if (uploadId) await quota.reserve(staff.id, uploadId, length);
      else await quota.assertRoom(db, staff.id, length);
    });
    driveUploads.addOnEnd((uploadId) => quota.release(uploadId));
    // 离职交接: the leaver's disk, library uploads and share links go to the receiver.
    handovers.add(new DriveHandover(quota));
    // An upload's hold begins when its bytes are stored, again when the same bytes come again.
    driveUploads.addOnStored((staff, upload) =>
      uploadSweep.touch(DRIVE_UPLOAD, upload.fileId, staff.id),
    );
    uploadSweep.addHolds({ table: DRIVE_UPLOAD, taken: driveHoldTaken });
    uploadSweep.addChore((now) => quota.dropExpired(now));
    // The 回收站 (issue 19): entries older than DRIVE_TRASH_DAYS go at the sweep (at start, hourly).
    const driveTrash = new DriveTrash(
      db,
      clock,
      driveFolders,
      texts,
      (fileIds) => driveResources.dropUnused(fileIds),
      config.driveTrashDays,
    );
    uploadSweep.addChore(async (now) => {
      await driveTrash.purgeExpired(now);
    });
    // WebDAV's working files (issue 22); those whose folder was deleted in the page go here.
    const workingFiles = new WorkingFiles(db, clock, files, quota, config.driveFileMaxBytes);
    uploadSweep.addChore(() => workingFiles.dropOrphans());
    const driveZips = new FolderZips(db, driveFolders, files, config.driveZipMaxBytes);
    const driveShares = new DriveShares(db, clock, files);
    const driveShareVisits = new ShareVisits(db, clock, files);
    return {
      driveFolders,
      driveZips,
      driveListing,
      driveResources,
      driveTrash,
      driveQuota: quota,
      /** Files sent as a mail's 超大附件, kept in the sender's disk. */
      driveLargeAttachments: new LargeAttachments(db, driveFolders, driveResources),
      workingFiles,
      driveEngagement: new DriveEngagement(db, clock, driveResources, driveListing),
      driveFiles: files,
      driveUploads,
      /** Where resumable uploads wait, and the sweep that drops the expired ones. */
      driveTus: {
        dataDir: config.dataDir,
        // With the files in a bucket, several copies serve the site: they share the uploads too.
        shared: config.s3 ? { db, storage: files.storage } : undefined,
        uploadSweep,
      },
      driveShares,
      driveShareVisits,
      /** The library's teaching facets: the dictionary, and counts per value. */
      driveFacets: new DriveFacets(db, clock),
      driveFacetCounts: new DriveFacetCounts(db, driveListing, driveFolders),
      driveFolderLinks: new FolderShareLinks(db, driveShareVisits, driveFolders, driveZips),
      /** Office documents and PDFs as PDF pages, 防泄密 watermarked (issue 19). */
      drivePreviews: new DrivePreviews(driveResources, files, officePreviews, clock),
    };
  },
  routes: async (api, services) => {
    await api.register(driveRoutes, {
      folders: services.driveFolders,
      listing: services.driveListing,
      resources: services.driveResources,
      engagement: services.driveEngagement,
      zips: services.driveZips,
      trash: services.driveTrash,
    });
    await api.register(driveFacetRoutes, {
      facets: services.driveFacets,
      counts: services.driveFacetCounts,
    });
    await api.register(diskRoutes, {
      listing: services.driveListing,
      resources: services.driveResources,
      engagement: services.driveEngagement,
      largeAttachments: services.driveLargeAttachments,
    });
    await api.register(driveTrashRoutes, {
      trash: services.driveTrash,
      resources: services.driveResources,
    });
    await api.register(driveUploadRoutes, {
      drive: services.driveUploads,
      ...services.driveTus,
    });
    await api.register(driveFileRoutes, {
      resources: services.driveResources,
      zips: services.driveZips,
      files: services.driveFiles,
    });
    // Share links (issue 19): cancelShare and the public calls under api/share/.
    await api.register(driveShareRoutes, {
      shares: services.driveShares,
      engagement: services.driveEngagement,
      visits: services.driveShareVisits,
      folderLinks: services.driveFolderLinks,
      files: services.driveFiles,
      previews: services.drivePreviews,
    });
    await api.register(drivePreviewRoutes, {
      previews: services.drivePreviews,
      files: services.driveFiles,
    });
  },
  // WebDAV at /dav/ (issue 22): the same services, by app password.
  siteRoutes: (app, services) =>
    registerDav(app, services, {
      folders: services.driveFolders,
      resources: services.driveResources,
      trash: services.driveTrash,
      working: services.workingFiles,
      uploads: services.driveUploads,
      files: services.driveFiles,
      quota: services.driveQuota,
    }),
  fileGuards: () => [driveFileGuard(), driveTrashGuard(), driveVersionGuard(), workingFileGuard()],
});
