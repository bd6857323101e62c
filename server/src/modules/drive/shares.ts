import { randomBytes, randomInt } from 'node:crypto';
import {
  EXTRACT_CODE_ALPHABET,
  type MineRow,
  type ShareInfo,
  type ShareLink,
  type SharePreview,
  type ShareState,
} from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pageOf } from '../../db/paging.js';
import { inTransaction } from '../../db/transaction.js';
import type { Paging } from '../../http/paging.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import type { FileService } from '../../platform/files/service.js';
import { addMinutes, displayTime, iso, type Clock } from '../../time.js';
import { LEAK_PROTECTED_SHARE, mayDownload } from './leak-protection.js';
import { readResource } from './resource-access.js';
import { downloadName, fileTypeOf } from './resource-files.js';
import { ShareCodeThrottle } from './share-codes.js';
import { FOLDER_GONE } from './folders.js';
import { isBelow, lends } from './share-rules.js';
import { assertCanSee, type Viewer } from './space.js';

/**
 * Share links (issue 19). A share is its owner's permission to one file or
 * one folder, lent to whoever holds the link (and its extraction code): every
 * use asks again whether the owner may still read the file, so a file made
 * private or moved out of the owner's reach stops being shared. A file's link
 * reaches that one file; a folder's link the files below the folder
 * (folder-shares.ts), each checked as it is asked for.
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

/** Office documents: their link previews LibreOffice's PDF of them (sharePreviewSource). */
const OFFICE_EXTENSIONS = new Set([
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
]);

export const shareUrl = (resourceId: number, code: string) =>
  `/judgePage?resourcesId=${resourceId}&shareCode=${code}`;
export const folderShareUrl = (folderId: number, code: string) =>
  `/judgePage?fId=${folderId}&shareCode=${code}`;

const extensionOf = (name: string) => name.match(/\.([^.]+)$/)?.[1]?.toLowerCase() ?? '';

/** A display time without seconds ("2026-03-09 16:00"), or null. */
const shortTime = (stored: string | null) => (stored ? displayTime(stored).slice(0, 16) : null);

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

/** A new extraction code: 4 characters without look-alikes. */
function newExtractCode(): string {
  return Array.from(
    { length: 4 },
    () => EXTRACT_CODE_ALPHABET[randomInt(EXTRACT_CODE_ALPHABET.length)],
  ).join('');
}

/** 分享's options (form strings; undefined: not given). */
interface ShareOptions {
  needCode?: '0' | '1';
  expireDays?: string;
  maxDownloads?: number;
}

/** An opened link: the share, its file, the stored file's facts. */
export interface OpenShare {
  share: ShareRow;
  target: ShareTarget;
  file: { id: number; storageKey: string; fileName: string; mimeType: string; size: number };
}

export class DriveShares {
  /** Wrong 提取码 counted per link and per address. */
  private readonly codes: ShareCodeThrottle;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {
    this.codes = new ShareCodeThrottle(db, now);
  }

