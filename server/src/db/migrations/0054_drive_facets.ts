import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Teaching facets of the drive's library (教学资源分面): 学段, 年级 (each under a 学段), 学科 and
 * 教材版本 are values of one dictionary, `drive_facet`, that drive administrators keep (add,
 * rename, reorder, disable, delete an unused value); a library file names one of each kind in
 * `drive_resource.stage_id`, `grade_id`, `subject_id`, `edition_id`, and its 章节 as free text
 * (`chapter`). The facet columns carry no foreign key: a file restored from the 回收站 may name
 * a value deleted meanwhile, which then reads as not set.
 *
 * Every database gets the defaults of a Chinese secondary school, not only the demo's.
 * Each facet has a partial index (rows that carry it) leading with the facet and holding the
 * columns of the drive's read rule (owner, openness, uploader), so a filter and the per-value
 * counts of the library read the index, not the 100,000 rows.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  let table = db.schema.createTable('drive_facet');
  table =
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('drive_facet.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drive_facet_name_idx')
    .on('drive_facet')
    .columns(['kind', 'name'])
    .unique()
    .execute();

  for (const column of ['stage_id', 'grade_id', 'subject_id', 'edition_id']) {
    await db.schema.alterTable('drive_resource').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('drive_resource').addColumn('chapter', 'varchar(60)').execute();
  for (const facet of ['stage', 'grade', 'subject', 'edition']) {
    await db.schema
      .createIndex(`drive_resource_${facet}_idx`)
      .on('drive_resource')
      .columns([`${facet}_id`, 'owner_id', 'is_open', 'uploader_id'])
      .where(sql.ref(`${facet}_id`), 'is not', null)
      .execute();
  }

  const at = new Date().toISOString();
  const insert = async (kind: string, names: string[], parentId: number | null = null) => {
    for (const [i, name] of names.entries()) {
      await sql`INSERT INTO drive_facet (kind, name, parent_id, sort, enabled, created_at, updated_at)
        VALUES (${kind}, ${name}, ${parentId}, ${i + 1}, 1, ${at}, ${at})`.execute(db);
    }
  };
  const idOf = async (kind: string, name: string) => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM drive_facet WHERE kind = ${kind} AND name = ${name}`.execute(db);
    return rows[0]!.id;
  };
  await insert('stage', ['初中', '高中']);
  await insert('grade', ['七年级', '八年级', '九年级'], await idOf('stage', '初中'));
  // The grades in one order across their stages: 七年级 … 九年级, then 高一 … 高三.
  const senior = await idOf('stage', '高中');
  for (const [i, name] of ['高一', '高二', '高三'].entries()) {
    await sql`INSERT INTO drive_facet (kind, name, parent_id, sort, enabled, created_at, updated_at)
      VALUES ('grade', ${name}, ${senior}, ${4 + i}, 1, ${at}, ${at})`.execute(db);
  }
  await insert('subject', [
    '语文',
    '数学',
    '英语',
    '物理',
    '化学',
    '生物',
    '道德与法治',
    '思想政治',
    '历史',
    '地理',
    '信息技术',
    '通用技术',
    '音乐',
    '美术',
    '体育与健康',
    '心理健康',
    '日语',
    '劳动',
    '综合实践活动',
  ]);
  await insert('edition', [
    '人教版',
    '北师大版',
    '苏教版',
    '沪教版',
    '外研版',
    '统编版',
    '鲁科版',
    '湘教版',
    '译林版',
    '浙教版',
    '华师大版',
    '沪科版',
    '冀教版',
    '粤教版',
    '教科版',
    '中图版',
  ]);
}
