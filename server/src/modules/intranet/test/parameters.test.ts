import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { seedDemoSite } from '../../../seed/demo-site.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postForm } from '../../../test-kit/http.js';

interface ParameterRow {
  parameterId: number;
  parameteCode: string;
  parameteValue: string;
  parameterName: string;
  parameterType: string;
  pic: string | null;
}

const GET = '/api/sysParameter/getParameter';
const GET_LIST = '/api/sysParameter/getParameterList';

describe('api/sysParameter', () => {
  let t: TestApp;
  let teacherToken: string;
  let powerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    // The demo school's sites and links (a new site has none): what these checks read.
    await seedDemoSite(t.db);
    teacherToken = await login(t.app, await createStaff(t.db));
    powerToken = await login(t.app, await createStaff(t.db, { isPower: 1 }));
  });
  afterAll(() => t?.close());

  /** The stored rows of a code, in the API's field names. */
  const storedRows = async (code: string) =>
    (
      await t.db
        .selectFrom('sysParameter')
        .selectAll()
        .where('code', '=', code)
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((row) => ({
      parameterId: row.id,
      parameteCode: row.code,
      parameteValue: row.value,
      parameterName: row.name,
      parameterType: row.type,
      pic: row.pic,
    }));

  it.each(['TPZX', 'JGW', 'FJXZ', 'GLPTBJ', 'BK', 'FYZR'])(
    'getParameter answers the stored row of %s',
    async (parameteCode) => {
      const rows = expectOk<ParameterRow[]>(await postForm(t.app, GET, { parameteCode }));
      expect(rows).toHaveLength(1);
      expect(rows).toEqual(await storedRows(parameteCode));
      expect(rows[0].parameteValue).not.toBe('');
    },
  );

  it('answers what an administrator has stored, not a fixed value', async () => {
    await t.db
      .updateTable('sysParameter')
      .set({ value: 'https://bk.example/' })
      .where('code', '=', 'BK')
      .execute();
    const rows = expectOk<ParameterRow[]>(await postForm(t.app, GET, { parameteCode: 'BK' }));
    expect(rows[0].parameteValue).toBe('https://bk.example/');
  });

  it('shows XNZD sites of type 2 only to staff with isPower 1', async () => {
    const stored = await storedRows('XNZD');
    const everyone = stored.filter((row) => row.parameterType === '1');
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone.length).toBeLessThan(stored.length);

    const anonymous = await postForm(t.app, GET, { parameteCode: 'XNZD' });
    expect(expectOk(anonymous)).toEqual(everyone);
    const teacher = await postForm(t.app, GET, { parameteCode: 'XNZD' }, { token: teacherToken });
    expect(expectOk(teacher)).toEqual(everyone);
    const power = await postForm(t.app, GET, { parameteCode: 'XNZD' }, { token: powerToken });
    expect(expectOk(power)).toEqual(stored);
  });

  it('getParameterList answers the rows of several codes', async () => {
    const response = await postForm(t.app, GET_LIST, { parameteCodes: 'TPZX,JGW,XNZD' });
    const rows = expectOk<ParameterRow[]>(response);
    expect(rows.map((row) => row.parameteCode).sort()).toEqual(
      ['JGW', 'TPZX', ...Array<string>(4).fill('XNZD')].sort(),
    );
    const withPower = await postForm(
      t.app,
      GET_LIST,
      { parameteCodes: 'XNZD' },
      { token: powerToken },
    );
    expect(expectOk(withPower)).toEqual(await storedRows('XNZD'));
  });

  it('answers an empty list for a well-formed code nobody stored', async () => {
    expect(expectOk(await postForm(t.app, GET, { parameteCode: 'NOSUCH' }))).toEqual([]);
  });

  it.each([
    [GET, { parameteCode: 'TP-ZX' }],
    [GET, { parameteCode: '' }],
    [GET, {}],
    [GET_LIST, { parameteCodes: 'TPZX;JGW' }],
    [GET_LIST, { parameteCodes: 'TPZX,' }],
    [GET_LIST, {}],
  ])('%s refuses a bad code %j', async (url, fields) => {
    expectRefusal(await postForm(t.app, url, fields), 400, '参数编码不正确');
  });
});
