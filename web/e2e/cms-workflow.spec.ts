import { expect, test } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher submits a news item, an administrator approves and shelves it, and the public sees it', async ({
    page,
    browser,
    request,
  }) => {
    allowSteps(23 + CONTEXT_STEPS);
    const title = `青禾课堂开放周活动安排${Date.now() % 100000}`;
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    await api(
      request,
      'cms/news/save',
      {
        typeId: 2,
        newsTitle: title,
        newsDesc: '开放周安排',
        newsContent: '<p>欢迎家长走进课堂。</p>',
      },
      teacher.token,
    );

    await page.goto('/cms/news');
    const mine = page.getByRole('row', { name: new RegExp(title) });
    await expect(mine.getByText('草稿')).toBeVisible();
    await mine.getByRole('button', { name: '提交审核' }).click();
    await expect(mine.getByText('待审核')).toBeVisible();
    // A teacher neither approves nor pins.
    await expect(mine.getByRole('button', { name: '通过' })).toHaveCount(0);

    const adminContext = await browser.newContext({ storageState: staffState('admin') });
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/cms/news');
    await adminPage.getByPlaceholder('标题关键字').fill(title);
    await adminPage.getByPlaceholder('标题关键字').press('Enter');
    const row = adminPage.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '通过' }).click();
    await expect(row.getByText('审核通过')).toBeVisible();
    // Approval publishes (上架时间 立即): no second click on 上架, and the list says so.
    await expect(row.getByText('已上架')).toBeVisible();
    await expect(row.getByRole('button', { name: '上架' })).toHaveCount(0);

    const list = await api<{ list: Array<{ newsTitle: string }> }>(request, 'news/getNewsList', {
      typeId: 2,
      pageSize: 50,
    });
    expect(list.list.map((n) => n.newsTitle)).toContain(title);
    await page.goto('/index');
    await expect(page.getByRole('tabpanel', { name: '校园新闻' })).toContainText(
      title.slice(0, 10),
    );

    // Versions: the list shows the saves; taking it off the shelf hides it again.
    await row.getByRole('button', { name: '下架' }).click();
    // The list says why the item is not live.
    await expect(row.getByText('未上架：待上架')).toBeVisible();
    const after = await api<{ list: Array<{ newsTitle: string }> }>(request, 'news/getNewsList', {
      typeId: 2,
      pageSize: 50,
    });
    expect(after.list.map((n) => n.newsTitle)).not.toContain(title);
    await adminContext.close();
  });
});

test('the platform asks for a login first', async ({ page }) => {
  await page.goto('/cms/news');
  await expect(page).toHaveURL(/\/index\?redirect=%2Fcms%2Fnews$/);
  await expect(page.getByText('请先登录')).toBeVisible();
});
