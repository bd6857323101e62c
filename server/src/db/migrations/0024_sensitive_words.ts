import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Sensitive words (issue 18): the list the content administrators keep, with
 * a small default list so that a new installation screens from the start;
 * and a note on an operation-log row (an administrator's publishing despite
 * hits is logged with the words, which do not fit the 32 characters of
 * `oper_type`).
 *
 * Words are stored normalised (NFKC, lower case), unique. Their ids are never
 * reused (autoincrement / serial), so the row count with the largest id
 * tells every server process whether the list changed since it compiled it.
 */
export const DEFAULT_SENSITIVE_WORDS = [
  '赌博',
  '博彩',
  '六合彩',
  '网络赌场',
  '代考',
  '替考',
  '办假证',
  '刷单返利',
  '传销',
  '色情',
  '裸聊',
  '法轮功',
  '翻墙软件',
  '高利贷',
  '冰毒',
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const table = db.schema.createTable('sensitive_word');
  await (
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('word', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('staff_name', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await (db as Kysely<{ sensitive_word: { word: string; staff_name: null; created_at: string } }>)
    .insertInto('sensitive_word')
    .values(DEFAULT_SENSITIVE_WORDS.map((word) => ({ word, staff_name: null, created_at: at })))
    .execute();
  await db.schema.alterTable('oper_log').addColumn('note', 'varchar(500)').execute();
}
