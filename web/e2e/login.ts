import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'School@2026';
/** The second test server's demo password: it fails the strength rule on purpose. */
export const WEAK_PASSWORD = 'weakpass1';
export const weakBaseURL = `http://127.0.0.1:${process.env.E2E_WEAK_PORT ?? 3211}`;
/** The third test server: no demo and no ADMIN_CODE, so it waits for its first run (/setup). */
export const setupBaseURL = `http://127.0.0.1:${process.env.E2E_SETUP_PORT ?? 3213}`;
/** The file that server writes its setup address to (SETUP_TOKEN_FILE), in the logs' folder. */
export const SETUP_ADDRESS_FILE = 'setup-address.txt';

/** The demo school's two staff accounts, with the identity each picks in the login modal. */
export const STAFF = {
  admin: { code: 'admin', identity: '管理员' },
  teacher: { code: 'teacher', identity: '老师' },
} as const;
export type StaffAccount = keyof typeof STAFF;

/**
 * Where auth.setup.ts keeps each account's logged-in browser state (the stored `User`, its cookie
 * and the HttpOnly file cookie); under test-results/, which every run starts empty.
 */
export const staffState = (account: StaffAccount) =>
  fileURLToPath(new URL(`../test-results/.auth/${account}.json`, import.meta.url));

/**
 * The browser state of a visitor nobody logged in. A context a test opens inherits the suite's
 * `storageState`, so a visitor inside a staff suite needs this said.
 */
export const VISITOR = { cookies: [], origins: [] };

/** Logs in through the portal's login modal, as a person does. */
export async function loginThroughModal(
  page: Page,
  account: string,
  password: string,
  identity: '老师' | '管理员',
) {
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('账号').fill(account);
  await dialog.getByLabel('密码').fill(password);
  // antd's option list animates open; a click that lands mid-animation can be lost, so choose
  // until the select shows the identity, then make sure the list no longer covers 登入.
  const select = dialog.locator('.ant-select');
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await dialog.getByLabel('身份').click();
    await list.locator('.ant-select-item-option', { hasText: identity }).click({ timeout: 5000 });
    await expect(select).toContainText(identity, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  if (await list.count()) await dialog.getByText('用户登录', { exact: true }).click();
  await expect(list).toHaveCount(0);
  await dialog
    .getByRole('button', { name: '登 入' })
    .or(dialog.getByRole('button', { name: '登入' }))
    .click();
}

/** Opens the home page, logs a demo account in through the modal and waits for the workbench. */
export async function logInFromHome(page: Page, account: StaffAccount) {
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, STAFF[account].code, DEMO_PASSWORD, STAFF[account].identity);
  await expect(page).toHaveURL(/\/teachPage$/);
}

/** The stored user's name of a logged-in page. */
export const nameOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(window.localStorage.getItem('User') ?? '{}') as { staffName: string }).staffName,
  );

/**
 * A second teacher's browser: a fresh context, logged in through the home page's modal with
 * the demo password, on /teachPage. Close its `context` when done.
 */
export async function teacherBrowser(browser: Browser, staffCode: string) {
  const context = await browser.newContext({ storageState: VISITOR });
  const page = await context.newPage();
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, staffCode, DEMO_PASSWORD, '老师');
  await expect(page).toHaveURL(/\/teachPage$/);
  return { context, page };
}
