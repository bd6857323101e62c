import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Columns only administrators (isPower 1) post to: the parent columns of the
 * tree (新闻中心 1, 校园媒体 5, 影像中心 10, 校园专栏 14, 通知公告 18), whose
 * items no list shows by themselves, and 党务公开 22, which speaks for the
 * school. Teachers post to every other column.
 */
export const ADMIN_ONLY_NEWS_TYPES = [1, 5, 10, 14, 18, 22] as const;

/**
 * The review workflow of the content-management platform: a review state and
 * the reason an item was sent back, which columns teachers may post to, and a
 * revision of an item at every save. `check_status` stays as the public rules
 * read it: 1 exactly when the review state is 'approved'.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('news')
    .addColumn('review_state', 'varchar(16)', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('news').addColumn('review_note', 'varchar(500)').execute();
  // Items of the old site: waiting (0) is submitted, refused (2) is sent back.
  await sql`UPDATE news SET review_state = CASE check_status WHEN 2 THEN 'rejected' ELSE 'submitted' END WHERE check_status <> 1`.execute(
    db,
  );
  await sql`UPDATE news SET check_status = 0 WHERE check_status <> 1`.execute(db);
  await db.schema
    .createIndex('news_review_idx')
    .on('news')
    .columns(['review_state', 'deleted', 'updated_at'])
    .execute();

  await db.schema
    .alterTable('news_type')
    .addColumn('teacher_open', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`UPDATE news_type SET teacher_open = 0 WHERE id IN (${sql.join(
    ADMIN_ONLY_NEWS_TYPES.map((id) => sql.lit(id)),
  )})`.execute(db);

  const revision = db.schema.createTable('news_revision');
  await (
    dialect === 'postgres'
      ? revision.addColumn('id', 'serial', (c) => c.primaryKey())
      : revision.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('news_id', 'integer', (c) => c.notNull().references('news.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('set null'))
    .addColumn('staff_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('news_revision_news_idx')
    .on('news_revision')
    .columns(['news_id', 'created_at'])
    .execute();
}