  /**
   * A new link to a file the person may read (a private one: its uploader, or
   * a drive administrator), counted in the file's shareNum.
   */
  async create(
    viewer: Viewer,
    resourceId: number,
    options: ShareOptions,
  ): Promise<{ url: string; shareCode: string; extractCode: string | null }> {
    const resource = await readResource(this.db, resourceId, viewer);
    if (!mayDownload(resource, viewer)) throw forbidden(LEAK_PROTECTED_SHARE);
    const file = await this.files.access.facts(resource.fileId);
    const staff = await this.ownerOf(viewer.id);
    if (!file || !staff) throw notFound(SHARE_FILE_GONE);
    // The resource's rule said yes; the file's one rule must too, as for every address.
    await this.files.access.assertReadable(file, staff);
    const made = this.newLink(options);
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('driveShare')
        .values({ ...made, resourceId, staffId: staff.id })
        .execute();
      await trx
        .updateTable('driveResource')
        .set((eb) => ({ shareNum: eb('shareNum', '+', 1) }))
        .where('id', '=', resourceId)
        .execute();
    });
    const { shareCode, extractCode } = made;
    return { url: shareUrl(resourceId, shareCode), shareCode, extractCode };
  }

  /**
   * A new link to a folder the person may see: at each use it lends what is
   * below the folder then and the person may read then (folder-shares.ts).
   */
  async createForFolder(
    viewer: Viewer,
    folderId: number,
    options: ShareOptions,
  ): Promise<{ url: string; shareCode: string; extractCode: string | null }> {
    const folder = await this.db
      .selectFrom('driveFolder')
      .select(['id', 'ownerId'])
      .where('id', '=', folderId)
      .executeTakeFirst();
    if (!folder) throw notFound(FOLDER_GONE);
    assertCanSee({ ownerId: folder.ownerId }, viewer);
    const staff = await this.ownerOf(viewer.id);
    if (!staff) throw notFound(FOLDER_GONE);
    const made = this.newLink(options);
    await this.db
      .insertInto('driveShare')
      .values({ ...made, folderId, staffId: staff.id })
      .execute();
    const { shareCode, extractCode } = made;
    return { url: folderShareUrl(folderId, shareCode), shareCode, extractCode };
  }

  /** A link's code, extraction code, expiry and limit, from 分享's options. */
  private newLink(options: ShareOptions) {
    const at = this.now();
    const days = Number(options.expireDays ?? '7');
    return {
      shareCode: randomBytes(6).toString('base64url'),
      createdAt: iso(at),
      extractCode: options.needCode === '0' ? null : newExtractCode(),
      expiresAt: days > 0 ? iso(addMinutes(at, days * 24 * 60)) : null,
      maxDownloads: options.maxDownloads ?? null,
    };
  }

  /** Ends one of the person's own links at once (drive administrators too: their own only). */
  async cancel(staff: Pick<AuthStaff, 'id'>, shareId: number): Promise<void> {
    const row = await this.db
      .selectFrom('driveShare')
      .select(['staffId', 'cancelledAt'])
      .where('id', '=', shareId)
      .executeTakeFirst();
    if (!row) throw notFound('分享不存在');
    if (row.staffId !== staff.id) throw forbidden('只能取消自己的分享');
    if (row.cancelledAt) throw new AppError(409, '该分享已经取消');
    await this.db
      .updateTable('driveShare')
      .set({ cancelledAt: iso(this.now()) })
      .where('id', '=', shareId)
      .execute();
  }

  /** The person's folder links, newest first, with their folder, code, expiry, downloads and state. */
  async folderLinksOf(staff: Pick<AuthStaff, 'id'>, paging: Paging) {
    const base = this.db
      .selectFrom('driveShare')
      .innerJoin('driveFolder', 'driveFolder.id', 'driveShare.folderId')
      .where('driveShare.staffId', '=', staff.id);
    const now = this.now();
    return pageOf(
      base,
      paging,
      (query) =>
        query
          .select(SHARE_COLUMNS.map((column) => `driveShare.${column}` as const))
          .select(['driveFolder.name as folderName', 'driveShare.createdAt'])
          .orderBy('driveShare.id', 'desc'),
      (row) => ({
        resId: row.id,
        fId: row.folderId!,
        fname: row.folderName,
        shareUrl: folderShareUrl(row.folderId!, row.shareCode),
        shareCode: row.shareCode,
        createDate: displayTime(row.createdAt),
        extractCode: row.extractCode,
        expireDate: shortTime(row.expiresAt),
        downloads: row.downloads,
        maxDownloads: row.maxDownloads,
        shareState: shareState(row, now),
      }),
    );
  }

  /** 我的分享's rows with each link's code, expiry, downloads and state. */
  async decorate<T extends { total: number; list: MineRow[] }>(page: T): Promise<T> {
    const ids = page.list.map((row) => row.resId);
    if (ids.length === 0) return page;
    const rows = await this.db
      .selectFrom('driveShare')
      .select(SHARE_COLUMNS)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const now = this.now();
    return {
      ...page,
      list: page.list.map((line) => {
        const share = byId.get(line.resId);
        if (!share) return line;
        return {
          ...line,
          extractCode: share.extractCode,
          expireDate: shortTime(share.expiresAt),
          downloads: share.downloads,
          maxDownloads: share.maxDownloads,
          shareState: shareState(share, now),
        };
      }),
    };
  }

  /**
   * A link as a visitor opens it: refused (4xx, never the file) when unknown,
   * cancelled, expired, used up, its file deleted or out of its owner's
   * reach, or its code wrong; wrong codes are throttled per link and per
   * address. `extractCode` '' / undefined on a link with a code: `locked`.
   * A folder's link opens the file `resourceId` below its folder
   * (folder-shares.ts); a file's link only its own file.
   */
  async open(
    shareCode: string,
    extractCode: string | undefined,
    address: string,
    resourceId?: number,
  ): Promise<
    (OpenShare & { locked: false }) | { locked: true; share: ShareRow; uploader: string }
  > {
    const share = await this.usable(shareCode);
    if (share.folderId !== null) {
      const lent = await this.unlock(share, extractCode, address);
      if (lent.locked) return { locked: true, share, uploader: lent.owner.name };
      if (resourceId === undefined) throw notFound(NOT_IN_SHARE);
      return { locked: false, share, ...(await this.lentFile(share, lent.owner, resourceId)) };
    }
    if (share.resourceId === null) throw notFound(SHARE_NOT_FOUND);
    if (resourceId !== undefined && resourceId !== share.resourceId) throw notFound(NOT_IN_SHARE);
    const target = await shareTarget(this.db, share.resourceId);
    if (!target) throw new AppError(410, SHARE_FILE_GONE);
    if (share.extractCode !== null) {
      const given = (extractCode ?? '').trim().toLowerCase();
      if (!given) return { locked: true, share, uploader: target.uploaderName };
      await this.codes.check(shareCode, share.extractCode, given, address);
    }
    // The owner's permission, asked again now: the resource's rule and the file's one rule.
    const owner = await this.ownerOf(share.staffId);
    if (!owner) throw new AppError(410, SHARE_OWNER_LOST);
    try {
      await readResource(this.db, share.resourceId, owner);
    } catch {
      throw new AppError(410, SHARE_OWNER_LOST);
    }
    return { locked: false, share, target, file: await this.storedFile(target, owner) };
  }

  /** A link that may be used now: 404 unknown, 410 cancelled, expired or used up. */
  async usable(shareCode: string): Promise<ShareRow> {
    const share = await this.db
      .selectFrom('driveShare')
      .select(SHARE_COLUMNS)
      .where('shareCode', '=', shareCode)
      .executeTakeFirst();
    if (!share) throw notFound(SHARE_NOT_FOUND);
    const state = shareState(share, this.now());
    if (state === '已取消') throw new AppError(410, SHARE_CANCELLED);
    if (state === '已过期') throw new AppError(410, SHARE_EXPIRED);
    if (state === '次数用完') throw new AppError(410, SHARE_USED_UP);
    return share;
  }

  /**
   * A folder's link with its code: its owner (410 when the account is gone or
   * may no longer see the folder), `locked` when a code is needed and none given.
   */
  async unlock(
    share: ShareRow,
    extractCode: string | undefined,
    address: string,
  ): Promise<{
    locked: boolean;
    owner: AuthStaff;
    folder: { id: number; name: string; ownerId: number | null };
  }> {
    const owner = await this.ownerOf(share.staffId);
    if (!owner) throw new AppError(410, SHARE_OWNER_LOST);
    const folder = await this.db
      .selectFrom('driveFolder')
      .select(['id', 'name', 'ownerId'])
      .where('id', '=', share.folderId!)
      .executeTakeFirst();
    if (!folder) throw new AppError(410, SHARE_FOLDER_GONE);
    try {
      assertCanSee({ ownerId: folder.ownerId }, owner);
    } catch {
      throw new AppError(410, SHARE_OWNER_LOST);
    }
    if (share.extractCode !== null) {
      const given = (extractCode ?? '').trim().toLowerCase();
      if (!given) return { locked: true, owner, folder };
      await this.codes.check(share.shareCode, share.extractCode, given, address);
    }
    return { locked: false, owner, folder };
  }

  /**
   * A file a folder's link lends now: below the folder (its ancestry checked
   * here, never taken from the request), readable by the owner by the drive's
   * one rule and the file's, and not another's private file (folder-shares.ts
   * `lends`). Anything else answers 404 alike, so an id tells nothing.
   */
  private async lentFile(share: ShareRow, owner: AuthStaff, resourceId: number) {
    const row = await lends(this.db, resourceId, owner);
    if (!row || !(await isBelow(this.db, row.folderId, share.folderId!))) {
      throw notFound(NOT_IN_SHARE);
    }
    const target = await shareTarget(this.db, resourceId);
    if (!target) throw notFound(NOT_IN_SHARE);
    return { target, file: await this.storedFile(target, owner) };
  }

  /** The stored bytes of a lent file: 410 when gone, or when the file's one rule refuses the owner. */
  private async storedFile(target: ShareTarget, owner: AuthStaff) {
    const file = await this.files.findWithFacts(target.fileId);
    if (!file || !(await this.files.storage.has(file.storageKey))) {
      throw new AppError(410, SHARE_FILE_GONE);
    }
    const verdict = await this.files.access.verdict(file, owner);
    if (!verdict.ok) throw new AppError(410, SHARE_OWNER_LOST);
    return file;
  }

  /** What getShareInfo answers. */
  async info(shareCode: string, extractCode: string | undefined, address: string) {
    const share = await this.usable(shareCode);
    const expireDate = shortTime(share.expiresAt);
    if (share.folderId !== null) {
      const lent = await this.unlock(share, extractCode, address);
      return {
        needCode: share.extractCode !== null,
        unlocked: !lent.locked,
        uploaderName: lent.owner.name,
        expireDate,
        folder: { fId: lent.folder.id, fname: lent.folder.name },
        file: null,
      } satisfies ShareInfo;
    }
    const opened = await this.open(shareCode, extractCode, address);
    if (opened.locked) {
      return {
        needCode: true,
        unlocked: false,
        uploaderName: opened.uploader,
        expireDate,
        file: null,
      } satisfies ShareInfo;
    }
    const { target, file } = opened;
    return {
      needCode: share.extractCode !== null,
      unlocked: true,
      uploaderName: target.uploaderName,
      expireDate,
      file: sharedFile(target, file.mimeType),
    } satisfies ShareInfo;
  }

  /** What getShareLink answers: the link's kind and who made it, refused as getShareInfo is. */
  async link(shareCode: string): Promise<ShareLink> {
    const share = await this.usable(shareCode);
    const owner = await this.ownerOf(share.staffId);
    if (!owner) throw new AppError(410, SHARE_OWNER_LOST);
    return { kind: share.folderId === null ? 'file' : 'folder', sharerName: owner.name };
  }

  /**
   * Counts one download of a link, in one statement so two at once cannot
   * both take the last one; refuses when the limit is reached.
   */
  async countDownload(shareId: number): Promise<void> {
    const done = await this.db
      .updateTable('driveShare')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', '=', shareId)
      .where((eb) =>
        eb.or([eb('maxDownloads', 'is', null), eb('downloads', '<', eb.ref('maxDownloads'))]),
      )
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new AppError(410, SHARE_USED_UP);
  }

  /** The share owner as the read rules take a reader; null when the account is gone or disabled. */
  async ownerOf(staffId: number): Promise<AuthStaff | null> {
    const row = await this.db
      .selectFrom('staff')
      .select([
        'id',
        'code',
        'name',
        'staffType',
        'isPower',
        'isAdmin',
        'email',
        'schoolId',
        'whetherpass',
        'status',
      ])
      .where('id', '=', staffId)
      .executeTakeFirst();
    if (!row || row.status !== 1) return null;
    const { status: _status, ...staff } = row;
    return { ...staff, sessionId: 0 };
  }
}

const SHARE_COLUMNS = [
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
