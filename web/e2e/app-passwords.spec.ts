import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { staffState } from './login';
import { answerPopconfirm } from './popconfirm';
import { allowSteps } from './steps';

const SECRET = /^[2-9a-hjkmnp-z]{7}(-[2-9a-hjkmnp-z]{7}){3}$/;

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** axe's WCAG 2.1 AA rules: no serious or critical violation (as accessibility.spec). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/**
 * 应用专用密码 on /editPwd (issue 22): made by name, shown once in a dialog with 复制, listed
 * without it, revoked with a popconfirm; on a desktop and a phone.
 */
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`app passwords at ${viewport.width}px`, () => {
    test.use({
      storageState: staffState('teacher'),
      viewport,
      permissions: ['clipboard-read', 'clipboard-write'],
    });

    test('a teacher makes one, sees it once, copies it and revokes it', async ({ page }) => {
      allowSteps(30);
      const shot = (name: string) =>
        page.screenshot({
          path: test.info().outputPath(`${name}-${viewport.width}.png`),
          fullPage: true,
        });
      const name = `办公室电脑${viewport.width}`;
      await page.goto('/editPwd');
      const card = page.locator('.staff-card', { hasText: '应用专用密码' });
      await expect(card.getByText('用于映射网络驱动器和 WebDAV 客户端')).toBeVisible();
      await expect(card.locator('code')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/dav\/$/);
      await expect(card.getByText('还没有应用专用密码')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot('app-passwords-empty');

      // An empty name is refused before anything is sent.
      await card.getByRole('button', { name: /^新\s*建$/ }).click();
      await expect(card.getByText('请填写名称')).toBeVisible();

      await card.getByLabel('新密码的名称').fill(name);
      await card.getByRole('button', { name: /^新\s*建$/ }).click();
      const dialog = page.getByRole('dialog', { name: '新的应用专用密码' });
      const secretField = dialog.getByLabel('应用专用密码');
      await expect(secretField).toHaveValue(SECRET);
      const secret = await secretField.inputValue();
      await expect(dialog.getByText('关闭后不会再显示')).toBeVisible();
      await dialog.getByRole('button', { name: /^复\s*制$/ }).click();
      await expect(page.getByText('复制成功')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoSidewaysScroll(page);
      await shot('app-passwords-dialog');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: '我已保存' }).click();
      await expect(dialog).toBeHidden();

      // Listed without the password, never used yet; after a reload still not shown.
      const row = card.locator('.ant-list-item', { hasText: name });
      await expect(row).toContainText('从未使用');
      await expect(row).toContainText(/创建时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      await page.reload();
      await expect(row).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot('app-passwords-list');
      await expectAccessible(page);

      await row.getByRole('button', { name: `撤销 ${name}` }).click();
      await answerPopconfirm(page, /^撤\s*销$/, `撤销“${name}”？`);
      await expect(page.getByText('已撤销')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(card.getByText('还没有应用专用密码')).toBeVisible();
    });
  });
}
