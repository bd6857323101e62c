import type { Kysely } from 'kysely';
import type { Services } from '../../app.js';
import type { Database } from '../../db/schema.js';
import type { AuthStaff } from '../../platform/auth/session.js';
import { iso } from '../../time.js';
import type { OldSiteClient } from './client.js';
import { reasonOf, type FileImporter } from './files.js';
import type { Outcome, Progress, Report } from './report.js';
import { fingerprintOf, type IdMap } from './store.js';

/** What every area's importer works with. */
export interface ImportContext {
  client: OldSiteClient;
  services: Services;
  db: Kysely<Database>;
  map: IdMap;
  report: Report;
  files: FileImporter;
  progress: Progress;
  dryRun: boolean;
  maxPages: number;
  /** Aborted: the run stops before its next item (what is done stays done). */
  signal?: AbortSignal;
}

/**
 * The areas of a run: one an interrupted run finished is skipped (its counts are in the
 * report already); one it did not is done again from its start, counted afresh.
 */
export interface AreaRun {
  /** True when `area` was finished; otherwise its counts start from zero. */
  skip(area: string): boolean;
  finish(area: string): Promise<void>;
}

/**
 * One item of an area: read (`read` answers what was read, the fingerprint's input), then,
 * unless the map says it was imported as it is now, its files brought (`prepare`) and the
 * item made or updated here in one transaction with its map row, so a run stopped at any point
 * leaves no item without its row (the next run would add it twice). Counted in the report; a
 * failure is reported with the item's address and the run goes on.
 */
export async function importItem<T, P>(
  ctx: ImportContext,
  item: {
    area: string;
    kind: string;
    oldId: string | number;
    address: string;
    read: () => Promise<T>;
    prepare: (read: T) => Promise<P>;
    create: (prepared: P, trx: Kysely<Database>) => Promise<number>;
    update: (prepared: P, newId: number, trx: Kysely<Database>) => Promise<void>;
    /**
     * false: the kind's service takes no transaction of the caller's: the item is written,
     * then its map row (a run stopped between the two adds it again on the next run).
     */
    atomic?: boolean;
  },
): Promise<number | undefined> {
  const { map, report } = ctx;
  ctx.signal?.throwIfAborted();
  try {
    const read = await item.read();
    let fingerprint = fingerprintOf(read);
    const known = await map.get(item.kind, item.oldId);
    if (known && known.fingerprint === fingerprint) {
      report.count(item.area, 'unchanged');
      return known.newId;
    }
    const missedBefore = ctx.files.missed;
    const prepared = await item.prepare(read);
    // An item brought without one of its files is not marked as done: the next run tries
    // its files again (and updates it) instead of calling it unchanged.
    if (ctx.files.missed > missedBefore) fingerprint = fingerprintOf(['partial', fingerprint]);
    const outcome: Outcome = known ? 'updated' : 'new';
    let newId = known?.newId ?? -1;
    if (ctx.dryRun) await map.set(item.kind, item.oldId, { newId, fingerprint });
    else if (item.atomic === false) {
      newId = known ? known.newId : await item.create(prepared, ctx.db);
      if (known) await item.update(prepared, newId, ctx.db);
      await map.set(item.kind, item.oldId, { newId, fingerprint });
    } else {
      newId = await ctx.db.transaction().execute(async (trx) => {
        const id = known ? known.newId : await item.create(prepared, trx);
        if (known) await item.update(prepared, id, trx);
        await map.set(item.kind, item.oldId, { newId: id, fingerprint }, trx);
        return id;
      });
    }
    report.count(item.area, outcome);
    return newId;
  } catch (err) {
    report.fail(item.area, item.address, reasonOf(err));
    return undefined;
  } finally {
    ctx.progress.tick();
  }
}

/**
 * One area of a run: passed over when an earlier run finished it; otherwise its rows read
 * (`rows`), each imported (`each`, with its position) under the progress count, and the area
 * marked finished.
 */
export async function importArea<R>(
  ctx: ImportContext,
  areas: AreaRun,
  area: string,
  rows: () => Promise<R[]>,
  each: (row: R, position: number) => Promise<unknown>,
): Promise<void> {
  if (areas.skip(area)) return;
  const list = await rows();
  ctx.progress.start(area, list.length);
  for (const [position, row] of list.entries()) await each(row, position);
  ctx.progress.stop();
  await areas.finish(area);
}

/**
 * The site's first system administrator (the setup's account): the content platform's own
 * saves (pages, people, societies, 站点设置) are made as them, so each keeps its version and
 * its operation-log row as an edit on the platform does. A site with none yet is refused.
 */
export async function actingAdmin(db: Kysely<Database>): Promise<AuthStaff> {
  const admin = await db
    .selectFrom('staff')
    .selectAll()
    .where('isPower', '=', 1)
    .where('staffType', '=', 5)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) throw new Error('本站还没有系统管理员（请先完成 /setup）');
  return { ...admin, sessionId: 0 };
}

/**
 * How an item saved through its platform service is made and made again, as the site's first
 * system administrator (`actingAdmin`): an update names the row by its `idField`.
 */
export function savedAsAdmin<I, K extends keyof I>(
  service: { save(input: I, staff: AuthStaff, ip: string | null): Promise<number> },
  idField: K,
) {
  return {
    create: async (input: Omit<I, K>, db: Kysely<Database>) =>
      service.save(input as I, await actingAdmin(db), null),
    update: async (input: Omit<I, K>, id: number, db: Kysely<Database>) => {
      await service.save({ ...input, [idField]: id } as I, await actingAdmin(db), null);
    },
  };
}

/** The old site's date kept on an item (a save dates a new item now, and keeps an old one's). */
export async function keepOldDate(
  db: Kysely<Database>,
  table: 'introPage' | 'magazine',
  id: number,
  at: Date | undefined,
): Promise<void> {
  if (!at) return;
  await db
    .updateTable(table)
    .set({ createdAt: iso(at) })
    .where('id', '=', id)
    .execute();
}
