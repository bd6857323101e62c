import { sql, type Kysely } from 'kysely';
import { KeptByVersion } from '../../platform/search/kept-by-version.js';
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
 * entries) and the site's content version (a sender renamed) stay as they were: the site's
 * one set of versions, read per request (KeptByVersion).
 */
export class KeptInboxPages {
  private readonly kept: KeptByVersion;

  constructor(db: Kysely<Database>) {
    this.kept = new KeptByVersion(db, 'mail-pages');
  }

  keep<T>(readerId: number, key: string, read: () => Promise<T>): Promise<T> {
    return this.kept.keep(
      `${readerId} ${key}`,
      () => this.kept.versions({ mailBox: readerId }),
      (versions) => versions.join('.'),
      read,
    );
  }
}
