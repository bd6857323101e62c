import { expect, test, type Locator, type Page } from '@playwright/test';
import { staffState, teacherBrowser } from './login';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

/** The head of the demo teacher's department (高一语文组) in the demo school. */
const HEAD_CODE = 't1001';

/** Chooses an option of an antd select, again until it shows (its list animates open). */
async function choose(page: Page, select: Locator, option: string) {
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await select.click();
    await list.locator('.ant-select-item-option', { hasText: option }).click({ timeout: 5000 });
    await expect(select).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

async function pickDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await expect(input).toHaveValue(date);
}

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher files a leave request, her department head approves it, and she sees 已批准', async ({
    page,
    browser,
  }) => {
    allowSteps(28 + LOGIN_STEPS + CONTEXT_STEPS);
    const reason = `参加区教研活动${Date.now() % 100000}`;

    await page.goto('/leave');
    await page.getByRole('button', { name: '请假申请' }).click();
    const dialog = page.getByRole('dialog', { name: '请假申请' });
    await expect(dialog).toBeVisible();
    // The first select of the form is 请假类型.
    await choose(page, dialog.locator('.ant-select').first(), '公假');
    // Days of next year, whatever the day of the run: ahead of today, and shown with the year
    // (this year's dates are shown without it).
    const year = new Date().getFullYear() + 1;
    await pickDate(page, '开始日期', `${year}-03-15`);
    await pickDate(page, '结束日期', `${year}-03-16`);
    await dialog.getByLabel('请假原因').fill(reason);
    await dialog
      .getByRole('button', { name: '提 交' })
      .or(dialog.getByRole('button', { name: '提交' }))
      .click();
    await expect(dialog).toBeHidden();
    const mine = page.getByRole('row', { name: new RegExp(reason) });
    await expect(mine.getByText('待审批')).toBeVisible();
    await expect(mine).toContainText(`${year}-03-15 上午 至 ${year}-03-16 下午`);

    const { context: headContext, page: headPage } = await teacherBrowser(browser, HEAD_CODE);
    // The head's home shows the to-do dot; it opens the list through the hand-off, in a new tab.
    const todo = headPage.getByRole('list', { name: '待办事项' });
    const leaveEntry = todo.getByRole('button', { name: /请假审批/ });
    await expect(leaveEntry.locator('.ant-badge-dot')).toBeVisible();
    const [leaveTab] = await Promise.all([headPage.waitForEvent('popup'), leaveEntry.click()]);
    await expect(leaveTab).toHaveURL(/\/leave\?tab=todo$/);
    const waiting = leaveTab.getByRole('row', { name: new RegExp(reason) });
    await waiting.getByRole('button', { name: '查看' }).click();
    const drawer = leaveTab.getByRole('dialog', { name: '请假详情' });
    await expect(drawer).toContainText(reason);
    await drawer
      .getByRole('button', { name: '同 意' })
      .or(drawer.getByRole('button', { name: '同意' }))
      .click();
    await expect(drawer.getByText('已批准')).toBeVisible();
    await headContext.close();

    await page.reload();
    await expect(
      page.getByRole('row', { name: new RegExp(reason) }).getByText('已批准'),
    ).toBeVisible();
  });
});
