import {
  LIBRARY,
  MAIL_EXTENSIONS,
  MY_DISK,
  PRIVATE,
  type ResourceDetail,
} from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { isDriveAdmin } from '../../http/roles.js';
import type { FileGuard } from '../../platform/files/guards.js';
import type { FileService } from '../../platform/files/service.js';
import type { TextIndex } from '../../platform/search/text-index.js';
import { iso, type Clock } from '../../time.js';
import { checkedName, subtreeOf, type DriveFolders } from './folders.js';
import { fileRow, type FileRowData } from './listing.js';
import {
  DRIVE_ADMIN_ONLY,
  NOT_YOUR_DISK,
  assertCanManage,
  visibleTo,
  type Space,
  type Viewer,
} from './space.js';

export const RESOURCE_GONE = '文件不存在或已删除';
export const PRIVATE_FILE = '该文件为私有文件，只有上传者可以查看';
/** The file-use record of a drive resource's stored file (objId the resource). */
export const DRIVE_USE = 'T_DRIVE';
import { DRIVE_UPLOAD, type DiskQuota } from './quota.js';

export { DRIVE_UPLOAD };

/** What a drive file is found by in the text index: its name and description (its uploader's name is looked up apart). */
export const searchText = (name: string, description: string) => `${name} ${description.trim()}`;
/** Files one batch may register (intranet.md §5 "Add-file dialog"). */
export const BATCH_MAX = 10;

const EXTENSIONS: ReadonlySet<string> = new Set(MAIL_EXTENSIONS);

/** RESOURCES_FILE_TYPE by extension: 2 documents, 3 slides, 8 sheets, 4 pictures, 5 audio, 6 video, 9 archives. */
const FILE_TYPES: Record<string, string> = {
  ...Object.fromEntries(['txt', 'doc', 'docx', 'rtf', 'wpd', 'pdf'].map((e) => [e, '2'])),
  ...Object.fromEntries(['ppt', 'pptx'].map((e) => [e, '3'])),
  ...Object.fromEntries(['xls', 'xlsx'].map((e) => [e, '8'])),
  ...Object.fromEntries(
    ['bmp', 'jpg', 'jpeg', 'png', 'tiff', 'gif', 'pcx', 'tga', 'exif', 'fpx', 'svg', 'psd']
      .concat(['cdr', 'pcd', 'dxf', 'ufo', 'eps', 'ai', 'raw', 'wmf'])
      .map((e) => [e, '4']),
  ),
  ...Object.fromEntries(
    ['mp3', 'wma', 'wav', 'mod', 'ra', 'cd', 'md', 'aac', 'vqf', 'ape', 'mid', 'ogg', 'm4a'].map(
      (e) => [e, '5'],
    ),
  ),
  ...Object.fromEntries(
    ['mp4', 'avi', 'mov', 'wmv', 'asf', 'navi', '3gp', 'mkv', 'f4v', 'rmvb', 'webm'].map((e) => [
      e,
      '6',
    ]),
  ),
  ...Object.fromEntries(['rar', 'zip'].map((e) => [e, '9'])),
};

const extensionOf = (name: string) => name.match(/\.([^.]+)$/)?.[1]?.toLowerCase() ?? '';
export const fileTypeOf = (name: string) => FILE_TYPES[extensionOf(name)] ?? '2';

/** A resource's name as a downloaded file: its uploaded file's extension added when it lacks it. */
export function downloadName(resource: { name: string; fileName: string }): string {
  const extension = extensionOf(resource.fileName);
  return extension && extensionOf(resource.name) !== extension
    ? `${resource.name}.${extension}`
    : resource.name;
}

