import { expect, test } from '@playwright/test';
import { WEAK_PASSWORD, loginThroughModal, weakBaseURL } from './login';
import { allowSteps, LOGIN_STEPS } from './steps';

test.use({ baseURL: weakBaseURL });

test('a teacher with a weak password must change it before going on', async ({ page }) => {
  allowSteps(23 + LOGIN_STEPS);
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  await loginThroughModal(page, 'teacher', WEAK_PASSWORD, '老师');
  await expect(page).toHaveURL(/\/teachPage$/);

  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('您的密码强度较弱，请修改密码后继续使用')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('原密码').fill(WEAK_PASSWORD);
  await dialog.getByLabel('新密码').fill('abcdef');
  await dialog.getByLabel('确认密码').fill('abcdeg');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(
    dialog.getByText('密码须为6-16位，且至少包含大写字母、小写字母、数字、特殊符号中的三种'),
  ).toBeVisible();
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();

  await dialog.getByLabel('新密码').fill('Strong#2026');
  await dialog.getByLabel('确认密码').fill('Strong#2026');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect(page.locator('.staff-name')).toHaveText('林晓雯');
  await expect(page.getByRole('dialog', { name: '修改密码' })).toHaveCount(0);
});

test('the change-password dialog opened by choice can be closed', async ({ page }) => {
  allowSteps(9 + LOGIN_STEPS);
  await page.goto('/index');
  await page.getByRole('link', { name: '登录' }).click();
  // The administrator is never forced (spec: role 2 only), even with the weak demo password.
  await loginThroughModal(page, 'admin', WEAK_PASSWORD, '管理员');
  await expect(page).toHaveURL(/\/teachPage$/);
  await expect(page.getByRole('dialog', { name: '修改密码' })).toHaveCount(0);
  await page
    .getByRole('navigation', { name: '账户' })
    .getByRole('button', { name: '修改密码' })
    .click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();
});
