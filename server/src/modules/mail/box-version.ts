import { type CompiledQuery, sql, type Kysely } from 'kysely';
import { withParameters } from '../../db/compiled.js';
import type { Database } from '../../db/schema.js';

/**
 * Raises the inbox versions of `staffIds` (migration 0030) in the caller's
 * transaction: their inbox entries changed (a mail delivered, read, deleted,
 * recalled), so what their inbox's searches kept (KeptInboxPages) no longer
 * holds, in any worker.
 */
export async function raiseBoxVersions(db: Kysely<Database>, staffIds: number[]): Promise<void> {
  // In id order, so two writers lock the rows in the same order (PostgreSQL).
  const ids = [...new Set(staffIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .insertInto('mailBoxVersion')
    .values(ids.map((staffId) => ({ staffId, version: 1 })))
    .onConflict((oc) =>
      oc.column('staffId').doUpdateSet({ version: sql<number>`mail_box_version.version + 1` }),
    )
    .execute();
}

/**
 * The inbox's pages (the count and the rows shown) kept between changes, per person, so a
 * page is not read again on each request: a keyword search reads every mail of the school
 * holding the keyword's terms (家长会: 12,500 mails at 100,000, each checked against the
 * person's inbox), the plain list counts the person's entries and skips the pages before
 * it. An answer holds while the person's inbox version (raised with every change to their
 * entries: a mail delivered, read, deleted, recalled) and the site's content version (a
 * sender renamed) stay as they were: both are read per request from one primary-key row
 * each, so every worker sees a change at once. Requests made at the same moment for the
 * same page wait for one reading. At most `limit` pages are kept (oldest out).
 */
export class KeptInboxPages {
  private readonly kept = new Map<string, { version: string; answer: unknown }>();
  private readonly reading = new Map<string, Promise<unknown>>();
  /** The versions statement, compiled once (building it costs more than running it). */
  private versionsQuery: CompiledQuery | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limit = 2000,
  ) {}

  async keep<T>(readerId: number, key: string, read: () => Promise<T>): Promise<T> {
    const at = `${readerId} ${key}`;
    for (let pending = this.reading.get(at); pending; pending = this.reading.get(at)) {
      await pending.catch(() => undefined);
    }
    const version = await this.version(readerId);
    const hit = this.kept.get(at);
    if (hit && hit.version === version) return hit.answer as T;
    const answer = (async () => {
      const found = await read();
      // A change while it was read: not kept, the next request reads again.
      if ((await this.version(readerId)) === version) {
        this.kept.delete(at);
        if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value!);
        this.kept.set(at, { version, answer: found });
      }
      return found;
    })();
    this.reading.set(at, answer);
    try {
      return await answer;
    } finally {
      if (this.reading.get(at) === answer) this.reading.delete(at);
    }
  }

  private async version(readerId: number): Promise<string> {
    this.versionsQuery ??= sql`
      select (select version from site_version where id = 1) as site,
        (select version from mail_box_version where staff_id = ${0}) as box`.compile(this.db);
    const { rows } = await this.db.executeQuery<{
      site: number | string | null;
      box: number | string | null;
    }>(withParameters(this.versionsQuery, [readerId]));
    return `${rows[0]?.site ?? 0}.${rows[0]?.box ?? 0}`;
  }
}
