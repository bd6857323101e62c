import { LIBRARY, MY_DISK, type RecycleRow } from '@school/common/api';
import type { Kysely, Selectable } from 'kysely';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import { containsText } from '../../../db/like.js';
import { pageOf } from '../../../db/paging.js';
import { inTransaction } from '../../../db/transaction.js';
import { badRequest, forbidden, orNotFound } from '../../../http/errors.js';
import type { Paging } from '../../../http/paging.js';
import { isDriveAdmin } from '../../../http/roles.js';
import { dropFileUses, usedFiles } from '../../../platform/files/uses.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { displayTime, iso, type Clock } from '../../../time.js';
import { subtreeOf, type DriveFolders } from '../library/folders.js';
import { DRIVE_USE, readResource } from '../library/resource-access.js';
import { assertCanManage, DRIVE_ADMIN_ONLY, type Viewer } from '../disk/space.js';
import { DRIVE_VERSION_USE } from './versions.js';
import {
  DRIVE_TRASH_USE,
  NOT_YOUR_TRASH,
  TRASH_GONE,
  freeName,
  putRowsBack,
  takeRows,
  type TrashPayload,
} from './trash-rows.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type TrashRow = Selectable<Database['driveTrash']>;

/**
 * The drive's 回收站 (issue 19). A deletion moves the rows out of the live
 * tables (drive_resource, drive_folder, and the versions, likes, favourites,
 * comments and downloads over them) into one drive_trash row as JSON, so no
 * list, search, detail, download, zip, share or file address can reach a
 * deleted item: they all read the live tables only. The stored files stay,
 * held by T_DRIVE_TRASH uses that no one may read through. Restoring puts the
 * rows back with their ids (into their folder, or the top of their space when
 * that folder is gone); purging, by hand or when DRIVE_TRASH_DAYS have passed
 * (a chore of the hourly upload sweep), drops the entry and then every stored
 * file no resource, version or other item uses any more. Shares are not kept:
 * a deleted file's links end for good.
 */
