import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'School@2026';
/** The second test server's demo password: it fails the strength rule on purpose. */
export const WEAK_PASSWORD = 'weakpass1';
export const weakBaseURL = `http://127.0.0.1:${process.env.E2E_WEAK_PORT ?? 3211}`;

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
  await dialog.getByLabel('身份').click();
  await page.locator('.ant-select-item-option', { hasText: identity }).click();
  await dialog
    .getByRole('button', { name: '登 入' })
    .or(dialog.getByRole('button', { name: '登入' }))
    .click();
}
