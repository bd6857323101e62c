import type { Readable } from 'node:stream';
import type { FolderZipInfo } from '@school/common/api';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database } from '../../db/schema.js';
import { AppError, badRequest } from '../../http/errors.js';
import type { FileService } from '../../platform/files/service.js';
import { subtreeOf, type DriveFolders, type FolderRow } from './folders.js';
import { downloadName } from './resource-files.js';
import { visibleTo, type Viewer } from './space.js';
import { ZipNames, fittedName, safeComponent } from './zip-names.js';

/** Files one 打包下载 may hold. */
export const ZIP_FILES_MAX = 5000;

const MB = 1024 * 1024;
/** Megabytes as the refusal says them: 525.3, 4096. */
const megabytes = (bytes: number) => (bytes / MB).toFixed(1).replace(/\.0$/, '');

/**
 * 打包下载: a folder with everything below it that the viewer may see, as one
 * zip streamed while it is made (never held whole), the folders as paths and
 * each file under its resource's name. Names are made safe for every system
 * (zip-names.ts) and stored in UTF-8 with the zip's UTF-8 flag, so Chinese
 * names open intact. What a zip would hold (files and their bytes before
 * compression) is bounded (DRIVE_ZIP_MAX_BYTES) and known before a byte is
 * sent: `info` answers it for the page to ask first, and a zip past the
 * bounds is refused (413) rather than started and cut.
 */
export class FolderZips {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly folders: DriveFolders,
    private readonly files: FileService,
    /** Bytes (uncompressed) one zip may hold (config.driveZipMaxBytes). */
    private readonly maxBytes: number,
  ) {}

  /** How many files and bytes the zip of `fId` would hold, and whether it may be made. */
  async info(viewer: Viewer, fId: number): Promise<FolderZipInfo> {
    const { fileCount, totalBytes } = await this.measure(viewer, await this.scope(viewer, fId));
    const refusal = this.refusalOf(fileCount, totalBytes);
    return {
      fileCount,
      totalBytes,
      maxBytes: this.maxBytes,
      maxFiles: ZIP_FILES_MAX,
      allowed: refusal === null,
      reason: refusal?.message ?? null,
    };
  }

  async zip(viewer: Viewer, fId: number): Promise<{ name: string; stream: Readable }> {
    const scope = await this.scope(viewer, fId);
    const resources = await this.db
      .selectFrom('driveResource')
      .innerJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select([
        'driveResource.folderId',
        'driveResource.name',
        'driveResource.fileName',
        'driveResource.statusDate',
        'storedFile.storageKey',
        'storedFile.size',
      ])
      .where('driveResource.folderId', 'in', scope.ids)
      .where(visibleTo(viewer))
      .orderBy('driveResource.id')
      .limit(ZIP_FILES_MAX + 1)
      .execute();
    // Checked on the very rows the zip is made of, before its first byte.
    const totalBytes = resources.reduce((sum, row) => sum + Number(row.size), 0);
    const refusal = this.refusalOf(resources.length, totalBytes);
    if (refusal) throw refusal;
    const names = new ZipNames();
    const zip = new yazl.ZipFile();
    // Parents come before their children in subtreeOf's order, so each parent's path is known.
    const pathOf = new Map<number, string>([[scope.root.id, '']]);
    for (const id of scope.ids) {
      if (id === scope.root.id) continue;
      const folder = scope.byId.get(id)!;
      const path = names.claim(pathOf.get(folder.parentId!)!, folder.name, '未命名文件夹');
      pathOf.set(id, `${path}/`);
      zip.addEmptyDirectory(path);
    }
    for (const resource of resources) {
      const name = names.claim(
        pathOf.get(resource.folderId!)!,
        downloadName(resource),
        '未命名文件',
      );
      zip.addReadStreamLazy(
        name,
        { mtime: new Date(resource.statusDate), size: Number(resource.size) },
        (done) => done(null, this.files.storage.read(resource.storageKey)),
      );
    }
    zip.end();
    const zipName = fittedName(`${safeComponent(scope.root.name, '文件夹')}.zip`);
    return { name: zipName, stream: zip.outputStream as Readable };
  }

  /** The folder (which the viewer may see) and the folders below it. */
  private async scope(viewer: Viewer, fId: number) {
    const root = await this.folders.get(fId, viewer);
    const rows = await this.folders.all({ ownerId: root.ownerId });
    return {
      root,
      ids: subtreeOf(rows, fId),
      byId: new Map<number, FolderRow>(rows.map((row) => [row.id, row])),
    };
  }

  /** Files the viewer may see in `scope`, and their bytes. */
  private async measure(viewer: Viewer, scope: { ids: number[] }) {
    const row = await this.db
      .selectFrom('driveResource')
      .innerJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select((eb) => [
        eb.fn.countAll<number>().as('files'),
        eb.fn.coalesce(eb.fn.sum<number>('storedFile.size'), eb.lit(0)).as('bytes'),
      ])
      .where('driveResource.folderId', 'in', scope.ids)
      .where(visibleTo(viewer))
      .executeTakeFirstOrThrow();
    return { fileCount: Number(row.files), totalBytes: Number(row.bytes) };
  }

  private refusalOf(fileCount: number, totalBytes: number): AppError | null {
    if (fileCount > ZIP_FILES_MAX) {
      return badRequest(`文件夹中的文件超过${ZIP_FILES_MAX}个，请分开下载`);
    }
    if (totalBytes > this.maxBytes) {
      return new AppError(
        413,
        `打包内容共 ${megabytes(totalBytes)} MB，超过上限 ${megabytes(this.maxBytes)} MB，请分开下载`,
      );
    }
    return null;
  }
}
