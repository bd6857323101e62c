import type { Readable } from 'node:stream';
import type { FolderZipInfo } from '@school/common/api';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database } from '../../../db/schema.js';
import { AppError, badRequest } from '../../../http/errors.js';
import type { FileService } from '../../../platform/files/service.js';
import { subtreeOf, type DriveFolders, type FolderRow } from './folders.js';
import { assertMayDownload, downloadableBy } from './leak-protection.js';
import { readResource } from './resource-access.js';
import { downloadName } from './resource-files.js';
import { visibleTo, type Viewer } from '../disk/space.js';
import { ZipNames, fittedName, safeComponent } from './zip-names.js';

/** Files one 打包下载 may hold. */
export const ZIP_FILES_MAX = 5000;
/** Items (files and folders) one selection may name: a list shows 10 a page. */
export const SELECTION_MAX = 100;
export const EMPTY_SELECTION = '请选择要下载的文件或文件夹';

/** What a list's selection names for 打包下载: files and folders by id. */
export interface Selection {
  resourceIds: number[];
  folderIds: number[];
}

/** A folder with the folders below it (of its own space). */
interface Scope {
  root: FolderRow;
  ids: number[];
  byId: Map<number, FolderRow>;
}

/** A file of a zip: its resource's name, where it sits and its stored bytes. */
interface ZipFileRow {
  id: number;
  folderId: number | null;
  name: string;
  fileName: string;
  statusDate: string;
  storageKey: string;
  size: number | string;
}

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
    return this.infoOf(fileCount, totalBytes);
  }

  async zip(viewer: Viewer, fId: number): Promise<{ name: string; stream: Readable }> {
    const scope = await this.scope(viewer, fId);
    const rows = await this.filesIn(viewer, [scope]);
    // Checked on the very rows the zip is made of, before its first byte.
    const refusal = this.refusalOf(rows.length, bytesOf(rows));
    if (refusal) throw refusal;
    const zipName = fittedName(`${safeComponent(scope.root.name, '文件夹')}.zip`);
    return { name: zipName, stream: this.stream([scope], false, rows) };
  }

  /**
   * 打包下载 through a folder's share link: the folder as `zip` makes it for
   * the link's owner, holding only the files `keep` lets through (the link's
   * rule, share-rules.ts), each asked before the first byte is sent.
   */
  async lentZip(
    owner: Viewer,
    fId: number,
    keep: (resourceId: number) => Promise<boolean>,
  ): Promise<{ name: string; stream: Readable }> {
    const scope = await this.scope(owner, fId);
    const rows: ZipFileRow[] = [];
    for (const row of await this.filesIn(owner, [scope])) if (await keep(row.id)) rows.push(row);
    const refusal = this.refusalOf(rows.length, bytesOf(rows));
    if (refusal) throw refusal;
    const zipName = fittedName(`${safeComponent(scope.root.name, '文件夹')}.zip`);
    return { name: zipName, stream: this.stream([scope], false, rows) };
  }

  /**
   * What the zip of a list's selection would hold: every named item must be
   * one the viewer may see (the drive's read rule: 404 when gone, 403 for a
   * private file or another's disk), the folders' contents as for a folder.
   */
  async selectionInfo(viewer: Viewer, selection: Selection): Promise<FolderZipInfo> {
    const { rows } = await this.selected(viewer, selection);
    return this.infoOf(rows.length, bytesOf(rows));
  }

  /**
   * 打包下载 of a selection: the chosen files at the zip's top, each chosen
   * folder as a directory with everything below it the viewer may see; an
   * item inside a chosen folder comes once. Refused as a whole, before a byte
   * is sent, when an item may not be read or the bounds are passed.
   */
  async selectionZip(
    viewer: Viewer,
    selection: Selection,
  ): Promise<{ name: string; stream: Readable }> {
    const { scopes, rows } = await this.selected(viewer, selection);
    const refusal = this.refusalOf(rows.length, bytesOf(rows));
    if (refusal) throw refusal;
    const only = scopes.length === 1 && selection.resourceIds.length === 0 ? scopes[0] : null;
    const count = selection.resourceIds.length + selection.folderIds.length;
    const zipName = only
      ? fittedName(`${safeComponent(only.root.name, '文件夹')}.zip`)
      : `网盘文件（${count}项）.zip`;
    return { name: zipName, stream: this.stream(scopes, true, rows) };
  }

  private async selected(viewer: Viewer, selection: Selection) {
    const { resourceIds, folderIds } = selection;
    const count = resourceIds.length + folderIds.length;
    if (count === 0) throw badRequest(EMPTY_SELECTION);
    if (count > SELECTION_MAX) throw badRequest(`一次最多打包下载${SELECTION_MAX}项，请分开下载`);
    // The read rule for each named item, in the order named: the first refusal answers.
    for (const id of resourceIds)
      assertMayDownload(await readResource(this.db, id, viewer), viewer);
    const chosen: Scope[] = [];
    for (const id of folderIds) chosen.push(await this.scope(viewer, id));
    // A folder inside another chosen folder is already in the zip.
    const scopes = chosen.filter(
      (scope) => !chosen.some((other) => other !== scope && other.ids.includes(scope.root.id)),
    );
    const inFolders = await this.filesIn(viewer, scopes);
    const covered = new Set(scopes.flatMap((scope) => scope.ids));
    const loose = resourceIds.length
      ? await this.fileRows()
          .where('driveResource.id', 'in', resourceIds)
          .orderBy('driveResource.id')
          .execute()
      : [];
    const rows = [
      ...inFolders,
      ...loose.filter((row) => row.folderId === null || !covered.has(row.folderId)),
    ];
    return { scopes, rows };
  }

  /** The files of a zip's folders that the viewer may see (one past the bound at most). */
  private async filesIn(viewer: Viewer, scopes: Scope[]): Promise<ZipFileRow[]> {
    const ids = scopes.flatMap((scope) => scope.ids);
    if (ids.length === 0) return [];
    return this.fileRows()
      .where('driveResource.folderId', 'in', ids)
      .where(visibleTo(viewer))
      .where(downloadableBy(viewer))
      .orderBy('driveResource.id')
      .limit(ZIP_FILES_MAX + 1)
      .execute();
  }

  private fileRows() {
    return this.db
      .selectFrom('driveResource')
      .innerJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select([
        'driveResource.id',
        'driveResource.folderId',
        'driveResource.name',
        'driveResource.fileName',
        'driveResource.statusDate',
        'storedFile.storageKey',
        'storedFile.size',
      ]);
  }

  /**
   * The zip, streamed as it is made: each scope's folders as paths (its root
   * one too when `rootsAsDirectories`), then the files, each under its
   * folder's path or at the top.
   */
  private stream(scopes: Scope[], rootsAsDirectories: boolean, rows: ZipFileRow[]): Readable {
    const names = new ZipNames();
    const zip = new yazl.ZipFile();
    const pathOf = new Map<number, string>();
    for (const scope of scopes) {
      if (rootsAsDirectories) {
        const path = names.claim('', scope.root.name, '未命名文件夹');
        pathOf.set(scope.root.id, `${path}/`);
        zip.addEmptyDirectory(path);
      } else {
        pathOf.set(scope.root.id, '');
      }
    }
    for (const scope of scopes) {
      // Parents come before their children in subtreeOf's order, so each parent's path is known.
      for (const id of scope.ids) {
        if (id === scope.root.id) continue;
        const folder = scope.byId.get(id)!;
        const path = names.claim(pathOf.get(folder.parentId!)!, folder.name, '未命名文件夹');
        pathOf.set(id, `${path}/`);
        zip.addEmptyDirectory(path);
      }
    }
    for (const row of rows) {
      const parent = row.folderId === null ? '' : (pathOf.get(row.folderId) ?? '');
      const name = names.claim(parent, downloadName(row), '未命名文件');
      zip.addReadStreamLazy(
        name,
        { mtime: new Date(row.statusDate), size: Number(row.size) },
        (done) => done(null, this.files.storage.read(row.storageKey)),
      );
    }
    zip.end();
    return zip.outputStream as Readable;
  }

  /** The folder (which the viewer may see) and the folders below it. */
  private async scope(viewer: Viewer, fId: number): Promise<Scope> {
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
      .where(downloadableBy(viewer))
      .executeTakeFirstOrThrow();
    return { fileCount: Number(row.files), totalBytes: Number(row.bytes) };
  }

  private infoOf(fileCount: number, totalBytes: number): FolderZipInfo {
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

const bytesOf = (rows: Array<{ size: number | string }>) =>
  rows.reduce((sum, row) => sum + Number(row.size), 0);
