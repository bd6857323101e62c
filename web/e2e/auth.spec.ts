import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, loginThroughModal } from './login';
import { allowSteps, LOGIN_STEPS } from './steps';

test('a teacher logs in, stays logged in across a reload, signs out, and is then sent back by the guard', async ({
  page,
}) => {
  allowSteps(21 + 2 * LOGIN_STEPS);
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, 'teacher', DEMO_PASSWORD, '老师');
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page).toHaveURL(/\/teachPage$/);
  await expect(page.locator('.staff-name')).toHaveText('林晓雯');
  await expect(page.getByRole('tab', { name: '高一语文组' })).toBeVisible();

  const stored = await page.evaluate(() => window.localStorage.getItem('User'));
  expect(stored).toContain('"staffCode":"teacher"');
  expect(stored).not.toContain(DEMO_PASSWORD);

  await page.reload();
  await expect(page).toHaveURL(/\/teachPage$/);
  await expect(page.locator('.staff-name')).toHaveText('林晓雯');

  await page.getByRole('button', { name: /退出登录/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('link', { name: '登录' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('User'))).toBeNull();

  await page.goto('/teachPage');
  await expect(page).toHaveURL(/\/index\?redirect=%2FteachPage$/);
  await expect(page.getByText('请先登录')).toBeVisible();
  // Logging in from there returns to the page that was wanted.
  await loginThroughModal(page, 'teacher', DEMO_PASSWORD, '老师');
  await expect(page).toHaveURL(/\/teachPage$/);
});

test('the login modal checks each field and shows the server refusal', async ({ page }) => {
  allowSteps(7 + LOGIN_STEPS);
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await dialog.getByRole('button', { name: /登\s*入/ }).click();
  const errors = dialog.locator('.ant-form-item-explain-error');
  // 身份 starts at 老师; account and password are the person's to give.
  await expect(errors).toHaveText(['请输入账号', '请输入密码']);
  await expect(dialog.getByLabel('身份')).toBeVisible();

  await loginThroughModal(page, 'teacher', 'Wrong#Pass1', '老师');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/index$/);
});

test('an administrator logs in with the administrator identity; the header then offers 【校内网】', async ({
  page,
}) => {
  allowSteps(9 + LOGIN_STEPS);
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, 'admin', DEMO_PASSWORD, '管理员');
  await expect(page).toHaveURL(/\/teachPage$/);
  await expect(page.locator('.staff-name')).toHaveText('系统管理员');
  await page.getByRole('link', { name: /外网/ }).click();
  await expect(page).toHaveURL(/\/index$/);
  await page.getByRole('link', { name: '【校内网】' }).click();
  await expect(page).toHaveURL(/\/teachPage$/);
});

test('a shared-resource link asks for a login and then opens the resource', async ({ page }) => {
  allowSteps(3 + LOGIN_STEPS);
  await page.goto('/index?yesorNo=1&resourcesId=42');
  await loginThroughModal(page, 'teacher', DEMO_PASSWORD, '老师');
  await expect(page).toHaveURL(/\/folderDetail\?resourcesId=42$/);
});
