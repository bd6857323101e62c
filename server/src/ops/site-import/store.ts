import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReportData } from './report.js';

/** A hash of what was read of an item: equal on a later run means it did not change. */
export const fingerprintOf = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

export interface Mapped {
  newId: number;
  fingerprint: string;
}

/**
 * The old site's ids and what they became here (site_import_map), per kind. In a dry run
 * nothing is written: what would be made is kept in memory only, so the report still counts
 * an item met twice once.
 */
export class IdMap {
  private readonly pending = new Map<string, Mapped>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
    private readonly dryRun: boolean,
  ) {}

  async get(kind: string, oldKey: string | number): Promise<Mapped | undefined> {
    const key = `${kind}\n${oldKey}`;
    const held = this.pending.get(key);
    if (held) return held;
    return this.db
      .selectFrom('siteImportMap')
      .select(['newId', 'fingerprint'])
      .where('source', '=', this.source)
      .where('kind', '=', kind)
      .where('oldKey', '=', String(oldKey))
      .executeTakeFirst();
  }

  /** Records (or moves) an old id's new id; `db` may be the transaction that wrote the item. */
  async set(
    kind: string,
    oldKey: string | number,
    mapped: Mapped,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    if (this.dryRun) {
      this.pending.set(`${kind}\n${oldKey}`, mapped);
      return;
    }
    const row = { ...mapped, updatedAt: new Date().toISOString() };
    await db
      .insertInto('siteImportMap')
      .values({ source: this.source, kind, oldKey: String(oldKey), ...row })
      .onConflict((oc) => oc.columns(['source', 'kind', 'oldKey']).doUpdateSet(row))
      .execute();
  }

  async count(kind?: string): Promise<number> {
    const row = await this.db
      .selectFrom('siteImportMap')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source', '=', this.source)
      .$if(kind !== undefined, (qb) => qb.where('kind', '=', kind!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** What a run has finished: the areas (columns) done; a later run of an unfinished one skips them. */
export interface RunState {
  done: string[];
}

export interface RunRecord {
  id: number;
  state: RunState;
  report: ReportData | undefined;
}

/**
 * The runs (site_import_run). A run that did not finish is taken up again by the next run
 * from the same site: its finished areas are skipped and its report goes on counting.
 */
export class RunLog {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly source: string,
  ) {}

  /** The run to do: the unfinished one from this site, or a new one (a dry run records none). */
  async begin(dryRun: boolean, now: Date): Promise<RunRecord> {
    if (dryRun) return { id: 0, state: { done: [] }, report: undefined };
    const last = await this.db
      .selectFrom('siteImportRun')
      .select(['id', 'state', 'report', 'finishedAt'])
      .where('source', '=', this.source)
      .where('dryRun', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last && last.finishedAt === null) {
      return {
        id: last.id,
        state: JSON.parse(last.state) as RunState,
        report: JSON.parse(last.report) as ReportData,
      };
    }
    const { id } = await this.db
      .insertInto('siteImportRun')
      .values({
        source: this.source,
        dryRun: 0,
        startedAt: now.toISOString(),
        finishedAt: null,
        state: JSON.stringify({ done: [] }),
        report: JSON.stringify({ areas: {}, failures: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, state: { done: [] }, report: undefined };
  }

  async save(id: number, state: RunState, report: ReportData, finishedAt?: Date): Promise<void> {
    if (id === 0) return;
    await this.db
      .updateTable('siteImportRun')
      .set({
        state: JSON.stringify(state),
        report: JSON.stringify(report),
        ...(finishedAt ? { finishedAt: finishedAt.toISOString() } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