export class DriveTrash {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly folders: DriveFolders,
    private readonly texts: TextIndex,
    /** Removes the stored files among these no one uses any more (DriveResources.dropUnused). */
    private readonly dropUnused: (fileIds: number[]) => Promise<void>,
    readonly days: number,
  ) {}

  /** Moves files to the bin, each its own entry (all or none). */
  async binResources(viewer: Viewer, ids: number[]): Promise<void> {
    if (ids.length === 0) throw badRequest('请选择文件');
    await inTransaction(this.db, async (trx) => {
      const rows = [];
      for (const id of new Set(ids)) rows.push(await readResource(trx, id, viewer));
      for (const row of rows) assertCanManage({ ownerId: row.ownerId }, viewer);
      for (const row of rows) {
        await this.bin(trx, viewer, {
          kind: 'file',
          ownerId: row.ownerId,
          name: row.name,
          folderId: row.folderId,
          fileType: row.fileType,
          folderIds: [],
          resourceIds: [row.id],
          rootFolderId: null,
        });
      }
    });
    this.folders.stats.invalidate();
  }

  /** Moves a folder with everything in it to the bin, as one entry. */
  async binFolder(viewer: Viewer, fId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      const folder = await this.folders.get(fId, viewer, trx);
      assertCanManage({ ownerId: folder.ownerId }, viewer);
      const all = await this.folders.all({ ownerId: folder.ownerId }, trx);
      const folderIds = subtreeOf(all, fId);
      const resources = await trx
        .selectFrom('driveResource')
        .select('id')
        .where('folderId', 'in', folderIds)
        .execute();
      await this.bin(trx, viewer, {
        kind: 'folder',
        ownerId: folder.ownerId,
        name: folder.name,
        folderId: folder.parentId,
        fileType: '-1',
        folderIds,
        resourceIds: resources.map((row) => row.id),
        rootFolderId: fId,
      });
    });
    this.folders.stats.invalidate();
  }

  private async bin(
    trx: Kysely<Database>,
    viewer: Viewer,
    item: {
      kind: 'file' | 'folder';
      ownerId: number | null;
      name: string;
      folderId: number | null;
      fileType: string;
      folderIds: number[];
      resourceIds: number[];
      rootFolderId: number | null;
    },
  ): Promise<void> {
    const payload = await takeRows(trx, item);
    const size = [...payload.resources, ...payload.versions].reduce(
      (sum, row) => sum + Number(row.size),
      0,
    );
    const { id: entryId } = await trx
      .insertInto('driveTrash')
      .values({
        kind: item.kind,
        ownerId: item.ownerId,
        deletedBy: viewer.id,
        deletedAt: iso(this.now()),
        name: item.name,
        folderId: item.folderId,
        place: await this.placeOf(trx, item.ownerId, item.folderId),
        fileType: item.fileType,
        size,
        fileCount: payload.resources.length,
        rows: JSON.stringify(payload),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileIds = [
      ...new Set([...payload.resources, ...payload.versions].map((row) => row.fileId)),
    ];
    if (fileIds.length) {
      await trx
        .insertInto('fileUse')
        .values(fileIds.map((fileId) => ({ fileId, infoTable: DRIVE_TRASH_USE, objId: entryId })))
        .execute();
    }
    if (item.resourceIds.length) {
      await dropFileUses(trx, DRIVE_USE, item.resourceIds);
      await dropFileUses(
        trx,
        DRIVE_VERSION_USE,
        payload.versions.map((row) => row.id),
      );
      await this.texts.remove('drive', item.resourceIds, trx);
      // Likes, favourites, comments, downloads, shares and versions go with it (cascade).
      await trx.deleteFrom('driveResource').where('id', 'in', item.resourceIds).execute();
    }
    if (item.folderIds.length) {
      await trx.deleteFrom('driveFolder').where('id', 'in', item.folderIds).execute();
    }
  }

  /** "教学网盘 / 数学 / 高一": where an item was. */
  private async placeOf(
    db: Kysely<Database>,
    ownerId: number | null,
    folderId: number | null,
  ): Promise<string> {
    const steps = [ownerId === null ? '教学网盘' : '我的网盘'];
    if (folderId !== null) {
      const all = await this.folders.all({ ownerId }, db);
      const byId = new Map(all.map((row) => [row.id, row]));
      const names: string[] = [];
      for (let at = byId.get(folderId); at; at = at.parentId ? byId.get(at.parentId) : undefined) {
        names.unshift(at.name);
        if (names.length > 50) break;
      }
      steps.push(...names);
    }
    return steps.join(' / ').slice(0, 600);
  }

  /**
   * The bin's entries: `mine` those the person deleted and those of their
   * disk; `library` (drive administrators) every entry of the library.
   */
  async list(
    viewer: Viewer,
    query: { scope: 'mine' | 'library'; keyword?: string },
    paging: Paging,
  ): Promise<{ total: number; list: RecycleRow[] }> {
    if (query.scope === 'library' && !isDriveAdmin(viewer)) throw forbidden(DRIVE_ADMIN_ONLY);
    const keyword = query.keyword?.trim();
    const base = this.db
      .selectFrom('driveTrash')
      .leftJoin('staff', 'staff.id', 'driveTrash.deletedBy')
      .$if(query.scope === 'library', (qb) => qb.where('driveTrash.ownerId', 'is', null))
      .$if(query.scope === 'mine', (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('driveTrash.deletedBy', '=', viewer.id),
            eb('driveTrash.ownerId', '=', viewer.id),
          ]),
        ),
      )
      .$if(Boolean(keyword), (qb) => qb.where(containsText('driveTrash.name', keyword!)));
    const now = this.now().getTime();
    return pageOf(
      base,
      paging,
      (qb) =>
        qb
          .select([
            'driveTrash.id',
            'driveTrash.kind',
            'driveTrash.ownerId',
            'driveTrash.deletedBy',
            'driveTrash.deletedAt',
            'driveTrash.name',
            'driveTrash.place',
            'driveTrash.fileType',
            'driveTrash.size',
            'driveTrash.fileCount',
            'staff.name as deleterName',
          ])
          .orderBy('driveTrash.deletedAt', 'desc')
          .orderBy('driveTrash.id', 'desc'),
      (row) => ({
        resId: row.id,
        stype: row.kind === 'folder' ? 0 : 1,
        resourcesName: row.name,
        resourcesFileType: row.fileType,
        place: row.place,
        sType: row.ownerId === null ? LIBRARY : MY_DISK,
        deleteDate: displayTime(row.deletedAt),
        daysLeft: Math.max(
          0,
          Math.ceil((Date.parse(row.deletedAt) + this.days * DAY_MS - now) / DAY_MS),
        ),
        resourcesSize: Number(row.size),
        fileCount: row.fileCount,
        userId: row.deletedBy,
        userName: row.deleterName ?? '',
      }),
    );
  }

  /** An entry the viewer may restore or purge: its deleter, the disk's owner, a drive administrator for the library. */
  private async entry(db: Kysely<Database>, viewer: Viewer, id: number): Promise<TrashRow> {
    const row = await orNotFound(
      db.selectFrom('driveTrash').selectAll().where('id', '=', id),
      TRASH_GONE,
    );
    const allowed =
      row.ownerId === null
        ? row.deletedBy === viewer.id || isDriveAdmin(viewer)
        : row.ownerId === viewer.id;
    if (!allowed) throw forbidden(NOT_YOUR_TRASH);
    return row;
  }

  /**
   * Puts an entry back with its ids: into the folder it was in, or the top of
   * its space when that folder is gone. A name taken there meanwhile gets a
   * number ("教案(1).docx"): both are kept. Its bytes counted toward the disk
   * while in the bin, so restoring needs no more room.
   */
  async restore(
    viewer: Viewer,
    id: number,
  ): Promise<{ name: string; fid: number | null; toTop: boolean }> {
    const placed = await inTransaction(this.db, async (trx) => {
      const entry = await this.entry(trx, viewer, id);
      const payload = JSON.parse(entry.rows) as TrashPayload;
      const ownerOf = (qb: { ownerId: number | null }) => qb.ownerId === entry.ownerId;
      let parent: { id: number; layer: number } | undefined;
      if (entry.folderId !== null) {
        const found = await trx
          .selectFrom('driveFolder')
          .select(['id', 'layer', 'ownerId'])
          .where('id', '=', entry.folderId)
          .executeTakeFirst();
        if (found && ownerOf(found)) parent = found;
      }
      const parentId = parent?.id ?? null;
      let name = entry.name;
      if (entry.kind === 'folder') {
        const root = payload.folders.find((row) => row.id === payload.rootFolderId)!;
        const siblings = await trx
          .selectFrom('driveFolder')
          .select('name')
          .where(matches('ownerId', entry.ownerId))
          .where(matches('parentId', parentId))
          .execute();
        name = freeName(
          root.name,
          siblings.map((row) => row.name),
          25,
        );
        const shift = (parent ? parent.layer + 1 : 0) - root.layer;
        const folders = [...payload.folders].sort((a, b) => a.layer - b.layer);
        for (const folder of folders) {
          const isRoot = folder.id === root.id;
          await trx
            .insertInto('driveFolder')
            .values({
              ...folder,
              parentId: isRoot ? parentId : folder.parentId,
              name: isRoot ? name : folder.name,
              layer: folder.layer + shift,
            })
            .execute();
        }
      } else {
        const resource = payload.resources[0]!;
        const siblings = await trx
          .selectFrom('driveResource')
          .select('name')
          .where(matches('ownerId', entry.ownerId))
          .where(matches('folderId', parentId))
          .execute();
        name = freeName(
          resource.name,
          siblings.map((row) => row.name),
          200,
        );
        payload.resources[0] = { ...resource, folderId: parentId, name };
      }
      await putRowsBack(trx, payload, this.texts);
      await dropFileUses(trx, DRIVE_TRASH_USE, entry.id);
      await trx.deleteFrom('driveTrash').where('id', '=', entry.id).execute();
      return { name, fid: parentId, toTop: entry.folderId !== null && parentId === null };
    });
    this.folders.stats.invalidate();
    return placed;
  }

  /** Deletes an entry for good (彻底删除). */
  async purge(viewer: Viewer, id: number): Promise<void> {
    const entry = await this.entry(this.db, viewer, id);
    await this.drop(entry.id);
  }

  /** Purges the entries deleted more than DRIVE_TRASH_DAYS ago (the daily purge). */
  async purgeExpired(now: Date = this.now()): Promise<number> {
    const before = iso(new Date(now.getTime() - this.days * DAY_MS));
    const old = await this.db
      .selectFrom('driveTrash')
      .select('id')
      .where('deletedAt', '<', before)
      .execute();
    for (const row of old) await this.drop(row.id);
    return old.length;
  }

  /** Drops an entry and then the stored files nothing uses any more. */
  private async drop(id: number): Promise<void> {
    const fileIds = await inTransaction(this.db, async (trx) => {
      const fileIds = await usedFiles(trx, DRIVE_TRASH_USE, id);
      await dropFileUses(trx, DRIVE_TRASH_USE, id);
      await trx.deleteFrom('driveTrash').where('id', '=', id).execute();
      return fileIds;
    });
    await this.dropUnused(fileIds);
  }
}
