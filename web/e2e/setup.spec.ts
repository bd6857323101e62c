import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SETUP_ADDRESS_FILE, setupBaseURL } from './login';

/**
 * The first run of a new school (/setup) on the test server started without the demo and
 * without ADMIN_CODE: the address the server printed (also written to SETUP_TOKEN_FILE) opens
 * the form; filling it in makes the first administrator, who lands logged in on the platform
 * with the school's name in its frame and the first steps listed. Then /setup is gone.
 */
const SHOTS = '/tmp/shots-setup';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** An 8×8 PNG, the school's logo. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPQyvfDihiGlgQAiBI5wZmSutYAAAAASUVORK5CYII=',
  'base64',
);

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(found).toEqual([]);
}

function setupAddress(): string {
  const file = path.join(process.env.E2E_SERVER_LOG_DIR ?? '', SETUP_ADDRESS_FILE);
  return fs.readFileSync(file, 'utf8').trim();
}

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

test('a new school names itself at /setup and its administrator lands on the platform', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const address = setupAddress();
  expect(address).toMatch(new RegExp(`^${setupBaseURL}/setup\\?token=[A-Za-z0-9_-]{43}$`));

  // A wrong link says where the right one is, and changes nothing.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${setupBaseURL}/setup?token=wrong`);
  await page.getByLabel('学校全称').fill('东山路第二中学');
  await page.getByLabel('学校简称').fill('东山二中');
  await page.getByLabel('账号').fill('principal');
  await page.getByLabel('密码', { exact: true }).fill('Setup#2026');
  await page.getByLabel('确认密码').fill('Setup#2026');
  await page.getByRole('button', { name: '完成设置并登录' }).click();
  await expect(page.getByRole('alert')).toContainText(
    '设置链接无效或已过期，请查看服务器控制台输出的地址',
  );

  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: '首次设置' })).toBeVisible();
  await expect(page.getByText('密码须为6-16位').first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/setup-1280.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/setup-390.png`, fullPage: true });

  // A weak password is refused before anything is sent, with the rule.
  await page.getByLabel('学校全称').fill('东山路第二中学');
  await page.getByLabel('学校简称').fill('东山二中');
  await page.locator('input[type=file]').setInputFiles({
    name: '校徽.png',
    mimeType: 'image/png',
    buffer: LOGO,
  });
  await expect(page.getByText('校徽.png')).toBeVisible();
  await page.getByLabel('账号').fill('principal');
  await page.getByLabel('姓名').fill('王校长');
  await page.getByLabel('密码', { exact: true }).fill('abc123');
  await page.getByLabel('确认密码').fill('abc123');
  await page.getByRole('button', { name: '完成设置并登录' }).click();
  await expect(page.locator('.ant-form-item-explain-error')).toContainText(
    '密码须为6-16位，且至少包含大写字母、小写字母、数字、特殊符号中的三种',
  );
  await page.getByLabel('密码', { exact: true }).fill('Setup#2026');
  await page.getByLabel('确认密码').fill('Setup#2026');
  await page.getByRole('button', { name: '完成设置并登录' }).click();

  // Logged in on the platform: the school's name in the frame, the first steps listed.
  await page.waitForURL(`${setupBaseURL}/cms`);
  await expect(page.getByRole('link', { name: /东山路第二中学/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: '您好，王校长' })).toBeVisible();
  const steps = page.locator('.cms-first-steps');
  for (const step of ['站点设置', '人员导入', '从旧站导入', '栏目']) {
    await expect(steps.getByRole('link', { name: step, exact: true })).toBeVisible();
  }
  // A short name and a logo: the site settings step is done; nobody else is on staff yet.
  await expect(steps.locator('li').first()).toContainText('已完成');
  await expect(steps.locator('li').nth(1)).toContainText('待完成');
  await page.screenshot({ path: `${SHOTS}/cms-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(steps).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cms-1280.png`, fullPage: true });

  // Done once: /setup is now an address the site does not have.
  const again = await page.goto(address);
  expect(again?.status()).toBe(404);
  const status = await page.request.get(`${setupBaseURL}/api/setup/status`);
  expect((await status.json()).data).toEqual({ needed: false });
});
