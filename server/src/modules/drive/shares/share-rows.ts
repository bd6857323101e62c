import type { SharePreview, ShareState } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AUTH_STAFF_COLUMNS, type AuthStaff } from '../../../platform/auth/session.js';
import { OFFICE_EXTENSIONS } from '../../../platform/files/office-convert.js';
import { extensionOf } from '../../../platform/files/office-previews.js';
import { displayTime, iso } from '../../../time.js';
import { downloadName, fileTypeOf } from '../library/resource-files.js';

/**
 * What a share link is made of, apart from the service that hands links out
 * and opens them (shares.ts): the answers' words, a share row, the file a
 * link serves and what it previews.
 */

export const SHARE_NOT_FOUND = '分享链接不存在，或分享的文件已被删除';
export const SHARE_CANCELLED = '该分享已被取消';
export const SHARE_EXPIRED = '该分享已过期';
export const SHARE_USED_UP = '该分享的下载次数已用完';
export const SHARE_FILE_GONE = '分享的文件已被删除';
export const SHARE_OWNER_LOST = '分享者已无权查看该文件，分享已失效';
export const SHARE_FOLDER_GONE = '分享的文件夹已被删除';
export const NEED_CODE = '请输入提取码';
export const NO_PREVIEW = '暂不支持预览，请下载';
/** Anything a link does not lend: outside its folder, or not the owner's to read now. */
export const NOT_IN_SHARE = '分享中没有该文件或文件夹';

export const shareUrl = (resourceId: number, code: string) =>
  `/judgePage?resourcesId=${resourceId}&shareCode=${code}`;
export const folderShareUrl = (folderId: number, code: string) =>
  `/judgePage?fId=${folderId}&shareCode=${code}`;

/** A display time without seconds ("2026-03-09 16:00"), or null. */
export const shortTime = (stored: string | null) =>
  stored ? displayTime(stored).slice(0, 16) : null;

/** A share row as the public calls read it: one of resourceId and folderId is set. */
export interface ShareRow {
  id: number;
  shareCode: string;
  resourceId: number | null;
  folderId: number | null;
  staffId: number;
  extractCode: string | null;
  expiresAt: string | null;
  maxDownloads: number | null;
  downloads: number;
  cancelledAt: string | null;
}

/** The shared file, as a link serves it. */
export interface ShareTarget {
  resourceId: number;
  name: string;
  fileName: string;
  size: number;
  fileId: number;
  uploaderName: string;
  /** 防泄密: the link previews pages with a watermark and never gives the bytes. */
  leakProtected: boolean;
}

/**
 * The resource a share names, or null when it was deleted. The one place a
 * share looks its file up: a recycle bin that keeps deleted rows (a flag, or
 * rows moved elsewhere) answers null for them here.
 */
export async function shareTarget(
  db: Kysely<Database>,
  resourceId: number,
): Promise<ShareTarget | null> {
  const row = await db
    .selectFrom('driveResource')
    .innerJoin('staff', 'staff.id', 'driveResource.uploaderId')
    .select([
      'driveResource.id as resourceId',
      'driveResource.name',
      'driveResource.fileName',
      'driveResource.size',
      'driveResource.fileId',
      'driveResource.leakProtected',
      'staff.name as uploaderName',
    ])
    .where('driveResource.id', '=', resourceId)
    .executeTakeFirst();
  return row ? { ...row, size: Number(row.size), leakProtected: row.leakProtected === 1 } : null;
}

/**
 * What a link previews: the stored file itself for what a browser shows
 * (its kind), an office document's PDF pages (the office preview service,
 * office-preview.ts), null for the rest. A 防泄密 file previews only as
 * pages (a PDF or an office document), watermarked for the visitor.
 */
export function sharePreviewSource(
  target: Pick<ShareTarget, 'name' | 'fileName' | 'leakProtected'>,
  mimeType: string,
): { kind: Exclude<SharePreview, null> } | null {
  const extension = extensionOf(target.fileName) || extensionOf(target.name);
  if (OFFICE_EXTENSIONS.has(extension)) return { kind: 'office' };
  if (mimeType === 'application/pdf') return { kind: 'pdf' };
  if (target.leakProtected) return null;
  if (/^image\/(jpeg|png|gif|webp|bmp)$/.test(mimeType)) return { kind: 'image' };
  if (/^video\/(mp4|webm)$/.test(mimeType)) return { kind: 'video' };
  if (/^audio\/(mpeg|mp3|wav|x-wav|ogg|mp4|x-m4a|aac)$/.test(mimeType)) return { kind: 'audio' };
  if (/^text\/(plain|markdown|csv)(;|$)/.test(mimeType)) return { kind: 'text' };
  return null;
}

/** A file as a link shows it (getShareInfo, getShareFolder). */
export function sharedFile(
  target: Pick<ShareTarget, 'name' | 'fileName' | 'size' | 'leakProtected'>,
  mimeType: string,
) {
  const name = downloadName(target);
  return {
    name,
    size: target.size,
    fileType: fileTypeOf(target.fileName),
    extension: extensionOf(target.fileName) || extensionOf(name),
    mimeType,
    preview: sharePreviewSource(target, mimeType)?.kind ?? null,
    leakProtected: target.leakProtected,
  };
}

/** The state of a link at `now`, as 我的分享 shows it. */
export function shareState(row: ShareRow, now: Date): ShareState {
  if (row.cancelledAt) return '已取消';
  if (row.expiresAt && row.expiresAt <= iso(now)) return '已过期';
  if (row.maxDownloads !== null && row.downloads >= row.maxDownloads) return '次数用完';
  return '有效';
}

/** The columns of a share row (ShareRow). */
export const SHARE_COLUMNS = [
  'id',
  'shareCode',
  'resourceId',
  'folderId',
  'staffId',
  'extractCode',
  'expiresAt',
  'maxDownloads',
  'downloads',
  'cancelledAt',
] as const;

/** The share owner as the read rules take a reader; null when the account is gone or disabled. */
export async function shareOwner(db: Kysely<Database>, staffId: number): Promise<AuthStaff | null> {
  const row = await db
    .selectFrom('staff')
    .select(AUTH_STAFF_COLUMNS)
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!row || row.status !== 1) return null;
  const { status: _status, ...staff } = row;
  return { ...staff, sessionId: 0 };
}
