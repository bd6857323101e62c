import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type DialectName } from '../database.js';
import { migrateToLatest, migrations } from '../migrate.js';
import { hashPassword } from '../../platform/auth/password.js';
import { seedBaseData } from '../../seed/base.js';
import { expectOk, postForm } from '../../test-kit/http.js';
import { emptyDatabase, type EmptyDatabase } from '../../ops/test/empty-database.js';
import { startAppOn } from '../../ops/test/app-on.js';

/**
 * Upgrades (issue 21): a database of the previous release, made here by all migrations but the
 * newest few and filled through SQL of that schema, takes the remaining migrations with its data
 * and serves; a migration that fails leaves the database as it was before the upgrade.
 */

/** Migrations the current release added over the previous one. */
const NEW_IN_RELEASE = 3;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables of an older schema
type AnyDb = Kysely<any>;

function previousRelease(dialect: DialectName): Record<string, Migration> {
  const all = migrations(dialect);
  const names = Object.keys(all).sort().slice(0, -NEW_IN_RELEASE);
  return Object.fromEntries(names.map((name) => [name, all[name]!]));
}

async function tableNames(db: AnyDb, dialect: DialectName): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = 'public' order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

/** Every table, column and index, and every row: what "as it was" is compared by. */
async function everything(db: AnyDb, dialect: DialectName) {
  const { rows: schema } =
    dialect === 'sqlite'
      ? await sql<{ d: string }>`select type || ' ' || name || ' ' || coalesce(sql, '') as d
          from sqlite_master where name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ d: string }>`select d from (
            select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' ||
              is_nullable || ' ' || coalesce(column_default, '') as d
            from information_schema.columns where table_schema = 'public'
            union all
            select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
          ) x order by d`.execute(db);
  const rows: Record<string, string[]> = {};
  for (const table of await tableNames(db, dialect)) {
    const { rows: found } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)}`.execute(db);
    rows[table] = found.map((row) => JSON.stringify(row)).sort();
  }
  return { schema: schema.map((row) => row.d), rows };
}

describe('upgrades from the previous release', () => {
  let database: EmptyDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-upgrade-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    await database?.drop();
    database = undefined;
  });

  /** The previous release's database with a teacher, a file and news, put in through its SQL. */
  async function populatedPrevious() {
    database = await emptyDatabase();
    handle = openDatabase({ url: database.url, sqliteFile: database.sqliteFile, poolSize: 4 });
    const { db, dialect } = handle;
    await migrateToLatest(db, dialect, () => previousRelease(dialect));
    // The column tree and parameters, as the previous release's first start wrote them.
    await seedBaseData(db);
    const at = '2026-02-01T08:00:00.000Z';
    const password = 'Aa1!upgrade';
    const passwordHash = await hashPassword(password);
    const staff = await sql<{ id: number }>`insert into staff
        (code, name, staff_type, is_power, is_admin, school_id, password_hash, whetherpass, status,
         sort, created_at, updated_at)
        values ('upgrade1', '升级测试教师', 2, 0, '0', 1, ${passwordHash}, 1, 1, 0, ${at}, ${at})
        returning id`.execute(db);
    const staffId = staff.rows[0]!.id;
    await sql`insert into stored_file
        (storage_key, file_name, mime_type, size, created_by, created_at, sha256, shared_by_hash)
        values ('ab/0a1b2c3d-0000-4000-8000-000000000001.pdf', '旧通知.pdf', 'application/pdf', 7,
                ${staffId}, ${at}, null, 0)`.execute(db);
    const titles = ['升级前的新闻一', '升级前的新闻二', '升级前的新闻三'];
    for (const [i, title] of titles.entries()) {
      const day = `2026-01-0${i + 1} 10:00:00`;
      await sql`insert into news
          (type_id, title, description, content, enable_type, if_shelves, check_status, deleted,
           create_staff, view_count, shelves_date, status_date, created_at, updated_at, review_state)
          values (3, ${title}, '摘要', ${`<p>${title}的正文</p>`}, 1, 1, 1, 0, ${staffId}, ${i},
                  ${day}, ${day}, ${at}, ${at}, 'approved')`.execute(db);
    }
    return { db, dialect, staffId, password, titles };
  }

  it('takes the new migrations with its data, then serves it', async () => {
    const old = await populatedPrevious();
    const before = await everything(old.db, old.dialect);
    await migrateToLatest(old.db, old.dialect);
    const after = await everything(old.db, old.dialect);
    const applied = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(old.db);
    expect(applied.rows.map((row) => row.name)).toEqual(
      Object.keys(migrations(old.dialect)).sort(),
    );
    // Every row of every table of the previous release is still there, its old columns unchanged.
    for (const [table, rows] of Object.entries(before.rows)) {
      if (table === 'kysely_migration') continue;
      // SQLite's old search index (search_fts and its shadow tables) gave way to search_listed.
      if (/^search_fts(_|$)/.test(table)) {
        expect(after.rows.search_listed, table).toBeDefined();
        continue;
      }
      const now = after.rows[table];
      expect(now, table).toBeDefined();
      expect(now!.length, table).toBe(rows.length);
      const kept = now!.map((json) => JSON.parse(json) as Record<string, unknown>);
      for (const json of rows) {
        const row = JSON.parse(json) as Record<string, unknown>;
        expect(kept, table).toContainEqual(expect.objectContaining(row));
      }
    }
    await handle!.close();
    handle = undefined;

    const served = await startAppOn({
      dataDir,
      url: database!.url,
      sqliteFile: database!.sqliteFile,
    });
    try {
      const login = expectOk<{ token: string }>(
        await postForm(served.app, '/api/login/login', {
          staffCode: 'upgrade1',
          staffPass: old.password,
          staffType: 2,
          platformType: 0,
        }),
      );
      expect(login.token).toBeTruthy();
      const list = expectOk<{
        total: number;
        list: { newId: number; newsTitle: string; viewCount: number }[];
      }>(await postForm(served.app, '/api/news/getNewsList', { typeId: 3, enableType: 1 }));
      expect(list.total).toBe(3);
      expect(list.list.map((item) => item.newsTitle)).toEqual([...old.titles].reverse());
      const detail = expectOk<{ newsContent: string; newsTitle: string }>(
        await postForm(served.app, '/api/news/getNewsDetails', { newId: list.list[0]!.newId }),
      );
      expect(detail).toMatchObject({
        newsTitle: '升级前的新闻三',
        newsContent: '<p>升级前的新闻三的正文</p>',
      });
    } finally {
      await served.close();
    }
  });

  it('a migration that fails leaves the database as it was before the upgrade', async () => {
    const old = await populatedPrevious();
    const before = await everything(old.db, old.dialect);
    const broken: Migration = {
      // Changes schema and data, then fails: all of it, and the migrations before it, must go.
      up: async (db) => {
        await db.schema.createTable('upgrade_probe').addColumn('id', 'integer').execute();
        await db.schema.alterTable('news').addColumn('probe', 'integer').execute();
        await sql`update news set title = 'changed', view_count = 99`.execute(db);
        await sql`delete from stored_file`.execute(db);
        throw new Error('deliberately broken migration');
      },
    };
    const withBroken = () => ({ ...migrations(old.dialect), '9999_broken': broken });
    await expect(migrateToLatest(old.db, old.dialect, withBroken)).rejects.toThrow(
      /9999_broken.*deliberately broken/,
    );
    expect(await everything(old.db, old.dialect)).toEqual(before);
    // Without the broken one, the same database upgrades.
    await migrateToLatest(old.db, old.dialect);
    expect(await tableNames(old.db, old.dialect)).not.toContain('upgrade_probe');
  });
});
