import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/schema.js';
import { DEMO_STAFF_COUNT } from '../src/seed/demo-staff.js';
import { prepareDatabase, type PrepareResult } from '../src/seed/index.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { login } from './helpers/http.js';

const DEMO_PASSWORD = 'Seed#Demo2026';

async function counts(db: Kysely<Database>) {
  const count = async (
    table: 'staff' | 'department' | 'staffDepartment' | 'sysParameter' | 'newsType',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    staff: await count('staff'),
    department: await count('department'),
    staffDepartment: await count('staffDepartment'),
    sysParameter: await count('sysParameter'),
    newsType: await count('newsType'),
  };
}

const staffRow = (db: Kysely<Database>, code: string) =>
  db.selectFrom('staff').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

/** One demo seed for the whole file: it hashes dozens of passwords. */
describe('prepareDatabase with SEED_DEMO', () => {
  const config = loadConfig({ DEMO_PASSWORD });
  let t: TestApp;
  let first: PrepareResult;
  beforeAll(async () => {
    t = await createTestApp({ seedBase: false });
    first = await prepareDatabase(t.db, config);
  });
  afterAll(() => t?.close());

  it('creates the administrator and the teacher, who log in with the demo password', async () => {
    expect(first.created).toBe(true);
    expect(await staffRow(t.db, 'admin')).toMatchObject({ staffType: 5, isPower: 1, isAdmin: '1' });
    expect(await staffRow(t.db, 'teacher')).toMatchObject({ staffType: 2, isPower: 0 });
    await login(t.app, { code: 'admin', password: DEMO_PASSWORD, staffType: 5 });
    await login(t.app, { code: 'teacher', password: DEMO_PASSWORD, staffType: 2 });
  });

  it('creates dozens of staff in a three-level department tree', async () => {
    const stored = await counts(t.db);
    expect(stored.staff).toBe(DEMO_STAFF_COUNT + 2);
    expect(DEMO_STAFF_COUNT).toBeGreaterThanOrEqual(24);
    expect(stored.staffDepartment).toBeGreaterThanOrEqual(stored.staff);
    expect(stored.newsType).toBeGreaterThan(0);
    expect(stored.sysParameter).toBeGreaterThan(0);

    const grandchildren = await t.db
      .selectFrom('department as leaf')
      .innerJoin('department as middle', 'middle.id', 'leaf.parentId')
      .innerJoin('department as top', 'top.id', 'middle.parentId')
      .select('leaf.id')
      .where('top.parentId', 'is', null)
      .execute();
    expect(grandchildren.length).toBeGreaterThan(0);
  });

  it('creates nothing when run again', async () => {
    const before = await counts(t.db);
    const again = await prepareDatabase(t.db, config);
    expect(again.created).toBe(false);
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('prepareDatabase without SEED_DEMO', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('refuses an empty database without ADMIN_CODE, then creates that administrator', async () => {
    t = await createTestApp({ seedBase: false });
    const noAdmin = loadConfig({ SEED_DEMO: 'false' });
    await expect(prepareDatabase(t.db, noAdmin)).rejects.toThrow(ConfigError);
    expect((await counts(t.db)).staff).toBe(0);

    const weak = loadConfig({ SEED_DEMO: 'false', ADMIN_CODE: 'root', ADMIN_PASSWORD: 'abc123' });
    await expect(prepareDatabase(t.db, weak)).rejects.toThrow(/ADMIN_PASSWORD/);
    expect((await counts(t.db)).staff).toBe(0);

    const config = loadConfig({
      SEED_DEMO: 'false',
      ADMIN_CODE: 'root',
      ADMIN_PASSWORD: 'Root#2026',
    });
    expect((await prepareDatabase(t.db, config)).created).toBe(true);
    expect(await counts(t.db)).toMatchObject({ staff: 1, department: 0 });
    expect(await staffRow(t.db, 'root')).toMatchObject({ staffType: 5, isPower: 1, isAdmin: '1' });
    await login(t.app, { code: 'root', password: 'Root#2026', staffType: 5 });
  });
});
