import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-kit/app.js';
import { createNews, createStaff } from '../../test-kit/factories.js';
import { login } from '../../test-kit/http.js';
import { fakeWebBuild } from '../../test-kit/web-build.js';

/** Which writes raise the site's content version (db/content-watch.ts). */
describe('site content version', () => {
  let t: TestApp;
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-writes-client-'));
  const version = async () =>
    Number(
      (
        await t.db
          .selectFrom('siteVersion')
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).version,
    );

  beforeAll(async () => {
    t = await createTestApp({
      web: fakeWebBuild(async () => new Response('<p>页面</p>'), clientDir),
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('rises with each committed content write, built or raw, once per transaction', async () => {
    const start = await version();
    const newId = await createNews(t.services, { typeId: 3, title: '版本测试' });
    const afterCreate = await version();
    expect(afterCreate).toBeGreaterThan(start);
    await sql`update news set title = ${'版本测试二'} where id = ${newId}`.execute(t.db);
    expect(await version()).toBe(afterCreate + 1);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('news').set({ title: '一' }).where('id', '=', newId).execute();
      await trx.updateTable('news').set({ title: '二' }).where('id', '=', newId).execute();
    });
    expect(await version()).toBe(afterCreate + 2);
  });

  it('stays for a rolled-back write, counters, sessions and staff-only areas', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '不变' });
    const start = await version();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('news').set({ title: '回滚' }).where('id', '=', newId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db
      .updateTable('news')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', newId)
      .execute();
    await t.db.updateTable('news').set({ title: '不变' }).where('id', '=', -1).execute();
    expect(await version()).toBe(start);
    const teacher = await createStaff(t.db);
    const before = await version();
    await login(t.app, teacher);
    expect(await version()).toBe(before);
    expect(
      (await t.db.selectFrom('news').select('title').where('id', '=', newId).executeTakeFirst())
        ?.title,
    ).toBe('不变');
  });

  it('reads the tables a statement writes from its syntax tree, not its text', async () => {
    const newId = await createNews(t.services, { typeId: 3, title: '语法树' });
    const teacher = await createStaff(t.db);
    await login(t.app, teacher);
    await login(t.app, teacher);
    let before = await version();
    // Rows of a table that feeds no page, written raw (named with sql.table) and built (reading news).
    const raw =
      await sql`delete from ${sql.table('session')} where staff_id = ${teacher.id} and id = (select min(id) from session where staff_id = ${teacher.id})`.execute(
        t.db,
      );
    expect(raw.numAffectedRows).toBe(BigInt(1));
    const built = await t.db
      .deleteFrom('session')
      .where('staffId', '=', teacher.id)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('news').select('id').where('id', '=', newId)),
      )
      .executeTakeFirst();
    expect(built.numDeletedRows).toBe(BigInt(1));
    expect(await version()).toBe(before);
    // A raw write that names no table: counted as content, never missed.
    await sql`update news set title = ${'语法树二'} where id = ${newId}`.execute(t.db);
    expect(await version()).toBe(before + 1);
    // A write whose target is chosen in a common table expression; on PostgreSQL, a write
    // inside one (SQLite has no writing CTEs).
    before = await version();
    await t.db
      .with('target', (db) => db.selectFrom('news').select('id').where('id', '=', newId))
      .updateTable('news')
      .set({ title: '语法树三' })
      .where('id', 'in', (eb) => eb.selectFrom('target').select('id'))
      .execute();
    expect(await version()).toBe(before + 1);
    if (t.dialect !== 'postgres') return;
    before = await version();
    await t.db
      .with('changed', (db) =>
        db.updateTable('news').set({ title: '语法树四' }).where('id', '=', newId).returning('id'),
      )
      .selectFrom('changed')
      .select('id')
      .execute();
    expect(await version()).toBe(before + 1);
  });
});
