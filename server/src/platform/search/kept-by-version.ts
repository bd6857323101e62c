import { type CompiledQuery, sql, type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import { Kept } from '../../cache/kept.js';
import type { Database } from '../../db/schema.js';

/** The versions an answer was read under: the site's content version, then each scope's. */
export type Versions = string[];

/**
 * Answers of staff lists kept between changes of what they show, per worker (issue 20: the
 * drive's folder pages and searches flat at 100,000 files). An answer is kept with the
 * versions it was read under: the site's content version (`site_version`: names of people,
 * columns) and the drive's list versions (`drive_list_version`, migration 0034), which
 * triggers raise in the same transaction as every write to the drive's files and folders,
 * whatever code makes it. Each request reads them again (one statement over primary keys)
 * before an answer is served, so every worker sees a change at once, the moment it is
 * committed. An answer read while a version moved is not kept. Requests made at the same
 * moment for one answer wait for one reading. At most `limit` answers (oldest out).
 */
export class KeptByVersion {
  private readonly kept: Kept<{ stamp: string; answer: unknown }>;
  private readonly reading = new Map<string, Promise<unknown>>();
  /** The versions statement per number of scopes, compiled once. */
  private readonly statements = new Map<number, CompiledQuery>();

  /** `name`: what its lookups are counted under (cache/kept.ts). */
  constructor(
    private readonly db: Kysely<Database>,
    name: string,
  ) {
    this.kept = new Kept({
      name,
      bytesOf: (entry) => (JSON.stringify(entry.answer)?.length ?? 0) * 2,
    });
  }

  /** The site's content version and the drive list versions of `scopes`, in that order. */
  async driveVersions(scopes: string[]): Promise<Versions> {
    let statement = this.statements.get(scopes.length);
    if (!statement) {
      const parts = scopes.map(
        (_, i) =>
          sql`(select version from drive_list_version where scope = ${String(i)}) as ${sql.ref(`v${i}`)}`,
      );
      statement = sql`select (select version from site_version where id = 1) as site, ${sql.join(
        parts,
      )}`.compile(this.db);
      this.statements.set(scopes.length, statement);
    }
    const { rows } = await this.db.executeQuery<Record<string, number | string | null>>(
      withParameters(statement, scopes),
    );
    const row = rows[0] ?? {};
    return [String(row.site ?? 0), ...scopes.map((_, i) => String(row[`v${i}`] ?? 0))];
  }

  /**
   * The answer kept under `key`, or `read`'s. `versions` reads what the answer depends on
   * (before the answer is read, so a change made meanwhile leaves it unkept); `stampOf` makes
   * of them the stamp an answer is kept under, which may leave out versions that answer does
   * not depend on.
   */
  async keep<T>(
    key: string,
    versions: () => Promise<Versions>,
    stampOf: (versions: Versions, answer: T) => string,
    read: () => Promise<T>,
  ): Promise<T> {
    for (let pending = this.reading.get(key); pending; pending = this.reading.get(key)) {
      await pending.catch(() => undefined);
    }
    const before = await versions();
    const hit = this.kept.get(key);
    if (hit && hit.stamp === stampOf(before, hit.answer as T)) return hit.answer as T;
    const answer = (async () => {
      const found = await read();
      const stamp = stampOf(before, found);
      // A change while it was read: not kept, the next request reads again.
      if (stampOf(await versions(), found) === stamp) {
        this.kept.set(key, { stamp, answer: found });
      }
      return found;
    })();
    this.reading.set(key, answer);
    try {
      return await answer;
    } finally {
      if (this.reading.get(key) === answer) this.reading.delete(key);
    }
  }
}
