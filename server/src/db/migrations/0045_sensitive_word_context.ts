import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The sensitive-word check reads context: each word has a level (`block`,
 * 禁止: refused as before; `warn`, 提醒: let through and recorded, a reviewer
 * publishing it gives a reason), and the content administrators keep phrases
 * in which a listed word is allowed (`allowed_phrase`, 反赌博宣传).
 *
 * A word's level can be changed, so a row is no longer only added or deleted:
 * `revision` is raised by each change, and the sum of the revisions joins the
 * row count and largest id in telling a server process that the list changed.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('sensitive_word')
    .addColumn('level', 'varchar(8)', (c) => c.notNull().defaultTo('block'))
    .execute();
  await db.schema
    .alterTable('sensitive_word')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const table = db.schema.createTable('allowed_phrase');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('phrase', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('staff_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
