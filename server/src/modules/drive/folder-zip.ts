import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { FileService } from '../../platform/files/service.js';
import { subtreeOf, type DriveFolders } from './folders.js';
import { downloadName } from './resources.js';
import { visibleTo, type Viewer } from './space.js';

/** Files one 打包下载 may hold. */
export const ZIP_FILES_MAX = 5000;

/**
 * 打包下载: a folder with everything below it that the viewer may see, as one
 * zip streamed while it is made (never held whole), the folders as paths and
 * each file under its resource's name; names are stored in UTF-8 with the
 * zip's UTF-8 flag, so Chinese names open intact. Two files of the same name
 * in a folder get " (2)", " (3)".
 */
export async function folderZip(
  db: Kysely<Database>,
  folders: DriveFolders,
  files: FileService,
  viewer: Viewer,
  fId: number,
): Promise<{ name: string; stream: Readable }> {
  const folder = await folders.get(fId, viewer);
  const rows = await folders.all({ ownerId: folder.ownerId });
  const ids = subtreeOf(rows, fId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (id: number): string => {
    const parts: string[] = [];
    for (let at = byId.get(id); at && at.id !== fId; at = byId.get(at.parentId ?? -1)) {
      parts.unshift(at.name);
    }
    return parts.length ? `${parts.join('/')}/` : '';
  };
  const resources = await db
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
    .where('driveResource.folderId', 'in', ids)
    .where(visibleTo(viewer))
    .orderBy('driveResource.id')
    .limit(ZIP_FILES_MAX + 1)
    .execute();
  if (resources.length > ZIP_FILES_MAX) {
    throw badRequest(`文件夹中的文件超过${ZIP_FILES_MAX}个，请分开下载`);
  }
  const zip = new yazl.ZipFile();
  const taken = new Set<string>();
  for (const id of ids) if (id !== fId) zip.addEmptyDirectory(pathOf(id).slice(0, -1));
  for (const resource of resources) {
    const base = pathOf(resource.folderId!) + safeName(downloadName(resource));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = base.replace(/(\.[^./]*)?$/, ` (${n})$1`);
    taken.add(name);
    zip.addReadStreamLazy(
      name,
      { mtime: new Date(resource.statusDate), size: Number(resource.size) },
      (done) => done(null, files.storage.read(resource.storageKey)),
    );
  }
  zip.end();
  return { name: `${folder.name}.zip`, stream: zip.outputStream as Readable };
}

/** A file's name as a zip entry: no path of its own. */
const safeName = (name: string) => name.replace(/[\\/]/g, '_').replace(/^\.+/, '_') || '未命名文件';
