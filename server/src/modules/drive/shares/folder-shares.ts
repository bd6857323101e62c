import type { Readable } from 'node:stream';
import type { ShareFolder } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import { displayTime } from '../../../time.js';
import type { FolderZips } from '../library/folder-zip.js';
import { subtreeOf, type DriveFolders, type FolderRow } from '../library/folders.js';
import { isBelow, lends } from './share-rules.js';
import { NEED_CODE, NOT_IN_SHARE, sharedFile } from './share-rows.js';
import type { ShareVisits } from './share-visits.js';
import { visibleTo } from '../disk/space.js';

/**
 * A folder's share link as a visitor browses it (getShareFolder) and takes
 * it whole (its zip). Nothing is copied when the link is made: each request
 * reads the folder as it is then, so files put in later appear, and each
 * file is lent only when its owner may read it then (share-rules.ts `lends`).
 * A folder asked for must lie below the shared one by the stored parents;
 * an id outside, or a file not lent, answers 404 alike.
 */
export class FolderShareLinks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly visits: ShareVisits,
    private readonly folders: DriveFolders,
    private readonly zips: FolderZips,
  ) {}

  /** One folder of the link (the shared one when `fId` is not given). */
  async folder(
    shareCode: string,
    extractCode: string | undefined,
    address: string,
    fId: number | undefined,
  ): Promise<ShareFolder> {
    const { owner, root } = await this.opened(shareCode, extractCode, address);
    const rows = await this.folders.all({ ownerId: root.ownerId });
    const byId = new Map<number, FolderRow>(rows.map((row) => [row.id, row]));
    const at = fId ?? root.id;
    if (!subtreeOf(rows, root.id).includes(at)) throw notFound(NOT_IN_SHARE);
    const path: FolderRow[] = [];
    for (let id: number | null = at; id !== null; id = byId.get(id)!.parentId) {
      path.unshift(byId.get(id)!);
      if (id === root.id) break;
    }
    const children = rows
      .filter((row) => row.parentId === at)
      .sort((a, b) => b.isTop - a.isTop || a.sort - b.sort || a.id - b.id);
    const candidates = await this.db
      .selectFrom('driveResource')
      .innerJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select([
        'driveResource.id',
        'driveResource.name',
        'driveResource.fileName',
        'driveResource.size',
        'driveResource.leakProtected',
        'driveResource.statusDate',
        'storedFile.mimeType',
      ])
      .where('driveResource.folderId', '=', at)
      // A first cut in SQL; each file is then asked by the one rule.
      .where(visibleTo(owner))
      .orderBy('driveResource.isTop', 'desc')
      .orderBy('driveResource.statusDate', 'desc')
      .orderBy('driveResource.id', 'desc')
      .execute();
    const files: ShareFolder['files'] = [];
    for (const row of candidates) {
      if (!(await lends(this.db, row.id, owner))) continue;
      const target = { ...row, size: Number(row.size), leakProtected: row.leakProtected === 1 };
      files.push({
        resourcesId: row.id,
        ...sharedFile(target, row.mimeType),
        updateTime: displayTime(row.statusDate),
      });
    }
    return {
      fId: at,
      fname: byId.get(at)!.name,
      path: path.map((row) => ({ fId: row.id, fname: row.name })),
      folders: children.map((row) => ({
        fId: row.id,
        fname: row.name,
        updateTime: displayTime(row.updatedAt),
      })),
      files,
    };
  }

  /**
   * The zip of the link's folder (or of `fId` below it): the files lent now
   * that may be downloaded (never a 防泄密 one), counted as one delivery.
   */
  async zip(
    shareCode: string,
    extractCode: string | undefined,
    address: string,
    fId: number | undefined,
  ): Promise<{ name: string; stream: Readable }> {
    const { share, owner, root } = await this.opened(shareCode, extractCode, address);
    const at = fId ?? root.id;
    if (!(await isBelow(this.db, at, root.id))) throw notFound(NOT_IN_SHARE);
    const zip = await this.zips.lentZip(owner, at, async (resourceId) => {
      const row = await lends(this.db, resourceId, owner);
      return row !== null && row.leakProtected !== 1;
    });
    try {
      await this.visits.countDownload(share.id);
    } catch (err) {
      zip.stream.destroy();
      throw err;
    }
    return zip;
  }

  /** The link, usable now and unlocked: its row, owner and folder. */
  private async opened(shareCode: string, extractCode: string | undefined, address: string) {
    const share = await this.visits.usable(shareCode);
    if (share.folderId === null) throw notFound(NOT_IN_SHARE);
    const lent = await this.visits.unlock(share, extractCode, address);
    if (lent.locked) throw new AppError(403, NEED_CODE);
    return { share, owner: lent.owner, root: lent.folder };
  }
}
