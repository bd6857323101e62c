import { FOLDER_NAME_MAX, type FolderInfo, type FolderNode } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { TextIndex } from '../../../platform/search/text-index.js';
import { matches } from '../../../db/nullable.js';
import type { Database } from '../../../db/schema.js';
import { compiledOnce } from '../../../db/compiled.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, badRequest, notFound } from '../../../http/errors.js';
import { dropFileUses } from '../../../platform/files/uses.js';
import { iso, type Clock } from '../../../time.js';
import type { LibraryStats } from './library-stats.js';
import { DRIVE_USE } from './resource-access.js';
import {
  assertCanManage,
  assertCanSee,
  setPinned,
  sTypeOf,
  type Space,
  type Viewer,
} from '../disk/space.js';

const FOLDER_COLUMNS = [
  'id',
  'parentId',
  'ownerId',
  'name',
  'description',
  'layer',
  'isTop',
  'sort',
  'createdAt',
  'updatedAt',
] as const;

export const FOLDER_GONE = '文件夹不存在或已删除';
export const NAME_TAKEN = '同一目录下已有同名文件夹';

export interface FolderRow {
  id: number;
  parentId: number | null;
  ownerId: number | null;
  name: string;
  description: string;
  layer: number;
  isTop: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

/** The children of each folder (null: the top), in their order: pinned first, then as made. */
function childrenOf(rows: FolderRow[]): Map<number | null, FolderRow[]> {
  const children = new Map<number | null, FolderRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  for (const list of children.values()) {
    list.sort((a, b) => b.isTop - a.isTop || a.sort - b.sort || a.id - b.id);
  }
  return children;
}

/** The folder and every folder below it. */
export function subtreeOf(rows: FolderRow[], rootId: number): number[] {
  const children = childrenOf(rows);
  const found: number[] = [];
  const pending = [rootId];
  while (pending.length) {
    const id = pending.pop()!;
    found.push(id);
    for (const child of children.get(id) ?? []) pending.push(child.id);
  }
  return found;
}

/**
 * The folders of the shared library (admins shape it) and of each person's
 * disk (its owner does): the tree with visible file counts, making, renaming,
 * pinning and deleting with everything below. A school has hundreds of
 * folders, not millions: a space's folders are read whole.
 */
/** A folder's row by its id. */
const folderQuery = (db: Kysely<Database>, id: number) =>
  db.selectFrom('driveFolder').select(FOLDER_COLUMNS).where('id', '=', id);

export class DriveFolders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: Clock,
    /** The library's counts, kept between changes. */
    readonly stats: LibraryStats,
    private readonly texts: TextIndex,
  ) {
    this.folderById = compiledOnce<FolderRow, [number]>(this.db, () => folderQuery(this.db, 0));
  }

  /** A folder's row by its id, the statement compiled once. */
  private readonly folderById: (id: number) => Promise<FolderRow[]>;

  /** Every folder of a space. */
  async all(space: Space, db: Kysely<Database> = this.db): Promise<FolderRow[]> {
    return db
      .selectFrom('driveFolder')
      .select(FOLDER_COLUMNS)
      .where(matches('ownerId', space.ownerId))
      .execute();
  }

  /** A folder, with the space it is in; 404 when gone, 403 for another's disk. */
  async get(fId: number, viewer: Viewer, db: Kysely<Database> = this.db): Promise<FolderRow> {
    // Outside a transaction (every folder page) the statement is compiled once.
    const [row] =
      db === this.db ? await this.folderById(fId) : [await folderQuery(db, fId).executeTakeFirst()];
    if (!row) throw notFound(FOLDER_GONE);
    assertCanSee({ ownerId: row.ownerId }, viewer);
    return row;
  }

  /** Files the viewer may see per folder of a space, each folder counting those below it. */
  async counts(space: Space, viewer: Viewer, rows: FolderRow[]): Promise<Map<number, number>> {
    let own: Map<number, number>;
    if (space.ownerId === null) {
      own = await this.stats.perFolder(viewer);
    } else {
      const direct = await this.db
        .selectFrom('driveResource')
        .select((eb) => ['driveResource.folderId', eb.fn.countAll<number>().as('n')])
        .where('driveResource.folderId', 'is not', null)
        .where('driveResource.ownerId', '=', space.ownerId)
        .groupBy('driveResource.folderId')
        .execute();
      own = new Map(direct.map((row) => [row.folderId!, Number(row.n)]));
    }
    const children = childrenOf(rows);
    const total = new Map<number, number>();
    const sum = (id: number): number => {
      const known = total.get(id);
      if (known !== undefined) return known;
      let n = own.get(id) ?? 0;
      for (const child of children.get(id) ?? []) n += sum(child.id);
      total.set(id, n);
      return n;
    };
    for (const row of rows) sum(row.id);
    return total;
  }

  /** The tree of a space from `fromId` (absent: the top), with visible file counts. */
  async tree(space: Space, viewer: Viewer, fromId?: number): Promise<FolderNode[]> {
    assertCanSee(space, viewer);
    const rows = await this.all(space);
    if (fromId !== undefined && !rows.some((row) => row.id === fromId)) {
      throw notFound(FOLDER_GONE);
    }
    const counts = await this.counts(space, viewer, rows);
    const children = childrenOf(rows);
    const grow = (parentId: number | null): FolderNode[] =>
      (children.get(parentId) ?? []).map((row) => ({
        fid: row.id,
        fname: row.name,
        fsuperId: row.parentId,
        layer: row.layer,
        isTop: String(row.isTop),
        fnum: counts.get(row.id) ?? 0,
        childList: grow(row.id),
      }));
    return grow(fromId ?? null);
  }

  async info(fId: number, viewer: Viewer): Promise<FolderInfo> {
    const row = await this.get(fId, viewer);
    const rows = await this.all({ ownerId: row.ownerId });
    const byId = new Map(rows.map((folder) => [folder.id, folder]));
    const path: Array<{ fid: number; fname: string }> = [];
    for (let at: FolderRow | undefined = row; at; at = byId.get(at.parentId ?? -1)) {
      path.unshift({ fid: at.id, fname: at.name });
    }
    return {
      fid: row.id,
      fname: row.name,
      fsuperId: row.parentId,
      layer: row.layer,
      isTop: String(row.isTop),
      fdesc: row.description,
      sType: sTypeOf({ ownerId: row.ownerId }),
      path,
    };
  }

  async create(
    viewer: Viewer,
    space: Space,
    input: { parentId?: number; name: string; description?: string },
  ): Promise<{ fid: number }> {
    assertCanManage(space, viewer);
    const name = checkedName(input.name);
    return inTransaction(this.db, async (trx) => {
      let layer = 0;
      if (input.parentId) {
        const parent = await this.get(input.parentId, viewer, trx);
        if (parent.ownerId !== space.ownerId) throw badRequest('上级文件夹不在这个网盘里');
        layer = parent.layer + 1;
      }
      await this.assertNameFree(trx, space, input.parentId ?? null, name);
      const last = await trx
        .selectFrom('driveFolder')
        .select((eb) => eb.fn.max('sort').as('sort'))
        .$if(!input.parentId, (qb) => qb.where('parentId', 'is', null))
        .$if(Boolean(input.parentId), (qb) => qb.where('parentId', '=', input.parentId!))
        .executeTakeFirst();
      const at = iso(this.now());
      const { id } = await trx
        .insertInto('driveFolder')
        .values({
          parentId: input.parentId ?? null,
          ownerId: space.ownerId,
          name,
          description: (input.description ?? '').trim(),
          layer,
          sort: Number(last?.sort ?? 0) + 1,
          createdBy: viewer.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { fid: id };
    });
  }

  async rename(viewer: Viewer, fId: number, input: { name: string; description?: string }) {
    const name = checkedName(input.name);
    await inTransaction(this.db, async (trx) => {
      const row = await this.get(fId, viewer, trx);
      assertCanManage({ ownerId: row.ownerId }, viewer);
      if (name !== row.name) {
        await this.assertNameFree(trx, { ownerId: row.ownerId }, row.parentId, name, row.id);
      }
      await trx
        .updateTable('driveFolder')
        .set({
          name,
          ...(input.description !== undefined ? { description: input.description.trim() } : {}),
          updatedAt: iso(this.now()),
        })
        .where('id', '=', fId)
        .execute();
    });
  }

  /** What deleting would take: [folders below, files in it and below] (intranet.md §4). */
  async contents(viewer: Viewer, fId: number): Promise<[{ fnum: number }, { fnum: number }]> {
    const row = await this.get(fId, viewer);
    const rows = await this.all({ ownerId: row.ownerId });
    const ids = subtreeOf(rows, fId);
    const files = await this.db
      .selectFrom('driveResource')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('folderId', 'in', ids)
      .executeTakeFirstOrThrow();
    return [{ fnum: ids.length - 1 }, { fnum: Number(files.n) }];
  }

  /**
   * Deletes a folder with everything below it in one transaction; answers the
   * stored files the removed resources used, for the caller to drop the
   * bytes nothing else uses.
   */
  async remove(viewer: Viewer, fId: number): Promise<number[]> {
    const fileIds = await inTransaction(this.db, async (trx) => {
      const row = await this.get(fId, viewer, trx);
      assertCanManage({ ownerId: row.ownerId }, viewer);
      const ids = subtreeOf(await this.all({ ownerId: row.ownerId }, trx), fId);
      const removed = await trx
        .selectFrom('driveResource')
        .select(['id', 'fileId'])
        .where('folderId', 'in', ids)
        .execute();
      const removedIds = removed.map((row) => row.id);
      await dropFileUses(trx, DRIVE_USE, removedIds);
      await trx.deleteFrom('driveResource').where('folderId', 'in', ids).execute();
      await this.texts.remove('drive', removedIds, trx);
      await trx.deleteFrom('driveFolder').where('id', 'in', ids).execute();
      return [...new Set(removed.map((row) => row.fileId))];
    });
    this.stats.invalidate();
    return fileIds;
  }

  async pin(viewer: Viewer, fId: number, on: boolean): Promise<void> {
    const row = await this.get(fId, viewer);
    await setPinned(
      this.db,
      viewer,
      'driveFolder',
      row,
      on,
      on ? '该文件夹已置顶' : '该文件夹未置顶',
    );
  }

  private async assertNameFree(
    db: Kysely<Database>,
    space: Space,
    parentId: number | null,
    name: string,
    except?: number,
  ) {
    const taken = await db
      .selectFrom('driveFolder')
      .select('id')
      .where(matches('ownerId', space.ownerId))
      .where(matches('parentId', parentId))
      .where('name', '=', name)
      .$if(except !== undefined, (qb) => qb.where('id', '!=', except!))
      .executeTakeFirst();
    if (taken) throw new AppError(409, NAME_TAKEN);
  }
}

/** A folder name: required, at most 25 characters, no path separators or control characters. */
export function checkedName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest('请填写新增文件夹名称');
  if ([...name].length > FOLDER_NAME_MAX) {
    throw badRequest(`文件夹名称不能超过${FOLDER_NAME_MAX}个字`);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\/\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..') {
    throw badRequest('文件夹名称不能含有 / \\ 等字符');
  }
  return name;
}
