import { LIBRARY, MY_DISK, type ResourceDetail } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/transaction.js';
import { badRequest, forbidden } from '../../../http/errors.js';
import { heldBy, settleHolds } from '../../../platform/files/leases.js';
import type { FileTexts } from '../../../platform/files/file-texts.js';
import type { FileService } from '../../../platform/files/service.js';
import { dropFileUses } from '../../../platform/files/uses.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { iso, type Clock } from '../../../time.js';
import type { DriveFolders } from './folders.js';
import { sameName, takenNames } from './folder-names.js';
import { fileRow } from './file-rows.js';
import { DRIVE_UPLOAD, type DiskQuota } from '../disk/quota.js';
import {
  DRIVE_USE,
  insertResource,
  mayEdit,
  mayManage,
  readResource,
  type ResourceRow,
} from './resource-access.js';
import { extensionAllowed, fileIdOf, fileTypeOf, searchText } from './resource-files.js';
import { ResourceMoves, type MoveInput } from './resource-moves.js';
import { mayDownload } from './leak-protection.js';
import { assertCanManage, setPinned, type Space, type Viewer } from '../disk/space.js';
import { freeName } from '../trash/trash-rows.js';
import { DriveVersions, ONLY_EDITOR_REPLACES } from '../trash/versions.js';
import { chooseFacets, type FacetInput } from './facet-choice.js';

/** Files one batch may register (intranet.md §5 "Add-file dialog"). */
export const BATCH_MAX = 10;

export interface UploadInput {
  /** The upload's address (resourcesPath). */
  path: string;
  name?: string;
  fileName?: string;
}

export interface ResourceFields {
  resourcesType: string;
  fileType?: string;
  isOpen?: string;
  isComment?: string;
  description?: string;
  /** Teaching facets of a library file (facet-choice.ts). */
  facets?: FacetInput;
}

/**
 * The drive's files: registering an upload (in a library folder, which
 * everyone may, or in one's own disk within its quota), reading one, editing,
 * pinning, moving and copying (a copy is a new record over the same stored
 * file), deleting (the bytes go when no resource uses them any more).
 */
