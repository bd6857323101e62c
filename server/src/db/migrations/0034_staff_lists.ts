import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Staff lists and searches flat from 30,000 to 100,000 items (issue 20).
 *
 * The intranet's site search (查新闻, 查图片) counts and orders a keyword's matches from the
 * search index alone instead of from the news rows (a news row holds the article: at
 * 100,000 items the 77,800 matches of 校园 were 2 s of reading on a loaded machine). Its
 * filters that search_doc lacked are copied into it: the content kind (newcontenttype; 2 is
 * a picture set), the campus (schChange) and the publisher's name (releaseUser), kept in
 * line with the item by the same re-index as its title. SQLite: an index of the listed
 * entries in list order holding those columns.
 *
 * The drive's folder pages and searches are kept between changes (modules/drive/listing.ts)
 * under versions in drive_list_version, raised by triggers in the same transaction as every
 * write to the drive's files and folders, whichever code makes it (uploads, moves, renames,
 * the recycle bin, counters): `tree:S` for the folders of a space S (`lib`, the library, or
 * the owner's id), `files:S` for its files, `folder:F` for the files of folder F (`top:S`
 * for the loose files at a space's top). Every worker reads them per request (one
 * statement), so a change shows at once everywhere. No row: version 0.
 *
 * Written with SQL of its own only: a migration must not change meaning when the live code
 * changes later.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('search_doc')
    .addColumn('content_kind', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('search_doc').addColumn('sch_change', 'integer').execute();
  await db.schema.alterTable('search_doc').addColumn('release_user', 'varchar(64)').execute();
  await sql`
    UPDATE search_doc SET
      content_kind = (SELECT news.content_kind FROM news WHERE news.id = search_doc.obj_id),
      sch_change = (SELECT news.sch_change FROM news WHERE news.id = search_doc.obj_id),
      release_user = (SELECT news.release_user FROM news WHERE news.id = search_doc.obj_id)
    WHERE info_table = 'T_NEWS' AND EXISTS (SELECT 1 FROM news WHERE news.id = search_doc.obj_id)
  `.execute(db);
  if (dialect === 'sqlite') {
    // The listed entries in list order (pinned, date, item) with the filters' columns: the
    // site search reads a keyword's page and count from it alone, checking each entry
    // against the matches, instead of sorting every match (PostgreSQL: the terms' GIN index).
    await db.schema
      .createIndex('search_doc_order_idx')
      .on('search_doc')
      .columns([
        'info_table',
        'listed',
        'if_top',
        'doc_date',
        'obj_id',
        'type_id',
        'content_kind',
        'sch_change',
      ])
      .execute();
  }
  await db.schema
    .createTable('drive_list_version')
    .addColumn('scope', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** The space of a row: `lib` for the library, else its owner's id. */
const SPACE = (row: string) => `coalesce(cast(${row}.owner_id as varchar(20)), 'lib')`;

/** A resource row's folder scope: its folder, or the top of its space. */
const FOLDER = (row: string) =>
  `coalesce('folder:' || cast(${row}.folder_id as varchar(20)), 'top:' || ${SPACE(row)})`;

/** Raises the versions of `scopes` (SQL text expressions), each once, in order (locks). */
const raise = (scopes: string[]) => `
  INSERT INTO drive_list_version (scope, version)
  SELECT DISTINCT scope, 1 FROM (${scopes.map((scope) => `SELECT ${scope} AS scope`).join(' UNION ALL ')}) AS raised
  WHERE true ORDER BY scope
  ON CONFLICT (scope) DO UPDATE SET version = drive_list_version.version + 1`;

const resourceScopes = (row: string) => [`'files:' || ${SPACE(row)}`, FOLDER(row)];
const folderScopes = (row: string) => [`'tree:' || ${SPACE(row)}`];

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const [table, scopes] of [
    ['drive_resource', resourceScopes],
    ['drive_folder', folderScopes],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_list_ins AFTER INSERT ON ${table} BEGIN ${raise(scopes('NEW'))}; END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_list_upd AFTER UPDATE ON ${table} BEGIN ${raise([...scopes('OLD'), ...scopes('NEW')])}; END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_list_del AFTER DELETE ON ${table} BEGIN ${raise(scopes('OLD'))}; END`,
      )
      .execute(db);
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  for (const [table, scopes] of [
    ['drive_resource', resourceScopes],
    ['drive_folder', folderScopes],
  ] as const) {
    await sql
      .raw(
        `CREATE FUNCTION ${table}_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${raise(scopes('NEW'))};
          ELSIF TG_OP = 'UPDATE' THEN ${raise([...scopes('OLD'), ...scopes('NEW')])};
          ELSE ${raise(scopes('OLD'))};
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_list_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_list_version()`,
      )
      .execute(db);
  }
}
