import type { Kysely } from 'kysely';

/**
 * Magazines join the one content path (platform/publishing/save.ts): like the
 * other authored tables since 0022, a magazine row gets a `version`, bumped by
 * every write to it (a save, showing or hiding it), so a save from an
 * out-of-date form answers 409 instead of undoing another's change.
 *
 * Written with SQL of its own only: a migration must not change meaning when
 * the live code changes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('magazine')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
