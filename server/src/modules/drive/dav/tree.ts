import type { Kysely } from 'kysely';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import type { FolderRow, DriveFolders } from '../library/folders.js';
import { RESOURCE_COLUMNS, type ResourceRow } from '../library/resource-access.js';
import { downloadName } from '../library/resource-files.js';
import { visibleTo, type Space } from '../disk/space.js';
import type { Place, WorkingFileRow, WorkingFiles } from './working-files.js';
import type { DavStaff } from './user.js';

/** What a WebDAV path names in a space. */
export type DavNode =
  | { kind: 'top'; space: Space }
  | { kind: 'folder'; space: Space; folder: FolderRow }
  | { kind: 'file'; place: Place; name: string; resource: DavFileRow }
  | { kind: 'work'; place: Place; name: string; work: WorkingFileRow };

/** A drive file as WebDAV shows it: with its stored type. */
export type DavFileRow = ResourceRow & { mimeType: string | null };

/** A member's name in its folder's listing. */
export const nameOf = (node: DavNode): string =>
  node.kind === 'folder' ? segment(node.folder.name) : node.kind === 'top' ? '' : node.name;

/** A name nothing has yet: where it would be (undefined when its parent is missing too). */
export interface DavGap {
  kind: 'gap';
  space: Space;
  place: Place | undefined;
  name: string;
}

export type DavLookup = DavNode | DavGap;

/** A name as a path segment: no slash, no control characters. */
const segment = (name: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  name.replace(/[/\\]/g, '／').replace(/[\u0000-\u001f\u007f]/g, '');

const extensionOf = (name: string) => /(\.[^.]{1,10})$/.exec(name)?.[1] ?? '';

/** A second item of the same name is shown with its id: "教案 (123).docx". */
const withId = (name: string, id: number | string) => {
  const extension = extensionOf(name);
  return `${name.slice(0, name.length - extension.length)} (${id})${extension}`;
};

/**
 * The drive as a tree of names (issue 22). A folder is shown by its name (unique in its
 * parent); a file by its name with its extension (as downloaded), the lowest id first and any
 * later one of the same name, or one named like a folder beside it, with its id added; the
 * viewer's working files by their names. Files are only those the viewer may see (others'
 * private files of the library never are).
 */
export class DavTree {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly folders: DriveFolders,
    private readonly working: WorkingFiles,
  ) {}

  /** Every folder of the space, read whole (a school has hundreds). */
  private foldersOf(space: Space) {
    return this.folders.all(space);
  }

  /** The files of a place the viewer may see (those named `names`). */
  private async filesIn(viewer: DavStaff, place: Place, names?: string[]): Promise<DavFileRow[]> {
    const rows = await this.db
      .selectFrom('driveResource')
      .innerJoin('staff', 'staff.id', 'driveResource.uploaderId')
      .leftJoin('storedFile', 'storedFile.id', 'driveResource.fileId')
      .select(RESOURCE_COLUMNS)
      .select('storedFile.mimeType')
      .where(visibleTo(viewer))
      .where(matches('driveResource.ownerId', place.space.ownerId))
      .where(matches('driveResource.folderId', place.folderId))
      .$if(names !== undefined, (qb) => qb.where('driveResource.name', 'in', names!))
      .orderBy('driveResource.id')
      .execute();
    return rows as DavFileRow[];
  }

  /** The members of a place, named: subfolders, files, the viewer's working files. */
  async members(viewer: DavStaff, place: Place): Promise<DavNode[]> {
    const folders = (await this.foldersOf(place.space)).filter(
      (row) => row.parentId === place.folderId,
    );
    const resources = await this.filesIn(viewer, place);
    const work = await this.working.in(viewer, place);
    return this.named(place, folders, resources, work);
  }

  private named(
    place: Place,
    folders: FolderRow[],
    resources: DavFileRow[],
    work: WorkingFileRow[],
  ): DavNode[] {
    const taken = new Set(folders.map((row) => segment(row.name)));
    const nodes: DavNode[] = folders.map((folder) => ({
      kind: 'folder',
      space: place.space,
      folder,
    }));
    for (const resource of resources) {
      const plain = segment(downloadName(resource));
      const name = taken.has(plain) ? withId(plain, resource.id) : plain;
      taken.add(name);
      nodes.push({ kind: 'file', place, name, resource });
    }
    for (const row of work) {
      const plain = segment(row.name);
      const name = taken.has(plain) ? withId(plain, `w${row.id}`) : plain;
      taken.add(name);
      nodes.push({ kind: 'work', place, name, work: row });
    }
    return nodes;
  }

  /** What `path` (names below the space's top) names for the viewer. */
  async lookup(viewer: DavStaff, space: Space, path: string[]): Promise<DavLookup> {
    if (path.length === 0) return { kind: 'top', space };
    const all = await this.foldersOf(space);
    let folderId: number | null = null;
    for (const [i, name] of path.entries()) {
      const folder = all.find((row) => row.parentId === folderId && segment(row.name) === name);
      const last = i === path.length - 1;
      if (folder && last) return { kind: 'folder', space, folder };
      if (folder) {
        folderId = folder.id;
        continue;
      }
      if (!last) return { kind: 'gap', space, place: undefined, name: path.at(-1)! };
      const place: Place = { space, folderId };
      const found = await this.member(viewer, place, all, name);
      return found ?? { kind: 'gap', space, place, name };
    }
    return { kind: 'top', space };
  }

  /** The file or working file named `name` in a place (only the candidates are read). */
  private async member(
    viewer: DavStaff,
    place: Place,
    all: FolderRow[],
    name: string,
  ): Promise<DavNode | undefined> {
    const extension = extensionOf(name);
    const stem = name.slice(0, name.length - extension.length);
    const numbered = /^(.*) \((w?)(\d+)\)$/.exec(stem);
    const bases = [name, stem];
    if (numbered) bases.push(numbered[1]! + extension, numbered[1]!);
    const resources = await this.filesIn(viewer, place, [...new Set(bases)]);
    const work = (await this.working.in(viewer, place)).filter((row) =>
      bases.includes(segment(row.name)),
    );
    const folders = all.filter((row) => row.parentId === place.folderId);
    return this.named(place, folders, resources, work).find(
      (node) => (node.kind === 'file' || node.kind === 'work') && node.name === name,
    );
  }
}
