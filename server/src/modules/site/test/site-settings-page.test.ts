import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '@school/common/api';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, login, postForm } from '../../../test-kit/http.js';

type Row = { parameteCode: string; parameteValue: string; parameterName: string };

/**
 * The 站点设置 page's own posts (web/app/features/site-settings/site-settings.ts payloadOf):
 * every text, every list as JSON, menu and tile labels by the keys the portal reads
 * (web/app/lib/site-labels.ts), and pictures only when they changed.
 */
describe('站点设置 as the page posts it', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, await createStaff(t.db, { staffType: 5, isPower: 1 }));
  });
  afterAll(() => t?.close());

  const save = async (fields: Record<string, string>) =>
    expectOk<SiteSettings>(
      await postForm(t.app, '/api/cms/siteSettings', fields, { token: admin }),
    );
  const read = async () =>
    expectOk<SiteSettings>(
      await postForm(t.app, '/api/cms/siteSettings/get', {}, { token: admin }),
    );

  /** The whole form, as payloadOf sends it. */
  const form = (s: SiteSettings, menu: SiteSettings['menu'], tiles: SiteSettings['tiles']) => ({
    name: s.name,
    shortName: s.shortName,
    englishName: s.englishName,
    themeColor: s.themeColor,
    address: s.address,
    postcode: s.postcode,
    icp: s.icp,
    police: s.police,
    phones: JSON.stringify(s.phones),
    emails: JSON.stringify(s.emails),
    links: JSON.stringify(s.links),
    menu: JSON.stringify(menu),
    tiles: JSON.stringify(tiles),
  });

  it('saves the whole form and the portal reads the labels by their keys', async () => {
    const loaded = await read();
    const saved = await save(
      form(
        {
          ...loaded,
          name: '启明实验中学',
          shortName: '启明',
          themeColor: '#ffeb3b',
          links: [{ label: '区教育局', value: 'https://jyj.example.cn/' }],
        },
        [{ key: 'teacherWenji', label: '教师作品' }],
        [{ key: 'campus21', label: '课程超市' }],
      ),
    );
    expect(saved).toMatchObject({
      name: '启明实验中学',
      shortName: '启明',
      themeColor: '#ffeb3b',
      links: [{ label: '区教育局', value: 'https://jyj.example.cn/' }],
      menu: [{ key: 'teacherWenji', label: '教师作品' }],
      tiles: [{ key: 'campus21', label: '课程超市' }],
    });

    const rows = expectOk<Row[]>(
      await postForm(t.app, '/api/sysParameter/getParameterList', {
        parameteCodes: 'XXJC,ZTYS,DHCD,XYZL',
      }),
    );
    const pick = (code: string) =>
      rows
        .filter((r) => r.parameteCode === code)
        .map((r) => ({ name: r.parameterName, value: r.parameteValue }));
    expect(pick('XXJC').map((r) => r.value)).toEqual(['启明']);
    expect(pick('DHCD')).toEqual([{ name: 'teacherWenji', value: '教师作品' }]);
    expect(pick('XYZL')).toEqual([{ name: 'campus21', value: '课程超市' }]);
  });

  it('changes nothing when the loaded form is saved as it is', async () => {
    const loaded = await read();
    const again = await save(form(loaded, loaded.menu, loaded.tiles));
    expect(again).toEqual(loaded);
  });

  it('clears the lists and labels the page sends empty', async () => {
    const loaded = await read();
    const saved = await save({ ...form(loaded, [], []), links: '[]' });
    expect(saved).toMatchObject({ links: [], menu: [], tiles: [] });
  });
});