/** The stored file an upload's address names: /api/files/<id> or the download's FILE_ID. */
export function fileIdOf(path: string): number | null {
  const match = /\/api\/(?:files\/|news\/uploadnewfile\.do\?FILE_ID=)(\d{1,10})(?:$|[?&#])/.exec(
    path,
  );
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

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
}

const RESOURCE_COLUMNS = [
  'driveResource.id',
  'driveResource.folderId',
  'driveResource.ownerId',
  'driveResource.fileId',
  'driveResource.name',
  'driveResource.fileName',
  'driveResource.size',
  'driveResource.resourcesType',
  'driveResource.fileType',
  'driveResource.isOpen',
  'driveResource.isComment',
  'driveResource.description',
  'driveResource.isTop',
  'driveResource.downloadNum',
  'driveResource.shareNum',
  'driveResource.likeNum',
  'driveResource.favoriteNum',
  'driveResource.statusDate',
  'driveResource.createdAt',
  'driveResource.uploaderId',
  'staff.name as uploaderName',
] as const;

type ResourceRow = FileRowData & { ownerId: number | null };

/**
 * The drive's files: registering an upload (in a library folder, which
 * everyone may, or in one's own disk within its quota), reading one, editing,
 * pinning, moving and copying (a copy is a new record over the same stored
 * file), deleting (the bytes go when no resource uses them any more).
 */
export class DriveResources {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    private readonly folders: DriveFolders,
    private readonly files: FileService,
    private readonly quota: DiskQuota,
    private readonly texts: TextIndex,
  ) {}

  /** A resource the viewer may see: 404 when gone, 403 for a private file or another's disk. */
  async get(id: number, viewer: Viewer, db: Kysely<Database> = this.db): Promise<ResourceRow> {
    const row = await db
      .selectFrom('driveResource')
      .innerJoin('staff', 'staff.id', 'driveResource.uploaderId')
      .select(RESOURCE_COLUMNS)
      .where('driveResource.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(RESOURCE_GONE);
    if (row.ownerId !== null) {
      if (row.ownerId !== viewer.id) throw forbidden(NOT_YOUR_DISK);
    } else if (row.isOpen === PRIVATE && row.uploaderId !== viewer.id && !isDriveAdmin(viewer)) {
      throw forbidden(PRIVATE_FILE);
    }
    return row as ResourceRow;
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
      canEdit: this.mayEdit(row, viewer),
      canDelete: this.mayManage(space, viewer),
      canPin: this.mayManage(space, viewer),
      fileId: row.fileId,
      fileName: row.name,
    };
  }

  /** Registers uploads (one, or a batch of at most 10) in a folder or at the top of one's disk. */
  async add(
    viewer: Viewer,
    target: { fId?: number; sType?: number },
    uploads: UploadInput[],
    fields: ResourceFields,
  ): Promise<number[]> {
    if (uploads.length === 0) throw badRequest('请上传文件');
    if (uploads.length > BATCH_MAX) throw badRequest(`一次最多上传${BATCH_MAX}个文件`);
    if (!fields.resourcesType.trim()) throw badRequest('请选择资源类型');
    const ids = await inTransaction(this.db, async (trx) => {
      const { space, folderId } = await this.targetOf(viewer, target, trx);
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
        const name = (upload.name?.trim() || fileName).slice(0, 200);
        if (!EXTENSIONS.has(extensionOf(fileName))) throw badRequest(`不符合格式文件：${fileName}`);
        const { id } = await trx
          .insertInto('driveResource')
          .values({
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
            statusDate: at,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('fileUse')
          .values({ fileId: file.id, infoTable: DRIVE_USE, objId: id })
          .execute();
        await this.texts.put('drive', id, searchText(name, fields.description ?? ''), trx);
        added.push(id);
      }
      return added;
    });
    // After the commit, so a count read meanwhile is not kept.
    this.folders.stats.invalidate();
    return ids;
  }

  async edit(
    viewer: Viewer,
    id: number,
    input: ResourceFields & { name?: string; description: string },
  ): Promise<void> {
    const row = await this.get(id, viewer);
    if (!this.mayEdit(row, viewer)) throw forbidden('只能编辑自己上传的文件');
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
          description: input.description.trim(),
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
      await trx
        .deleteFrom('fileUse')
        .where('infoTable', '=', DRIVE_USE)
        .where('objId', 'in', ids)
        .execute();
      return [...new Set(rows.map((row) => row.fileId))];
    });
    this.folders.stats.invalidate();
    await this.dropUnused(fileIds);
  }

  /** Removes the stored files among `fileIds` that no resource or other item uses any more. */
  async dropUnused(fileIds: number[]): Promise<void> {
    for (const fileId of fileIds) {
      const [resource, other, attached] = await Promise.all([
        this.db
          .selectFrom('driveResource')
          .select('id')
          .where('fileId', '=', fileId)
          .executeTakeFirst(),
        this.db
          .selectFrom('fileUse')
          .select('fileId')
          .where('fileId', '=', fileId)
          .where('infoTable', 'not in', [DRIVE_USE, DRIVE_UPLOAD])
          .executeTakeFirst(),
        this.db
          .selectFrom('mailFile')
          .select('fileId')
          .where('fileId', '=', fileId)
          .executeTakeFirst(),
      ]);
      if (resource || other || attached) continue;
      const stored = await this.files.find(fileId);
      await this.db.deleteFrom('fileUse').where('fileId', '=', fileId).execute();
      await this.db.deleteFrom('storedFile').where('id', '=', fileId).execute();
      if (stored) await this.files.storage.remove(stored.storageKey);
    }
  }

  async pin(viewer: Viewer, id: number, on: boolean): Promise<void> {
    const row = await this.get(id, viewer);
    assertCanManage({ ownerId: row.ownerId }, viewer);
    const result = await this.db
      .updateTable('driveResource')
      .set({ isTop: on ? 1 : 0 })
      .where('id', '=', id)
      .where('isTop', '=', on ? 0 : 1)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      throw new AppError(409, on ? '该文件已置顶' : '该文件未置顶');
    }
  }

  /**
   * Moves or copies a file, or moves a folder (intranet.md §4 "Move dialog",
   * §5): the target is required and differs from the source; a folder never
   * goes into itself or below itself. The library is moved within by drive
   * administrators; a disk by its owner; anyone may copy a file of their own
   * disk into a library folder (复制到公共盘).
   */
  async move(
    viewer: Viewer,
    input: {
      resourceId?: number;
      folderId?: number;
      copy: boolean;
      fromId?: number;
      toId: number;
      sType?: number;
    },
  ): Promise<void> {
    if (input.fromId !== undefined && input.fromId === input.toId && input.fromId !== 0) {
      throw badRequest('请移动到不同于自己的文件夹');
    }
    await inTransaction(this.db, async (trx) => {
      if (input.folderId) {
        if (input.copy) throw badRequest('文件夹只能移动，不能复制');
        await this.moveFolder(trx, viewer, input.folderId, input.toId);
        return;
      }
      if (!input.resourceId) throw badRequest('请选择文件');
      const row = await this.get(input.resourceId, viewer, trx);
      const from: Space = { ownerId: row.ownerId };
      const targetSpace: Space =
        input.toId === 0
          ? input.sType === MY_DISK || (input.sType === undefined && row.ownerId !== null)
            ? { ownerId: viewer.id }
            : { ownerId: null }
          : { ownerId: (await this.folders.get(input.toId, viewer, trx)).ownerId };
      const toFolder = input.toId === 0 ? null : input.toId;
      if (targetSpace.ownerId === null && toFolder === null) throw badRequest('请选择移动目录');
      if (toFolder === row.folderId && from.ownerId === targetSpace.ownerId) {
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
        const { id } = await trx
          .insertInto('driveResource')
          .values({
            folderId: toFolder,
            ownerId: targetSpace.ownerId,
            uploaderId: ownToLibrary ? viewer.id : row.uploaderId,
            fileId: row.fileId,
            name: row.name,
            fileName: row.fileName,
            size: Number(row.size),
            resourcesType: row.resourcesType,
            fileType: row.fileType,
            isOpen: row.isOpen,
            isComment: row.isComment,
            description: row.description,
            statusDate: at,
            createdAt: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('fileUse')
          .values({ fileId: row.fileId, infoTable: DRIVE_USE, objId: id })
          .execute();
        await this.texts.put('drive', id, searchText(row.name, row.description), trx);
        return;
      }
      if (from.ownerId !== targetSpace.ownerId) {
        throw badRequest('只能在同一个网盘里移动，请用复制');
      }
      await trx
        .updateTable('driveResource')
        .set({ folderId: toFolder, statusDate: iso(this.now()) })
        .where('id', '=', row.id)
        .execute();
    });
    this.folders.stats.invalidate();
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
    const uploads = await db
      .selectFrom('fileUse')
      .select('fileId')
      .where('infoTable', '=', DRIVE_UPLOAD)
      .where('objId', '=', viewer.id)
      .where('fileId', 'in', foreign)
      .execute();
    const mine = new Set(uploads.map((row) => row.fileId));
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

  private mayManage(space: Space, viewer: Viewer): boolean {
    return space.ownerId === null ? isDriveAdmin(viewer) : space.ownerId === viewer.id;
  }

  /** The uploader edits their own file; drive administrators any of the library. */
  private mayEdit(row: ResourceRow, viewer: Viewer): boolean {
    if (row.ownerId !== null) return row.ownerId === viewer.id;
    return row.uploaderId === viewer.id || isDriveAdmin(viewer);
  }
}

/**
 * Who may read a drive file by its address (/api/files/<id>): a person who
 * may see at least one resource over it, or who uploaded it and has not
 * registered it yet.
 */
export function driveFileGuard(): FileGuard {
  return {
    tables: [DRIVE_USE, DRIVE_UPLOAD],
    refusal: PRIVATE_FILE,
    allows: async (reader, uses, fileId, db) => {
      if (uses.some((row) => row.infoTable === DRIVE_UPLOAD && row.objId === reader.id)) {
        return true;
      }
      if (fileId === null) return false;
      const seen = await db
        .selectFrom('driveResource')
        .select('driveResource.id')
        .where('driveResource.fileId', '=', fileId)
        .where(visibleTo(reader))
        .executeTakeFirst();
      return Boolean(seen);
    },
  };
}
