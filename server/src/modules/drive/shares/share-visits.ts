import { type ShareInfo, type ShareLink } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError, notFound, orNotFound } from '../../../http/errors.js';
import type { AuthStaff } from '../../../platform/auth/session.js';
import type { FileService } from '../../../platform/files/service.js';
import { type Clock } from '../../../time.js';
import { readResource } from '../library/resource-access.js';
import { ShareCodeThrottle } from './share-codes.js';
import {
  SHARE_NOT_FOUND,
  SHARE_CANCELLED,
  SHARE_EXPIRED,
  SHARE_USED_UP,
  SHARE_FILE_GONE,
  SHARE_OWNER_LOST,
  SHARE_FOLDER_GONE,
  NOT_IN_SHARE,
  shortTime,
  type ShareRow,
  type ShareTarget,
  shareTarget,
  sharedFile,
  shareState,
  SHARE_COLUMNS,
  shareOwner,
} from './share-rows.js';
import { isBelow, lends } from './share-rules.js';
import { assertCanSee } from '../disk/space.js';

/** An opened link: the share, its file, the stored file's facts. */
export interface OpenShare {
  share: ShareRow;
  target: ShareTarget;
  file: { id: number; storageKey: string; fileName: string; mimeType: string; size: number };
}

/**
 * A link as its visitor uses it: opened with its code (wrong codes throttled
 * per link and per address), its file or a file below its folder lent by the
 * owner's permission asked again at each request, its downloads counted. The
 * owner's side (making, listing, cancelling links) is shares.ts.
 */
export class ShareVisits {
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
    const owner = await shareOwner(this.db, share.staffId);
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
    const share = await orNotFound(
      this.db.selectFrom('driveShare').select(SHARE_COLUMNS).where('shareCode', '=', shareCode),
      SHARE_NOT_FOUND,
    );
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
    const owner = await shareOwner(this.db, share.staffId);
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
    // Lent: a file whose virus scan has not passed is never handed to a visitor.
    const verdict = await this.files.access.verdict(file, owner, undefined, { lent: true });
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
    const owner = await shareOwner(this.db, share.staffId);
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
}