export class DriveResources {
  /** Moving and copying (resource-moves.ts). */
  private readonly moves: ResourceMoves;
  /** Earlier contents kept by 替换 (versions.ts, issue 19). */
  readonly versions: DriveVersions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly folders: DriveFolders,
    private readonly files: FileService,
    private readonly quota: DiskQuota,
    private readonly texts: TextIndex,
    private readonly fileTexts: FileTexts,
  ) {
    this.moves = new ResourceMoves(db, now, folders, quota, texts);
    this.versions = new DriveVersions(
      db,
      now,
      (fileIds) => this.dropUnused(fileIds),
      (fileId, fileName, by) => this.contentChanged([{ fileId, fileName }], by),
      (fileId) => files.assertNoVirus(fileId),
    );
  }

  /**
   * New bytes under drive files (after their commit): their texts are asked for, for the
   * search inside documents. A failure here fails no upload: the daily backfill asks again.
   */
  private async contentChanged(files: Array<{ fileId: number; fileName: string }>, by: Viewer) {
    for (const file of files) {
      await this.fileTexts.request(file.fileId, file.fileName, by.id).catch(() => undefined);
    }
  }

  /** A resource the viewer may see: 404 when gone, 403 for a private file or another's disk. */
  get(id: number, viewer: Viewer, db: Kysely<Database> = this.db): Promise<ResourceRow> {
    return readResource(db, id, viewer);
  }

  async detail(
    id: number,
    viewer: Viewer,
  ): Promise<ResourceDetail & { fileId: number; fileName: string }> {
    const row = await this.get(id, viewer);
    const [liked, favourite, path] = await Promise.all([
      this.db
        .selectFrom('driveLike')
        .select('resourceId')
        .where('resourceId', '=', id)
        .where('staffId', '=', viewer.id)
        .executeTakeFirst(),
      this.db
        .selectFrom('driveFavorite')
        .select('id')
        .where('resourceId', '=', id)
        .where('staffId', '=', viewer.id)
        .executeTakeFirst(),
      row.folderId ? this.folders.info(row.folderId, viewer).then((info) => info.path) : [],
    ]);
    const stored = await this.files.find(row.fileId);
    const space = { ownerId: row.ownerId };
    return {
      ...fileRow(row),
      isGivelike: liked ? 1 : 0,
      isFavorites: favourite ? 1 : 0,
      folderPath: path.length
        ? `${path.map((step) => step.fid).join('/')},${path.map((step) => step.fname).join('/')}`
        : '',
      sType: row.ownerId === null ? LIBRARY : MY_DISK,
      mimeType: stored?.mimeType ?? 'application/octet-stream',
      canEdit: mayEdit(row, viewer),
      canDelete: mayManage(space, viewer),
      canPin: mayManage(space, viewer),
      resourcesIsProtected: row.leakProtected === 1 ? '1' : '0',
      canDownload: mayDownload(row, viewer),
      fileId: row.fileId,
      fileName: row.name,
    };
  }

  /**
   * Registers uploads (one, or a batch of at most 10) in a folder or at the
   * top of one's disk. A name the folder holds (of the files the viewer sees): '' adds
   * another file of that name (as before), 'keep' adds it as "名称(1)",
   * 'replace' puts the bytes under the file there, its old ones kept as a
   * version (versions.ts).
   */
  async add(
    viewer: Viewer,
    target: { fId?: number; sType?: number },
    uploads: UploadInput[],
    fields: ResourceFields,
    onConflict: '' | 'keep' | 'replace' = '',
  ): Promise<number[]> {
    const dropped: number[] = [];
    if (uploads.length === 0) throw badRequest('请上传文件');
    if (uploads.length > BATCH_MAX) throw badRequest(`一次最多上传${BATCH_MAX}个文件`);
    if (!fields.resourcesType.trim()) throw badRequest('请选择资源类型');
    const arrived: Array<{ fileId: number; fileName: string }> = [];
    const ids = await inTransaction(this.db, async (trx) => {
      const { space, folderId } = await this.targetOf(viewer, target, trx);
      const facets = await chooseFacets(trx, space, fields.facets);
      const fileIds = uploads.map((upload) => fileIdOf(upload.path));
      if (fileIds.some((id) => id === null)) throw badRequest('请选择文件');
      const stored = await trx
        .selectFrom('storedFile')
        .select(['id', 'fileName', 'size', 'createdBy'])
        .where('id', 'in', fileIds as number[])
        .execute();
      const byId = new Map(stored.map((file) => [file.id, file]));
      if (fileIds.some((id) => !byId.has(id!))) throw badRequest('文件不存在，请重新上传');
      await this.assertUploadedBy(trx, viewer, stored);
      // Registered: the viewer's uploads of these bytes no longer keep them pending.
      await settleHolds(trx, { table: DRIVE_UPLOAD, objId: viewer.id }, fileIds as number[]);
      const total = stored.reduce((sum, file) => sum + Number(file.size), 0);
      if (space.ownerId !== null) {
        // The check and the inserts below hold the disk: registrations at once go one by one.
        await this.quota.lock(trx, space.ownerId);
        await this.quota.assertRoom(trx, space.ownerId, total, fileIds as number[]);
      }
      const at = iso(this.now());
      const added: number[] = [];
      for (const [i, upload] of uploads.entries()) {
        const file = byId.get(fileIds[i]!)!;
        const fileName = (upload.fileName?.trim() || file.fileName).slice(0, 200);
        const asked = (upload.name?.trim() || fileName).slice(0, 200);
        if (!extensionAllowed(fileName)) throw badRequest(`不符合格式文件：${fileName}`);
        arrived.push({ fileId: file.id, fileName });
        const clash = onConflict
          ? await sameName(trx, viewer, { space, folderId }, asked)
          : { found: undefined, names: [] };
        const name = onConflict === 'keep' ? freeName(asked, clash.names, 200) : asked;
        if (onConflict === 'replace' && clash.found) {
          if (!mayEdit(clash.found as ResourceRow, viewer)) throw forbidden(ONLY_EDITOR_REPLACES);
          const size = Number(file.size);
          dropped.push(
            ...(await this.versions.replace(
              trx,
              clash.found.id,
              { id: file.id, fileName, size },
              viewer.id,
            )),
          );
          added.push(clash.found.id);
          continue;
        }
        const id = await insertResource(trx, this.texts, {
          folderId,
          ownerId: space.ownerId,
          uploaderId: viewer.id,
          fileId: file.id,
          name,
          fileName,
          size: Number(file.size),
          resourcesType: fields.resourcesType.trim(),
          fileType: fields.fileType?.trim() || fileTypeOf(fileName),
          // intranet.md §9: uploads start open to teachers and students ('2'), not commentable ('1').
          isOpen: fields.isOpen ?? '2',
          isComment: fields.isComment ?? '1',
          description: (fields.description ?? '').trim(),
          ...facets,
          statusDate: at,
          createdAt: at,
        });
        added.push(id);
      }
      return added;
    });
    // After the commit, so a count read meanwhile is not kept.
    this.folders.stats.invalidate();
    if (dropped.length) await this.dropUnused(dropped);
    await this.contentChanged(arrived, viewer);
    return ids;
  }

  /**
   * Puts stored bytes the viewer uploaded under an existing file (WebDAV's PUT over it), its
   * old ones kept as a version, as 替换 does (the disk's quota holds).
   */
  async replaceContent(viewer: Viewer, id: number, fileId: number): Promise<void> {
    let fileName = '';
    const dropped = await inTransaction(this.db, async (trx) => {
      const row = await this.get(id, viewer, trx);
      if (!mayEdit(row, viewer)) throw forbidden(ONLY_EDITOR_REPLACES);
      const file = await trx
        .selectFrom('storedFile')
        .select(['id', 'fileName', 'size', 'createdBy'])
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (!file) throw badRequest('文件不存在，请重新上传');
      fileName = file.fileName;
      await this.assertUploadedBy(trx, viewer, [file]);
      await settleHolds(trx, { table: DRIVE_UPLOAD, objId: viewer.id }, [file.id]);
      const size = Number(file.size);
      if (row.ownerId !== null) {
        await this.quota.lock(trx, row.ownerId);
        await this.quota.assertRoom(trx, row.ownerId, size, [file.id]);
      }
      return this.versions.replace(
        trx,
        id,
        { id: file.id, fileName: file.fileName, size },
        viewer.id,
      );
    });
    this.folders.stats.invalidate();
    if (dropped.length) await this.dropUnused(dropped);
    await this.contentChanged([{ fileId, fileName }], viewer);
  }

  /** The names among `names` a folder (or a disk's top) holds that the viewer sees (folder-names.ts). */
  async clashingNames(
    viewer: Viewer,
    target: { fId?: number; sType?: number },
    /** The names the page asks about: a JSON array of at most 10 strings (checked after the folder). */
    names: unknown,
  ): Promise<string[]> {
    const { space, folderId } = await this.targetOf(viewer, target, this.db);
    if (
      !Array.isArray(names) ||
      names.length > BATCH_MAX ||
      names.some((name) => typeof name !== 'string')
    ) {
      throw badRequest('文件名列表格式不正确');
    }
    const wanted = [
      ...new Set((names as string[]).map((name) => name.trim().slice(0, 200)).filter(Boolean)),
    ];
    return takenNames(this.db, viewer, { space, folderId }, wanted);
  }

  async edit(
    viewer: Viewer,
    id: number,
    input: ResourceFields & { name?: string; description: string; leakProtected?: string },
  ): Promise<void> {
    const row = await this.get(id, viewer);
    if (!mayEdit(row, viewer)) throw forbidden('只能编辑自己上传的文件');
    const facets = await chooseFacets(this.db, { ownerId: row.ownerId }, input.facets, row);
    const name = input.name?.trim();
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('driveResource')
        .set({
          ...(name ? { name } : {}),
          resourcesType: input.resourcesType.trim(),
          ...(input.fileType ? { fileType: input.fileType.trim() } : {}),
          ...(input.isOpen ? { isOpen: input.isOpen } : {}),
          ...(input.isComment ? { isComment: input.isComment } : {}),
          ...(input.leakProtected ? { leakProtected: input.leakProtected === '1' ? 1 : 0 } : {}),
          description: input.description.trim(),
          ...facets,
          statusDate: iso(this.now()),
        })
        .where('id', '=', id)
        .execute();
      await this.texts.put('drive', id, searchText(name || row.name, input.description), trx);
    });
    this.folders.stats.invalidate();
  }

  /** Deletes resources (all or none); the stored bytes no resource uses any more go too. */
  async remove(viewer: Viewer, ids: number[]): Promise<void> {
    if (ids.length === 0) throw badRequest('请选择文件');
    const fileIds = await inTransaction(this.db, async (trx) => {
      const rows = [];
      for (const id of ids) rows.push(await this.get(id, viewer, trx));
      for (const row of rows) assertCanManage({ ownerId: row.ownerId }, viewer);
      await trx.deleteFrom('driveResource').where('id', 'in', ids).execute();
      await this.texts.remove('drive', ids, trx);
      await dropFileUses(trx, DRIVE_USE, ids);
      return [...new Set(rows.map((row) => row.fileId))];
    });
    this.folders.stats.invalidate();
    await this.dropUnused(fileIds);
  }

  /**
   * Removes the stored files among `fileIds` that no resource or other item
   * uses any more, through the file service's one guarded delete: an upload
   * of the same bytes (or a 秒传) not registered yet keeps them. Registered
   * uploads' holds (T_DRIVE_UPLOAD, no longer pending) do not.
   */
  async dropUnused(fileIds: number[]): Promise<void> {
    for (const fileId of fileIds) {
      await this.files.removeIfUnused(fileId, async (id, db) => {
        const [resource, other, attached] = await Promise.all([
          db.selectFrom('driveResource').select('id').where('fileId', '=', id).executeTakeFirst(),
          db
            .selectFrom('fileUse')
            .select('fileId')
            .where('fileId', '=', id)
            .where('infoTable', 'not in', [DRIVE_USE, DRIVE_UPLOAD])
            .executeTakeFirst(),
          db.selectFrom('mailFile').select('fileId').where('fileId', '=', id).executeTakeFirst(),
        ]);
        return Boolean(resource || other || attached);
      });
    }
  }

  async pin(viewer: Viewer, id: number, on: boolean): Promise<void> {
    const row = await this.get(id, viewer);
    await setPinned(
      this.db,
      viewer,
      'driveResource',
      row,
      on,
      on ? '该文件已置顶' : '该文件未置顶',
    );
  }

  /** Moves or copies a file, or moves a folder (resource-moves.ts). */
  move(viewer: Viewer, input: MoveInput): Promise<number> {
    return this.moves.move(viewer, input);
  }

  /** The person's disk: registered and pending bytes, and its quota. */
  async usage(viewer: Viewer) {
    return this.quota.usage(viewer.id);
  }

  /** An upload may be registered by the person who uploaded it (the same bytes may be shared). */
  private async assertUploadedBy(
    db: Kysely<Database>,
    viewer: Viewer,
    stored: Array<{ id: number; createdBy: number | null }>,
  ) {
    const foreign = stored.filter((file) => file.createdBy !== viewer.id).map((file) => file.id);
    if (foreign.length === 0) return;
    const mine = await heldBy(db, { table: DRIVE_UPLOAD, objId: viewer.id }, foreign);
    if (foreign.some((id) => !mine.has(id))) throw forbidden('只能登记自己上传的文件');
  }

  /** Where a registration goes: a folder (the library's are everyone's to upload to) or one's disk top. */
  private async targetOf(
    viewer: Viewer,
    target: { fId?: number; sType?: number },
    db: Kysely<Database>,
  ): Promise<{ space: Space; folderId: number | null }> {
    if (target.fId) {
      const folder = await this.folders.get(target.fId, viewer, db);
      return { space: { ownerId: folder.ownerId }, folderId: folder.id };
    }
    if (target.sType === MY_DISK) return { space: { ownerId: viewer.id }, folderId: null };
    throw badRequest('请选择文件夹');
  }
}
