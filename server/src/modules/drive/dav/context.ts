import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { FileService } from '../../../platform/files/service.js';
import type { DriveFolders } from '../library/folders.js';
import type { DiskQuota } from '../disk/quota.js';
import type { DriveResources } from '../library/resources.js';
import type { DriveTrash } from '../trash/trash.js';
import type { DriveUploads } from '../uploads/uploads.js';
import type { WorkingFiles } from './working-files.js';
import type { DavLocks } from './locks.js';
import type { DavTree } from './tree.js';

/** The drive's services WebDAV works through (one set per process). */
export interface DavContext {
  db: Kysely<Database>;
  tree: DavTree;
  locks: DavLocks;
  folders: DriveFolders;
  resources: DriveResources;
  trash: DriveTrash;
  working: WorkingFiles;
  uploads: DriveUploads;
  files: FileService;
  quota: DiskQuota;
}

export type DavSpaceName = 'disk' | 'library';
