import { randomBytes, randomInt } from 'node:crypto';
import { EXTRACT_CODE_ALPHABET, type MineRow } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { pageOf } from '../../../db/paging.js';
import { inTransaction } from '../../../db/transaction.js';
import type { Paging } from '../../../http/paging.js';
import { AppError, forbidden, notFound, orNotFound } from '../../../http/errors.js';
import type { AuthStaff } from '../../../platform/auth/session.js';
import type { FileService } from '../../../platform/files/service.js';
import { addMinutes, displayTime, iso, type Clock } from '../../../time.js';
import { LEAK_PROTECTED_SHARE, mayDownload } from '../library/leak-protection.js';
import { readResource } from '../library/resource-access.js';
import {
  SHARE_FILE_GONE,
  shareUrl,
  folderShareUrl,
  shortTime,
  shareState,
  SHARE_COLUMNS,
  shareOwner,
} from './share-rows.js';
import { FOLDER_GONE } from '../library/folders.js';
import { assertCanSee, type Viewer } from '../disk/space.js';

/**
 * Share links (issue 19). A share is its owner's permission to one file or
 * one folder, lent to whoever holds the link (and its extraction code): every
 * use asks again whether the owner may still read the file, so a file made
 * private or moved out of the owner's reach stops being shared. A file's link
 * reaches that one file; a folder's link the files below the folder
 * (folder-shares.ts), each checked as it is asked for.
 */

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

export class DriveShares {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly files: FileService,
  ) {}

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
    const staff = await shareOwner(this.db, viewer.id);
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
    const folder = await orNotFound(
      this.db.selectFrom('driveFolder').select(['id', 'ownerId']).where('id', '=', folderId),
      FOLDER_GONE,
    );
    assertCanSee({ ownerId: folder.ownerId }, viewer);
    const staff = await shareOwner(this.db, viewer.id);
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
    const row = await orNotFound(
      this.db.selectFrom('driveShare').select(['staffId', 'cancelledAt']).where('id', '=', shareId),
      '分享不存在',
    );
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
}
