import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';
import { answerDialog } from './popconfirm';

/** Waits until the editor has written its draft of a new news item to this browser. */
const draftWritten = (page: Page, contains: string) =>
  page.waitForFunction(
    (text) =>
      Object.keys(window.localStorage).some(
        (key) =>
          key.startsWith('editorDraft:') &&
          key.endsWith(':news:new') &&
          (window.localStorage.getItem(key) ?? '').includes(text),
      ),
    contains,
  );

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('what is typed is kept as a draft and offered back after a reload', async ({ page }) => {
    allowSteps(12);
    const title = `家长开放日安排${Date.now() % 100000}`;
    await page.goto('/cms/news/new');
    await page.getByLabel('标题', { exact: true }).fill(title);
    const body = page.getByRole('textbox', { name: '请输入正文' });
    await body.click();
    await page.keyboard.type('上午九点在报告厅集合。');
    await draftWritten(page, '报告厅');

    // Reloading asks first (unsaved changes); the person goes on.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: /发现 \d{2}:\d{2} 自动保存的草稿/ });
    await expect(notice).toBeVisible();
    await expect(page.getByLabel('标题', { exact: true })).toHaveValue('');
    await notice.getByRole('button', { name: /恢\s*复/ }).click();
    await expect(page.getByLabel('标题', { exact: true })).toHaveValue(title);
    await expect(body).toContainText('上午九点在报告厅集合。');
    await expect(notice).toHaveCount(0);
  });

  test('leaving through the side menu with unsaved changes asks; staying keeps the text', async ({
    page,
  }) => {
    allowSteps(14);
    await page.goto('/cms/news/new');
    const title = page.getByLabel('标题', { exact: true });
    await title.fill('还没写完的通知');
    const menuLink = page.getByRole('link', { name: '视频管理' });

    await menuLink.click();
    const ask = page.getByRole('dialog').filter({ hasText: '有未保存的修改，确定离开？' });
    // A person answers once the dialog is there; a click while it still zooms in is swallowed.
    await answerDialog(ask, /留\s*下/);
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(/\/cms\/news\/new$/);
    await expect(title).toHaveValue('还没写完的通知');

    await draftWritten(page, '还没写完的通知');
    await menuLink.click();
    await answerDialog(ask, /离\s*开/);
    await expect(page).toHaveURL(/\/cms\/video$/);

    // The draft waits for the next visit; 丢弃 removes it.
    await page.goto('/cms/news/new');
    const notice = page.getByRole('status').filter({ hasText: '自动保存的草稿' });
    await notice.getByRole('button', { name: /丢\s*弃/ }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('标题', { exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('approves two submitted items in one go from the list', async ({ page, request }) => {
    allowSteps(12);
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const mark = `批量审核${Date.now() % 100000}`;
    for (const n of ['一', '二']) {
      const { newId } = await api<{ newId: number }>(
        request,
        'cms/news/save',
        { typeId: 2, newsTitle: `${mark}之${n}`, newsContent: '<p>待审核的稿件。</p>' },
        teacher.token,
      );
      await api(request, 'cms/news/submit', { newId }, teacher.token);
    }

    await page.goto(`/cms/news?reviewState=submitted&keyword=${encodeURIComponent(mark)}`);
    const rows = page.getByRole('row', { name: new RegExp(mark) });
    await expect(rows).toHaveCount(2);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: '批量操作' });
    await expect(bar).toContainText('已选 2 条');
    await bar.getByRole('button', { name: '批量审核通过' }).click();
    await answerDialog(page.getByRole('dialog'), /审核通过/);
    await expect(page.getByText('已审核通过 2 条')).toBeVisible();
    // The list reads again: nothing of the two is waiting any more.
    await expect(rows).toHaveCount(0);
  });
});
