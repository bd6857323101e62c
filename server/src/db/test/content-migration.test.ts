import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Migrator, type Kysely } from 'kysely';
import { openDatabase } from '../database.js';
import { migrations } from '../migrate.js';
import { testDialect } from '../../test-kit/database.js';

/**
 * Migration 0022 (issue 17, one content path): news move their saved
 * versions from news_revision into the one store every kind uses.
 */
describe('migration 0022: news keep their versions in the one store', () => {
  /** A fresh, empty database of the dialect under test, migrated up to (not including) 0022. */
  async function databaseBefore0022() {
    const dialect = testDialect();
    let url: string | undefined;
    let sqliteFile = ':memory:';
    let dropDatabase = async () => {};
    if (dialect === 'postgres') {
      const admin = process.env.TEST_DATABASE_URL!;
      const name = `school_mig_${randomBytes(6).toString('hex')}`;
      const run = async (statement: string) => {
        const client = new pg.Client({ connectionString: admin });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      };
      await run(`CREATE DATABASE ${name}`);
      const target = new URL(admin);
      target.pathname = `/${name}`;
      url = target.toString();
      dropDatabase = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-mig-'));
      sqliteFile = path.join(dir, 'before.sqlite');
      dropDatabase = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const handle = openDatabase({ url, sqliteFile });
    const all = migrations(handle.dialect);
    const upTo = (last: string) =>
      new Migrator({
        db: handle.db,
        provider: {
          getMigrations: async () =>
            Object.fromEntries(Object.entries(all).filter(([name]) => name <= last)),
        },
      }).migrateToLatest();
    const before = await upTo('0021_api_rate_limit');
    expect(before.error).toBeUndefined();
    return {
      // Tables as they stand before 0022 (no schema type holds them); names in camelCase, as the
      // app's CamelCasePlugin writes them.
      db: handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>,
      migrate: () => upTo('0022_content_versions'),
      close: async () => {
        await handle.close();
        await dropDatabase();
      },
    };
  }

  it('copies every news revision into content_revision in order, then drops news_revision', async () => {
    const old = await databaseBefore0022();
    try {
      const at = (minute: number) => `2025-05-01T08:0${minute}:00.000Z`;
      await old.db.insertInto('newsType').values({ id: 2, name: '校园新闻' }).execute();
      await old.db
        .insertInto('news')
        .values({
          id: 7,
          type_id: 2,
          title: '旧新闻',
          shelves_date: at(0),
          status_date: at(0),
          createdAt: at(0),
          updated_at: at(2),
        })
        .execute();
      const snapshot = (title: string) => JSON.stringify({ title, files: [] });
      await old.db
        .insertInto('newsRevision')
        .values([
          { newsId: 7, staffName: '原作者', createdAt: at(0), snapshot: snapshot('第一稿') },
          { newsId: 7, staffName: '王老师', createdAt: at(1), snapshot: snapshot('第二稿') },
          // Two saves in the same second keep their order by id.
          { newsId: 7, staffName: '管理员', createdAt: at(1), snapshot: snapshot('第三稿') },
        ])
        .execute();

      const result = await old.migrate();
      expect(result.error).toBeUndefined();

      const copied = await old.db
        .selectFrom('contentRevision')
        .select(['infoTable', 'objId', 'staffName', 'createdAt', 'snapshot'])
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      expect(copied).toEqual([
        {
          infoTable: 'T_NEWS',
          objId: 7,
          staffName: '原作者',
          createdAt: at(0),
          snapshot: snapshot('第一稿'),
        },
        {
          infoTable: 'T_NEWS',
          objId: 7,
          staffName: '王老师',
          createdAt: at(1),
          snapshot: snapshot('第二稿'),
        },
        {
          infoTable: 'T_NEWS',
          objId: 7,
          staffName: '管理员',
          createdAt: at(1),
          snapshot: snapshot('第三稿'),
        },
      ]);
      await expect(old.db.selectFrom('newsRevision').selectAll().execute()).rejects.toThrow();
      const row = await old.db
        .selectFrom('news')
        .select('version')
        .where('id', '=', 7)
        .executeTakeFirstOrThrow();
      expect(Number(row.version)).toBe(0);
    } finally {
      await old.close();
    }
  });
});
