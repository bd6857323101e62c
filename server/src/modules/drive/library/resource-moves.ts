import { MY_DISK } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, badRequest, forbidden } from '../../../http/errors.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { iso, type Clock } from '../../../time.js';
import { checkedName, subtreeOf, type DriveFolders } from './folders.js';
import type { DiskQuota } from '../disk/quota.js';
import { insertResource, readResource } from './resource-access.js';
import { searchText } from './resource-files.js';
import { facetsOf } from './facet-choice.js';
import { DRIVE_ADMIN_ONLY, assertCanManage, type Space, type Viewer } from '../disk/space.js';

export interface MoveInput {
  resourceId?: number;
  folderId?: number;
  copy: boolean;
  fromId?: number;
  toId: number;
  sType?: number;
  /**
   * WebDAV (issue 22): the file's name at the target, which may then be its own folder (a
   * rename, or a copy beside it under another name).
   */
  name?: string;
}

/**
 * Moving or copying a file, and moving a folder (intranet.md §4 "Move dialog",
 * §5): a copy is a new record over the same stored file, within the target
 * disk's quota.
 */
export class ResourceMoves {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly folders: DriveFolders,
    private readonly quota: DiskQuota,
    private readonly texts: TextIndex,
  ) {}

  /**
   * The target is required and differs from the source; a folder never goes
   * into itself or below itself. The library is moved within by drive
   * administrators; a disk by its owner; anyone may copy a file of their own
   * disk into a library folder (复制到公共盘).
   */
  /** Answers the file's id (a copy's new one); a folder's move answers the folder's. */
  async move(viewer: Viewer, input: MoveInput): Promise<number> {
    if (input.fromId !== undefined && input.fromId === input.toId && input.fromId !== 0) {
      throw badRequest('请移动到不同于自己的文件夹');
    }
    const id = await inTransaction(this.db, async (trx) => {
      if (input.folderId) {
        if (input.copy) throw badRequest('文件夹只能移动，不能复制');
        await this.moveFolder(trx, viewer, input.folderId, input.toId);
        return input.folderId;
      }
      if (!input.resourceId) throw badRequest('请选择文件');
      const row = await readResource(trx, input.resourceId, viewer);
      const from: Space = { ownerId: row.ownerId };
      const targetSpace: Space =
        input.toId === 0
          ? input.sType === MY_DISK || (input.sType === undefined && row.ownerId !== null)
            ? { ownerId: viewer.id }
            : { ownerId: null }
          : { ownerId: (await this.folders.get(input.toId, viewer, trx)).ownerId };
      const toFolder = input.toId === 0 ? null : input.toId;
      if (targetSpace.ownerId === null && toFolder === null) throw badRequest('请选择移动目录');
      const name = input.name ?? row.name;
      if (toFolder === row.folderId && from.ownerId === targetSpace.ownerId && name === row.name) {
        throw badRequest('请移动到不同于自己的文件夹');
      }
      const ownToLibrary = input.copy && row.ownerId === viewer.id && targetSpace.ownerId === null;
      if (!ownToLibrary) {
        assertCanManage(from, viewer);
        assertCanManage(targetSpace, viewer);
      }
      if (input.copy) {
        if (targetSpace.ownerId !== null) {
          await this.quota.lock(trx, targetSpace.ownerId);
          await this.quota.assertRoom(trx, targetSpace.ownerId, Number(row.size));
        }
        const at = iso(this.now());
        return insertResource(trx, this.texts, {
          folderId: toFolder,
          ownerId: targetSpace.ownerId,
          uploaderId: ownToLibrary ? viewer.id : row.uploaderId,
          fileId: row.fileId,
          name,
          fileName: row.fileName,
          size: Number(row.size),
          resourcesType: row.resourcesType,
          fileType: row.fileType,
          isOpen: row.isOpen,
          isComment: row.isComment,
          description: row.description,
          // A copy of a 防泄密 file is as guarded as the file.
          leakProtected: row.leakProtected,
          // Teaching facets are the library's: a copy into the library keeps them.
          ...(targetSpace.ownerId === null ? facetsOf(row) : {}),
          statusDate: at,
          createdAt: at,
        });
      }
      if (from.ownerId !== targetSpace.ownerId) {
        throw badRequest('只能在同一个网盘里移动，请用复制');
      }
      await trx
        .updateTable('driveResource')
        .set({ folderId: toFolder, name, statusDate: iso(this.now()) })
        .where('id', '=', row.id)
        .execute();
      if (name !== row.name) {
        await this.texts.put('drive', row.id, searchText(name, row.description), trx);
      }
      return row.id;
    });
    this.folders.stats.invalidate();
    return id;
  }

  private async moveFolder(db: Kysely<Database>, viewer: Viewer, folderId: number, toId: number) {
    const folder = await this.folders.get(folderId, viewer, db);
    const space = { ownerId: folder.ownerId };
    assertCanManage(space, viewer);
    if (toId === 0 && space.ownerId === null && !isDriveAdmin(viewer)) {
      throw forbidden(DRIVE_ADMIN_ONLY);
    }
    const rows = await this.folders.all(space, db);
    if (toId !== 0) {
      const target = rows.find((row) => row.id === toId);
      if (!target) throw badRequest('只能在同一个网盘里移动文件夹');
      if (subtreeOf(rows, folderId).includes(toId)) {
        throw badRequest('不能把文件夹移动到它自己或它的下级文件夹里');
      }
    }
    const parentId = toId === 0 ? null : toId;
    if (parentId === folder.parentId) throw badRequest('请移动到不同于自己的文件夹');
    if (rows.some((row) => row.parentId === parentId && row.name === checkedName(folder.name))) {
      throw new AppError(409, '目标文件夹下已有同名文件夹');
    }
    const layerOf = new Map(rows.map((row) => [row.id, row.layer]));
    const shift = (parentId === null ? 0 : layerOf.get(parentId)! + 1) - folder.layer;
    await db
      .updateTable('driveFolder')
      .set({ parentId, updatedAt: iso(this.now()) })
      .where('id', '=', folderId)
      .execute();
    if (shift !== 0) {
      const moved = subtreeOf(rows, folderId);
      await db
        .updateTable('driveFolder')
        .set((eb) => ({ layer: eb('layer', '+', shift) }))
        .where('id', 'in', moved)
        .execute();
    }
  }
}
