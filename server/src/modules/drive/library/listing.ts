import { FOLDER_FILE_TYPE, type DriveRow } from '@school/common/api';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { containsText } from '../../../db/like.js';
import type { FileTexts } from '../../../platform/files/file-texts.js';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { downloadableBy, mayDownload } from './leak-protection.js';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import { countRows, offsetOf, onPage, type Paging } from '../../../db/paging.js';
import { displayTime } from '../../../time.js';
import { subtreeOf, type DriveFolders } from './folders.js';
import { assertCanSee, resourceColumn, visibleTo, type Space, type Viewer } from '../disk/space.js';
import { isDriveAdmin } from '../../../http/roles.js';
import { KeptByVersion, type Versions } from '../../../platform/search/kept-by-version.js';
import {
  FILE_COLUMNS,
  fileRow,
  type FileRowData,
  type ListQuery,
  type ResourceQuery,
} from './file-rows.js';
import { hasFacets, withFacets } from './facet-filter.js';

/**
 * Reading the drive's lists: a folder's page (its folders, then its files,
 * pinned first), with the filters, keyword and sort of the spec.
 */
export class DriveListing {
  /** Folder pages and searches kept under the drive's list versions (migration 0034). */
  private readonly kept: KeptByVersion;
  /** The library's file version the library counts were last read under. */
  private libraryFiles: string | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly folders: DriveFolders,
    private readonly texts: TextIndex,
    private readonly fileTexts: FileTexts,
  ) {
    this.kept = new KeptByVersion(db, 'drive-lists');
  }

  /**
   * What a list answers `viewer` in `space`, kept under the site's content version (names)
   * and the space's folder and file versions, raised by the database with every write to
   * them (migration 0034): read per request, so a change shows at once in every worker.
   * `folderScope` (a folder page): the answer depends on the space's files only when it
   * shows folders (their file counts), else on that folder's files alone.
   */
  private keptFor<T extends { list: DriveRow[] }>(
    what: unknown[],
    viewer: Viewer,
    space: Space,
    read: () => Promise<T>,
    folderScope?: string,
  ): Promise<T> {
    const at = space.ownerId ?? 'lib';
    const scopes = [`tree:${at}`, `files:${at}`, ...(folderScope ? [folderScope] : [])];
    // A keyword also finds files by their texts, which arrive after the files (`texts`).
    const searched = what.some(
      (part) => typeof part === 'object' && part !== null && 'keyword' in part && part.keyword,
    );
    if (searched) scopes.push('texts');
    const key = JSON.stringify([...what, viewer.id, isDriveAdmin(viewer), space.ownerId]);
    let seen: Versions = [];
    return this.kept.keep(
      key,
      async () => (seen = await this.kept.versions({ drive: scopes })),
      (v, answer) =>
        folderScope && !answer.list.some((row) => row.stype === 0)
          ? `${v[0]} ${v[1]} ${v[3]}`
          : v.join(' '),
      () => {
        // The library's folder counts (LibraryStats, per worker) are read again once its files
        // changed, in any worker: an answer kept under the new version must not hold old counts.
        if (space.ownerId === null && seen[2] !== this.libraryFiles) {
          this.folders.stats.invalidate();
          this.libraryFiles = seen[2];
        }
        return read();
      },
    );
  }

  /**
   * The resources of the viewer's reach with a list's filters, joined with
   * their uploader; in `space` (the library or a disk) when given.
   */
  resources(viewer: Viewer, query: ListQuery, space?: Space): ResourceQuery {
    const keyword = query.keyword?.trim();
    // Files whose text (search inside documents) holds the keyword's terms: only those whose
    // bytes the viewer may have (a 防泄密 file of another's is found by its name alone).
    const contentFiles = keyword ? this.fileTexts.candidates(keyword) : null;
    const byContent =
      contentFiles &&
      this.db
        .selectFrom('driveResource as byContent')
        .select('byContent.id')
        .where('byContent.fileId', 'in', contentFiles);
    // The text index narrows a Chinese keyword to the files whose name or description hold
    // its terms, the files of uploaders whose name holds it and those whose text holds it;
    // the keyword itself is then checked on those few. A keyword without Chinese characters
    // reads every file.
    const byUploader =
      keyword &&
      this.db
        .selectFrom('driveResource as byUploader')
        .select('byUploader.id')
        .where(
          'byUploader.uploaderId',
          'in',
          this.db
            .selectFrom('staff as uploader')
            .select('uploader.id')
            .where(containsText('uploader.name', keyword)),
        );
    const candidates = byUploader
      ? this.texts.candidates(
          'drive',
          keyword!,
          byContent ? byUploader.union(byContent) : byUploader,
        )
      : null;
    // With candidates the query goes from them by id (a few hundred at 100,000 files); SQLite,
    // without statistics, would otherwise walk the library's owner index and probe each of its
    // files (135 ms for 复习): `+owner_id` keeps the owner and uploader indexes out of it.
    const unindexed = candidates !== null && this.texts.dialect === 'sqlite';
    const owner = resourceColumn('ownerId', unindexed);
    return this.db
      .selectFrom('driveResource')
      .innerJoin('staff', 'staff.id', 'driveResource.uploaderId')
      .where(visibleTo(viewer, unindexed))
      .$if(space?.ownerId === null, (qb) => qb.where(owner, 'is', null))
      .$if(space !== undefined && space.ownerId !== null, (qb) =>
        qb.where(owner, '=', space!.ownerId!),
      )
      .$if(Boolean(query.resourcesType), (qb) =>
        qb.where('driveResource.resourcesType', '=', query.resourcesType!),
      )
      .$if(Boolean(query.fileType), (qb) =>
        qb.where('driveResource.fileType', '=', query.fileType!),
      )
      .$if(Boolean(keyword), (qb) =>
        qb
          .$if(candidates !== null, (matched) =>
            matched.where('driveResource.id', 'in', candidates!),
          )
          .where((eb) =>
            eb.or([
              containsText('driveResource.name', keyword!),
              containsText('driveResource.description', keyword!),
              containsText('staff.name', keyword!),
              ...(contentFiles
                ? [
                    eb.and([
                      downloadableBy(viewer)(eb),
                      eb('driveResource.fileId', 'in', contentFiles),
                      this.fileTexts.holds('driveResource.fileId', keyword!),
                    ]),
                  ]
                : []),
            ]),
          ),
      )
      .$call(withFacets(query.facets)) as unknown as ResourceQuery;
  }

  /** Orders a resource query by the list's sort, pinned first when `pinnedFirst`. */
  ordered<Q extends ResourceQuery>(qb: Q, query: ListQuery, pinnedFirst: boolean): Q {
    const sort = query.sort ?? { by: 'updated', descending: true };
    const direction = sort.descending ? 'desc' : 'asc';
    const column = {
      userName: 'staff.name',
      size: 'driveResource.size',
      downloads: 'driveResource.downloadNum',
      updated: 'driveResource.statusDate',
    } as const;
    let ordered = qb as ResourceQuery;
    if (pinnedFirst) ordered = ordered.orderBy('driveResource.isTop', 'desc');
    return ordered.orderBy(column[sort.by], direction).orderBy('driveResource.id', direction) as Q;
  }

  /** The space and folder a list is asked for: the folder's own space when one is named. */
  private async placeOf(
    viewer: Viewer,
    place: { fId?: number; space: Space },
  ): Promise<{ space: Space; folderId: number | null }> {
    let space = place.space;
    let folderId: number | null = null;
    if (place.fId) {
      const folder = await this.folders.get(place.fId, viewer);
      space = { ownerId: folder.ownerId };
      folderId = folder.id;
    }
    assertCanSee(space, viewer);
    return { space, folderId };
  }

  /**
   * A folder's page: `fId` a folder of the library or of the viewer's disk,
   * or absent for the top of `space` (the disk's loose files and folders; the
   * library's top holds only its columns). Folders come first (when no type or
   * format filter is set), then the files; `total` counts both.
   */
  async folderPage(
    viewer: Viewer,
    place: { fId?: number; space: Space },
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const { space, folderId } = await this.placeOf(viewer, place);
    const folderScope = folderId === null ? `top:${space.ownerId ?? 'lib'}` : `folder:${folderId}`;
    return this.keptFor(
      ['folder', folderId, query, paging],
      viewer,
      space,
      () => this.readFolderPage(viewer, space, folderId, query, paging),
      folderScope,
    );
  }

  private async readFolderPage(
    viewer: Viewer,
    space: Space,
    folderId: number | null,
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const allFolders = await this.folders.all(space);
    const keyword = query.keyword?.trim().toLowerCase();
    const showFolders = !query.resourcesType && !query.fileType && !hasFacets(query.facets);
    const childFolders = showFolders
      ? allFolders
          .filter((row) => row.parentId === folderId)
          .filter((row) => !keyword || row.name.toLowerCase().includes(keyword))
          .sort((a, b) => b.isTop - a.isTop || a.sort - b.sort || a.id - b.id)
      : [];
    const counts = childFolders.length
      ? await this.folders.counts(space, viewer, allFolders)
      : new Map<number, number>();

    const files = this.resources(viewer, query, space).where(
      matches('driveResource.folderId', folderId),
    );
    const fileCount = await countRows(files);

    const offset = offsetOf(paging);
    const folderRows = childFolders.slice(offset, offset + paging.pageSize);
    const fileOffset = Math.max(0, offset - childFolders.length);
    const fileLimit = paging.pageSize - folderRows.length;
    const fileRows = fileLimit
      ? await this.ordered(files.select(FILE_COLUMNS), query, true)
          .limit(fileLimit)
          .offset(fileOffset)
          .execute()
      : [];
    return {
      total: childFolders.length + fileCount,
      list: [
        ...folderRows.map((row): DriveRow => ({
          stype: 0,
          fid: row.id,
          fname: row.name,
          fsuperId: row.parentId,
          fnum: counts.get(row.id) ?? 0,
          isTop: String(row.isTop),
          resourcesId: null,
          resourcesName: row.name,
          resourcesFname: null,
          resourcesPath: null,
          resourcesSize: 0,
          resourcesType: null,
          resourcesFileType: FOLDER_FILE_TYPE,
          resourcesIsOpen: null,
          resourcesIsComment: null,
          resourcesDesc: row.description,
          userId: null,
          userName: null,
          downloadNum: 0,
          shareNum: 0,
          givelikeNum: 0,
          favoritesNum: 0,
          statusDate: displayTime(row.updatedAt),
          createDate: displayTime(row.createdAt),
        })),
        ...(await this.withHits(
          fileRows.map((row) => fileRow(row as unknown as FileRowData)),
          viewer,
          query,
        )),
      ],
    };
  }

  /**
   * The library's lists of the drive home: newest uploads, most shared, most
   * downloaded (a sort the person picks goes first), with the lists' filters.
   */
  async libraryList(
    viewer: Viewer,
    order: 'new' | 'shared' | 'downloaded',
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const base = this.resources(viewer, query, { ownerId: null });
    const column = {
      new: 'driveResource.createdAt',
      shared: 'driveResource.shareNum',
      downloaded: 'driveResource.downloadNum',
    } as const;
    let rows = base.select(FILE_COLUMNS);
    if (query.sort) rows = this.ordered(rows, query, false);
    rows = rows.orderBy(column[order], 'desc').orderBy('driveResource.id', 'desc');
    // Without a filter the total is the library's count, kept between changes.
    const unfiltered =
      !query.keyword?.trim() && !query.resourcesType && !query.fileType && !hasFacets(query.facets);
    return this.page(
      base,
      rows,
      paging,
      { viewer, query },
      unfiltered ? this.libraryCount(viewer) : undefined,
    );
  }

  /** Files the viewer may see in the library. */
  libraryCount(viewer: Viewer): Promise<number> {
    return this.folders.stats.total(viewer);
  }

  /** Files of the library or of the viewer's disk, in a folder and below it when `fId` is given. */
  async search(
    viewer: Viewer,
    place: { space: Space; fId?: number; uploaderId?: number },
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const { space, folderId } = await this.placeOf(viewer, place);
    // Kept under the space's versions: a keyword's candidates are checked and sorted once.
    return this.keptFor(
      ['search', folderId, place.uploaderId, query, paging],
      viewer,
      space,
      async () => {
        const within =
          folderId === null ? null : subtreeOf(await this.folders.all(space), folderId);
        const base = this.resources(viewer, query, space)
          .$if(within !== null, (qb) => qb.where('driveResource.folderId', 'in', within!))
          .$if(place.uploaderId !== undefined, (qb) =>
            qb.where('driveResource.uploaderId', '=', place.uploaderId!),
          );
        return this.page(base, this.ordered(base.select(FILE_COLUMNS), query, false), paging, {
          viewer,
          query,
        });
      },
    );
  }

  /**
   * Files of the library and of the viewer's own disk at once (the site search's 查资料), by
   * name, description, uploader and text; newest first.
   */
  searchEverywhere(
    viewer: Viewer,
    query: ListQuery,
    paging: Paging,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const base = this.resources(viewer, query);
    return this.page(base, this.ordered(base.select(FILE_COLUMNS), query, false), paging, {
      viewer,
      query,
    });
  }

  private async page(
    base: ResourceQuery,
    rows: SelectQueryBuilder<Database, 'driveResource' | 'staff', FileRowData>,
    paging: Paging,
    asked: { viewer: Viewer; query: ListQuery },
    known?: Promise<number>,
  ): Promise<{ total: number; list: DriveRow[] }> {
    const [total, found] = await Promise.all([
      known ?? countRows(base),
      rows.$call(onPage(paging)).execute(),
    ]);
    const list = await this.withFolderNames(found.map((row) => fileRow(row)));
    return { total, list: await this.withHits(list, asked.viewer, asked.query) };
  }

  /**
   * A file found by its text shows where (search inside documents): the words
   * around the keyword and the page or sheet, for files whose bytes the viewer
   * may have (not another's 防泄密 file: its text is its bytes).
   */
  private async withHits(rows: DriveRow[], viewer: Viewer, query: ListQuery): Promise<DriveRow[]> {
    const keyword = query.keyword?.trim();
    const ids = rows.flatMap((row) => (row.resourcesId === null ? [] : [row.resourcesId]));
    if (!keyword || ids.length === 0) return rows;
    const readable = await this.db
      .selectFrom('driveResource')
      .select(['id', 'fileId', 'uploaderId', 'leakProtected'])
      .where('id', 'in', ids)
      .execute();
    const fileOf = new Map(
      readable.filter((row) => mayDownload(row, viewer)).map((row) => [row.id, row.fileId]),
    );
    const hits = await this.fileTexts.hits([...fileOf.values()], keyword);
    return rows.map((row) => {
      const hit = hits.get(fileOf.get(row.resourcesId ?? 0) ?? 0);
      return hit ? { ...row, contentSnippet: hit.snippet, contentPlace: hit.place } : row;
    });
  }

  /**
   * A file row of a list across folders names the folder it is in (fname),
   * with the folders above it: 数学 / 高一 / 教案. A few lookups of a handful
   * of folders, one per level.
   */
  private async withFolderNames(rows: DriveRow[]): Promise<DriveRow[]> {
    const folders = new Map<number, { name: string; parentId: number | null }>();
    let wanted = [...new Set(rows.map((row) => row.fid).filter((id) => id !== null))];
    while (wanted.length) {
      const found = await this.db
        .selectFrom('driveFolder')
        .select(['id', 'name', 'parentId'])
        .where('id', 'in', wanted)
        .execute();
      for (const folder of found) folders.set(folder.id, folder);
      wanted = [
        ...new Set(
          found
            .map((folder) => folder.parentId)
            .filter((id): id is number => id !== null && !folders.has(id)),
        ),
      ];
    }
    const pathOf = (id: number): string | null => {
      const names: string[] = [];
      for (let at: number | null = id; at !== null && names.length < 16;) {
        const folder = folders.get(at);
        if (!folder) break;
        names.unshift(folder.name);
        at = folder.parentId;
      }
      return names.length ? names.join(' / ') : null;
    };
    return rows.map((row) => ({ ...row, fname: row.fid === null ? null : pathOf(row.fid) }));
  }
}
