import { type CompiledQuery, sql, type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import { Kept } from '../../cache/kept.js';
import type { Database } from '../../db/schema.js';

/** The versions an answer was read under: the site's content version, then each scope's. */
export type Versions = string[];

/** Which versions an answer depends on besides the site's content version. */
export interface VersionScopes {
  /** The drive's list versions (`drive_list_version`) of these scopes, in this order. */
  drive?: string[];
  /** A person's inbox version (`mail_box_version`), after the drive's. */
  mailBox?: number;
}

/**
 * Answers of staff lists kept between changes of what they show, per worker (the drive's
 * folder pages and searches, a person's inbox pages, flat at 100,000 files or mails). An
 * answer is kept with the versions it was read under, one set for the whole site, each a row
 * that the write paths raise in the transaction of the change:
 *
 * - the site's content version (`site_version`: names of people, columns), raised for every
 *   statement that writes the site's content (db/content-watch.ts);
 * - the drive's list versions (`drive_list_version`, migration 0034), raised by triggers with
 *   every write to the drive's files and folders, whatever code makes it;
 * - a person's inbox version (`mail_box_version`), raised with every change to their entries:
 *   a mail delivered, read, deleted, recalled (mail/box-version.ts).
 *
 * Each request reads the versions it depends on again (one statement over primary keys)
 * before an answer is served, so every worker sees a change at once, the moment it is
 * committed. An answer read while a version moved is not kept. Requests made at the same
 * moment for one answer wait for one reading. The answers live in the process's shared kept
 * store (cache/kept.ts), bounded by `CACHE_MB`.
 */
export class KeptByVersion {
  private readonly kept: Kept<{ stamp: string; answer: unknown }>;
  private readonly reading = new Map<string, Promise<unknown>>();
  /** The versions statement per shape (drive scopes, inbox or not), compiled once. */
  private readonly statements = new Map<string, CompiledQuery>();

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

  /** The site's content version, then the drive's of `scopes.drive`, then the inbox's. */
  async versions({ drive = [], mailBox }: VersionScopes): Promise<Versions> {
    const inbox = mailBox !== undefined;
    const shape = `${drive.length} ${inbox}`;
    let statement = this.statements.get(shape);
    if (!statement) {
      const parts = [
        sql`(select version from site_version where id = 1) as site`,
        ...drive.map(
          (_, i) =>
            sql`(select version from drive_list_version where scope = ${String(i)}) as ${sql.ref(`v${i}`)}`,
        ),
        ...(inbox
          ? [sql`(select version from mail_box_version where staff_id = ${0}) as box`]
          : []),
      ];
      statement = sql`select ${sql.join(parts)}`.compile(this.db);
      this.statements.set(shape, statement);
    }
    const { rows } = await this.db.executeQuery<Record<string, number | string | null>>(
      withParameters(statement, inbox ? [...drive, mailBox] : drive),
    );
    const row = rows[0] ?? {};
    return [
      String(row.site ?? 0),
      ...drive.map((_, i) => String(row[`v${i}`] ?? 0)),
      ...(inbox ? [String(row.box ?? 0)] : []),
    ];
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
