import { PRIVATE } from '@school/common/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { isDriveAdmin } from '../../../http/roles.js';
import type { Viewer } from '../disk/space.js';

/** How long the library's counts are kept when nothing changes them (this process's writes clear them). */
const KEEP_MS = 30_000;

interface Counts {
  at: number;
  /** Files open to staff, per folder. */
  open: Map<number, number>;
  /** Private files, per folder (drive administrators see them all). */
  hidden: Map<number, number>;
}

/**
 * The library's file counts per folder (the tree's badges, 共N个资源, the
 * home's total): one grouped count of the whole library, kept until a change
 * to the library's files (this process makes them all) or for 30 s, plus the
 * viewer's own private files, counted on their uploader index. A school's
 * library of 100,000 files is counted once, not on every page.
 */
export class LibraryStats {
  private counts?: Promise<Counts>;

  constructor(private readonly db: Kysely<Database>) {}

  /** Forgets the counts: a library file was added, removed, moved or changed its openness. */
  invalidate(): void {
    this.counts = undefined;
  }

  /** Files the viewer may see in each library folder (not yet summed up the tree). */
  async perFolder(viewer: Viewer): Promise<Map<number, number>> {
    const counts = await this.current();
    const result = new Map(counts.open);
    const add = (folderId: number, n: number) =>
      result.set(folderId, (result.get(folderId) ?? 0) + n);
    if (isDriveAdmin(viewer)) {
      for (const [folderId, n] of counts.hidden) add(folderId, n);
    } else {
      // On the uploader's index alone (a person's files, not the library's 100,000); the disk's
      // files are told apart here rather than by a condition that would lead SQLite to the owner's.
      const own = await this.db
        .selectFrom('driveResource')
        .select((eb) => ['folderId', 'ownerId', eb.fn.countAll<number>().as('n')])
        .where('uploaderId', '=', viewer.id)
        .where('isOpen', '=', PRIVATE)
        .groupBy(['folderId', 'ownerId'])
        .execute();
      for (const row of own) {
        if (row.ownerId === null && row.folderId !== null) add(row.folderId, Number(row.n));
      }
    }
    return result;
  }

  /** Files the viewer may see in the whole library. */
  async total(viewer: Viewer): Promise<number> {
    let n = 0;
    for (const count of (await this.perFolder(viewer)).values()) n += count;
    return n;
  }

  private current(): Promise<Counts> {
    const kept = this.counts;
    if (kept) {
      return kept.then((counts) => (Date.now() - counts.at < KEEP_MS ? counts : this.load()));
    }
    return this.load();
  }

  private load(): Promise<Counts> {
    const loading = (async (): Promise<Counts> => {
      const rows = await this.db
        .selectFrom('driveResource')
        .select((eb) => [
          'folderId',
          eb.fn.countAll<number>().as('n'),
          eb.case().when('isOpen', '=', PRIVATE).then(1).else(0).end().as('hidden'),
        ])
        .where('ownerId', 'is', null)
        .groupBy(['folderId', 'hidden'])
        .execute();
      const open = new Map<number, number>();
      const hidden = new Map<number, number>();
      for (const row of rows) {
        if (row.folderId === null) continue;
        const into = Number(row.hidden) ? hidden : open;
        into.set(row.folderId, (into.get(row.folderId) ?? 0) + Number(row.n));
      }
      return { at: Date.now(), open, hidden };
    })();
    this.counts = loading;
    loading.catch(() => {
      if (this.counts === loading) this.counts = undefined;
    });
    return loading;
  }
}
