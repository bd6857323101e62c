import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';

const SHOTS = '/tmp/shots-identity';
/** The colour a site without one shows (web/app/lib/palette.ts). */
const DEFAULT_THEME_COLOR = '#1f5fa8';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Settings {
  shortName: string;
  themeColor: string;
  links: Array<{ label: string; value: string }>;
  menu: Array<{ key: string; label: string }>;
  tiles: Array<{ key: string; label: string }>;
}

/** axe's WCAG 2.1 A/AA rules over the page as it is: no violation at all. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(found).toEqual([]);
}

async function openSettings(page: Page) {
  await page.goto('/cms/site');
  await expect(page.getByRole('heading', { level: 1, name: '站点设置' })).toBeVisible();
  await expect(page.getByLabel('学校全称')).not.toHaveValue('');
}

test.describe('站点设置 as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  // The values this test changes, put back afterwards through the API whatever happened. An
  // empty field keeps the stored value, so a school without a short name keeps the test's (no
  // other spec reads it), and one without a colour gets the default's, which looks the same.
  let before: Settings | null = null;
  let token = '';
  test.afterAll(async ({ request }) => {
    if (!before || !token) return;
    await api(
      request,
      'cms/siteSettings',
      {
        shortName: before.shortName,
        themeColor: before.themeColor || DEFAULT_THEME_COLOR,
        links: JSON.stringify(before.links),
        menu: JSON.stringify(before.menu),
        tiles: JSON.stringify(before.tiles),
      },
      token,
    );
  });

  test('is accessible at 1280 and 390 px; a new short name, colour and link show on the portal', async ({
    page,
    request,
  }) => {
    allowSteps(40);
    fs.mkdirSync(SHOTS, { recursive: true });
    token = (await loginToken(request, 'admin', DEMO_PASSWORD, 5)).token;
    before = await api<Settings>(request, 'cms/siteSettings/get', {}, token);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openSettings(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/site-settings-1280.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await openSettings(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/site-settings-390.png`, fullPage: true });

    // A short name none of the other specs reads, a dark red and one more related link.
    const stamp = String(Date.now() % 10000).padStart(4, '0');
    const shortName = `启明${stamp}`;
    const link = { label: `区教育局${stamp}`, value: `https://jyj.example.cn/${stamp}` };
    await page.getByLabel('学校简称').fill(shortName);
    await page.getByRole('textbox', { name: '主题色', exact: true }).fill('#8b0000');
    await expect(page.getByText('页面使用 #8b0000')).toBeVisible();
    await page.getByRole('button', { name: '添加链接' }).click();
    const rows = page.getByRole('group', { name: /^链接 \d+$/ });
    const added = rows.last();
    await added.getByPlaceholder('名称').fill(link.label);
    await added.getByPlaceholder('https://… 或 /站内地址').fill(link.value);
    // A menu item and a 校园专栏 tile renamed (their inputs are labelled with the defaults).
    await page.getByLabel('教师文集', { exact: true }).fill(`教师作品${stamp}`);
    await page.getByLabel('课程建设', { exact: true }).fill(`课程${stamp}`);
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect(page.getByText('站点设置已保存，门户页面已更新')).toBeVisible();

    const saved = await api<Settings & { name: string }>(
      request,
      'cms/siteSettings/get',
      {},
      token,
    );
    expect(saved).toMatchObject({ shortName, themeColor: '#8b0000' });
    expect(saved.links.at(-1)).toEqual(link);
    expect(saved.menu).toContainEqual({ key: 'teacherWenji', label: `教师作品${stamp}` });
    expect(saved.tiles).toContainEqual({ key: 'campus21', label: `课程${stamp}` });

    // The portal's next page: the menu, the link, the share card and the colour.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/index');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: `遇见${shortName}`, exact: true })).toBeAttached();
    // In the 校刊文集 sub-menu, which shows on hover.
    await expect(
      nav.getByRole('link', { name: `教师作品${stamp}`, exact: true, includeHidden: true }),
    ).toBeAttached();
    const tiles = page.getByRole('region', { name: '校园专栏' });
    await expect(tiles.getByRole('link', { name: `课程${stamp}`, exact: true })).toBeVisible();
    const related = page.getByRole('region', { name: '相关链接' });
    await expect(related.getByRole('link', { name: link.label })).toHaveAttribute(
      'href',
      link.value,
    );
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      saved.name,
    );
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#8b0000');
    await page.screenshot({ path: `${SHOTS}/portal-after-1280.png` });
  });
});

test.describe('站点设置 as a teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('is refused', async ({ page, request }) => {
    await page.goto('/cms/site');
    await expect(page.getByText('只有系统管理员可以进行此操作')).toBeVisible();
    const token = (await loginToken(request, 'teacher', DEMO_PASSWORD, 2)).token;
    const response = await request.post('/api/cms/siteSettings/get', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
  });
});
