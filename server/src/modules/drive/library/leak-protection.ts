import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { forbidden } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { Viewer } from '../disk/space.js';

/**
 * 防泄密 (issue 19): a file its uploader marked so (exam papers before the
 * exam) is read by others only as a preview watermarked with their name and
 * the time (office-preview.ts); its bytes — every download address, the
 * file's own address, a zip — go only to its uploader and the drive
 * administrators.
 */
export const LEAK_PROTECTED_DOWNLOAD = '该文件已设为防泄密，只有上传者和网盘管理员可以下载';
/** A share link gives the bytes out: the same people may make one. */
export const LEAK_PROTECTED_SHARE = '防泄密文件只有上传者和网盘管理员可以分享';
/** A 防泄密 file's earlier versions are its bytes too: listed and read by the same people. */
export const LEAK_PROTECTED_VERSIONS = '该文件已设为防泄密，历史版本只有上传者和网盘管理员可以查看';

interface ProtectedRow {
  uploaderId: number;
  leakProtected: number;
}

/** Whether the viewer may have the file's bytes. */
export const mayDownload = (row: ProtectedRow, viewer: Viewer): boolean =>
  row.leakProtected !== 1 || row.uploaderId === viewer.id || isDriveAdmin(viewer);

export function assertMayDownload(row: ProtectedRow, viewer: Viewer): void {
  if (!mayDownload(row, viewer)) throw forbidden(LEAK_PROTECTED_DOWNLOAD);
}

/** The resources whose bytes the viewer may have (a folder's zip leaves the others out). */
export function downloadableBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'driveResource'>) =>
    isDriveAdmin(viewer)
      ? eb.lit(true)
      : eb.or([
          eb('driveResource.leakProtected', '=', 0),
          eb('driveResource.uploaderId', '=', viewer.id),
        ]);
}
