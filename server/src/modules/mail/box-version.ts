import { sql, type Kysely } from 'kysely';
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
 * The inbox searches' pages (a count and the page's entry ids) kept between
 * changes, per person, so a keyword search does not read every mail holding
 * the keyword's terms on each request (家长会: 12,500 mails of the school at
 * 100,000, each checked against the person's inbox). An answer holds while
 * the person's inbox version (raised with every change to their entries) and
 * the site's content version (a sender renamed: the search also looks at the
 * sender's name) stay as they were: both are read per request from one
 * primary-key row each, so every worker sees a change at once. Requests made
 * at the same moment for the same page wait for one reading. The rows shown
 * are read fresh by id. At most `limit` pages are kept (oldest out).
 */
export class KeptInboxPages {
  private readonly kept = new Map<string, { version: string; answer: unknown }>();
  private readonly reading = new Map<string, Promise<unknown>>();

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
    const { rows } = await sql<{ site: number | string | null; box: number | string | null }>`
      select (select version from site_version where id = 1) as site,
        (select version from mail_box_version where staff_id = ${readerId}) as box`.execute(
      this.db,
    );
    return `${rows[0]?.site ?? 0}.${rows[0]?.box ?? 0}`;
  }
}
