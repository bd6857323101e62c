import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSettings } from '@school/common/api';
import { createTestApp, type TestApp } from '../../../test-kit/app.js';
import { createStaff } from '../../../test-kit/factories.js';
import { expectOk, expectRefusal, login, postFile, postForm } from '../../../test-kit/http.js';
import { SYSTEM_ADMIN_MESSAGE } from '../../../http/roles.js';
import {
  PICTURE_TYPES_MESSAGE,
  UNSAFE_SVG_MESSAGE,
} from '../../../platform/files/site-pictures.js';

const SETTINGS = '/api/cms/siteSettings';
const UPLOAD = '/api/cms/siteSettings/upload';
const PARAMETERS = '/api/sysParameter/getParameterList';

type Row = {
  parameteCode: string;
  parameteValue: string;
  parameterName: string;
  pic: string | null;
};

describe('站点设置 (api/cms/siteSettings)', () => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, await createStaff(t.db, { staffType: 5, isPower: 1 }));
    teacher = await login(t.app, await createStaff(t.db));
    png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  const save = (fields: Record<string, string>, token = admin) =>
    postForm(t.app, SETTINGS, fields, { token });
  const read = async () =>
    expectOk<SiteSettings>(
      await t.app.inject({
        method: 'GET',
        url: SETTINGS,
        headers: { authorization: `Bearer ${admin}` },
      }),
    );
  const upload = (kind: string, name: string, data: Buffer, token = admin) =>
    postFile(t.app, `${UPLOAD}?kind=${kind}`, { name, data }, { token });
  const publicRows = async (codes: string) =>
    expectOk<Row[]>(await postForm(t.app, PARAMETERS, { parameteCodes: codes }));

  it('saves form strings, keeps what is left empty, and reads back by GET and POST', async () => {
    const saved = expectOk<SiteSettings>(
      await save({
        name: '明德实验学校',
        shortName: '明德',
        englishName: '',
        themeColor: '#AA3300',
        address: '东山路1号',
        postcode: '',
        phones: JSON.stringify([{ label: '办公室', value: '0571-8888 0000' }]),
        emails: JSON.stringify([{ label: '', value: 'office@mingde.example' }]),
        links: JSON.stringify([
          { label: '教育部', value: 'http://www.moe.gov.cn/' },
          { label: '校史馆', value: '/intro' },
        ]),
        menu: JSON.stringify([
          { key: 'meet', label: '走进明德' },
          { key: 'news', label: '' },
        ]),
        tiles: JSON.stringify([{ key: 'impression', label: '明德印象' }]),
      }),
    );
    expect(saved).toMatchObject({
      name: '明德实验学校',
      shortName: '明德',
      englishName: '',
      themeColor: '#aa3300',
      address: '东山路1号',
      phones: [{ label: '办公室', value: '0571-8888 0000' }],
      emails: [{ label: '邮箱', value: 'office@mingde.example' }],
      links: [
        { label: '教育部', value: 'http://www.moe.gov.cn/' },
        { label: '校史馆', value: '/intro' },
      ],
      // An empty label is the item's default name: no row.
      menu: [{ key: 'meet', label: '走进明德' }],
      tiles: [{ key: 'impression', label: '明德印象' }],
    });

    // Empty fields and lists not sent keep their values.
    expectOk(await save({ name: '', shortName: '', address: '西山路2号', links: '' }));
    const again = await read();
    expect(again).toMatchObject({ name: '明德实验学校', shortName: '明德', address: '西山路2号' });
    expect(again.links).toHaveLength(2);
    expect(
      expectOk<SiteSettings>(await postForm(t.app, `${SETTINGS}/get`, {}, { token: admin })),
    ).toEqual(again);

    // The portal reads the same rows through the public parameter API.
    const rows = await publicRows('XXMC,XXJC,ZTYS,DHCD,XYZL');
    expect(rows.map((r) => [r.parameteCode, r.parameterName, r.parameteValue])).toEqual([
      ['DHCD', 'meet', '走进明德'],
      ['XXJC', '学校简称', '明德'],
      ['XXMC', '学校名称', '明德实验学校'],
      ['XYZL', 'impression', '明德印象'],
      ['ZTYS', '主题色', '#aa3300'],
    ]);

    // A list given replaces the list.
    expectOk(await save({ links: '[]' }));
    expect((await read()).links).toEqual([]);
  });

  it('empties the optional texts named in clear, and refuses to empty the name', async () => {
    expectOk(await save({ name: '明德实验学校', address: '东山路1号', icp: '浙ICP备00000001号' }));
    const cleared = expectOk<SiteSettings>(
      await save({ address: '', icp: '', clear: 'address,icp' }),
    );
    expect(cleared).toMatchObject({ name: '明德实验学校', address: '', icp: '' });
    expect((await publicRows('XXDZ,ICP')).map((r) => r.parameteValue)).toEqual(['', '']);
    // A value given wins over its name in clear; nothing else is touched.
    expect(
      expectOk<SiteSettings>(await save({ address: '南山路3号', clear: 'address' })),
    ).toMatchObject({ address: '南山路3号', name: '明德实验学校' });
    expectRefusal(await save({ clear: 'name' }), 400, '不能清空“学校名称”');
    expectRefusal(await save({ clear: 'nothing' }), 400, '不能清空“nothing”');
    expectRefusal(await save({ clear: 'icp' }, teacher), 403, SYSTEM_ADMIN_MESSAGE);
    expect((await read()).name).toBe('明德实验学校');
  });

  it('refuses teachers and visitors as every system setting does', async () => {
    expectRefusal(await save({ name: '改名' }, teacher), 403, SYSTEM_ADMIN_MESSAGE);
    const get = await t.app.inject({
      method: 'GET',
      url: SETTINGS,
      headers: { authorization: `Bearer ${teacher}` },
    });
    expectRefusal(get, 403, SYSTEM_ADMIN_MESSAGE);
    expectRefusal(await upload('logo', 'a.png', png, teacher), 403, SYSTEM_ADMIN_MESSAGE);
    expect((await postForm(t.app, SETTINGS, { name: '改名' })).statusCode).toBe(401);
    expect((await read()).name).not.toBe('改名');
  });

  it.each([
    [{ themeColor: 'red' }, '主题色须为 #rrggbb 格式的颜色，例如 #1f5fa8'],
    [{ themeColor: '#12345' }, '主题色须为 #rrggbb 格式的颜色，例如 #1f5fa8'],
    [{ name: '校'.repeat(51) }, '学校名称不能超过50个字'],
    [{ shortName: '明'.repeat(11) }, '学校简称不能超过10个字'],
    [{ postcode: '31000' }, '邮政编码须为6位数字'],
    [
      { links: JSON.stringify([{ label: '坏链接', value: 'javascript:alert(1)' }]) },
      '相关链接第1行的地址须以 http:// 或 https:// 开头，或为以 / 开头的站内地址',
    ],
    [{ links: '{"label":"x"}' }, '相关链接的格式不正确'],
    [{ links: '[not json' }, '相关链接的格式不正确'],
    [
      { links: JSON.stringify(Array.from({ length: 21 }, () => ({ label: 'a', value: '/a' }))) },
      '相关链接最多20项',
    ],
    [
      { emails: JSON.stringify([{ label: '办公室', value: 'not-mail' }]) },
      '学校邮箱第1行的邮箱地址不正确',
    ],
    [{ menu: JSON.stringify([{ key: 'a b', label: 'x' }]) }, '导航菜单第1项的标识不正确'],
    [
      { tiles: JSON.stringify([{ key: 'a', label: '名'.repeat(21) }]) },
      '校园专栏第1项的名称不能超过20个字',
    ],
    [{ logo: 'https://evil.example/x.png' }, '学校标志的图片不正确，请重新上传'],
  ])('refuses %j, naming the field, and writes nothing', async (fields, message) => {
    const before = await read();
    expectRefusal(await save({ name: '不应保存的名称', ...fields }), 400, message);
    expect(await read()).toEqual(before);
  });

  it('takes a PNG upload as the logo, shows it to everyone and clears it on request', async () => {
    const { url } = expectOk<{ url: string }>(await upload('logo', 'logo.png', png));
    expect(url).toMatch(/^\/api\/files\/\d+$/);
    expect((await save({ logo: url })).statusCode).toBe(200);
    expect((await read()).logo).toBe(url);
    const [row] = await publicRows('XXBZ');
    expect(row!.pic).toBe(url);
    const picture = await t.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    expectOk(await save({ removeLogo: '1' }));
    expect((await read()).logo).toBe('');
    // Clearing a picture nobody set changes nothing.
    expectOk(await save({ removeBanner: '1' }));
    expect((await read()).banner).toBe('');
  });

  it('checks uploads by their bytes and size, whatever their name', async () => {
    expectRefusal(
      await upload('logo', 'logo.png', Buffer.from('not a picture at all')),
      400,
      PICTURE_TYPES_MESSAGE,
    );
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    expectRefusal(await upload('logo', 'logo.png', big), 413, '图片过大，最大 2 MB');
    expectRefusal(
      await upload('poster', 'a.png', png),
      400,
      'kind 须为 logo、favicon、banner 或 qr',
    );
  });

  it('refuses an SVG that could run or fetch anything, and stores a safe one as a PNG', async () => {
    const unsafe = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="https://evil.example/a.png"/></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    ];
    for (const svg of unsafe) {
      expectRefusal(await upload('favicon', 'icon.svg', Buffer.from(svg)), 400, UNSAFE_SVG_MESSAGE);
    }
    const safe =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c00"/></svg>';
    const { url } = expectOk<{ url: string }>(
      await upload('favicon', 'icon.svg', Buffer.from(safe)),
    );
    const stored = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(stored.headers['content-type']).toBe('image/png');
    expect(stored.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws the logo and the icon from the name, escaped, in the theme colour', async () => {
    expectOk(await save({ name: '明德<b>&学校', shortName: '明德', themeColor: '#225588' }));
    const logo = await t.app.inject({ method: 'GET', url: '/api/site/logo.svg?v=1' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(logo.headers['cache-control']).toContain('immutable');
    expect(logo.headers['content-security-policy']).toContain("default-src 'none'");
    expect(logo.body).toContain('<title>明德&lt;b&gt;&amp;学校</title>');
    expect(logo.body).toContain('>明德</text>');
    expect(logo.body).toContain('#225588');
    expect(logo.body).not.toContain('<b>');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/site/logo.svg',
      headers: { 'if-none-match': String(logo.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const icon = await t.app.inject({ method: 'GET', url: '/api/site/favicon.svg' });
    expect(icon.body).toContain('>明</text>');
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });
});
