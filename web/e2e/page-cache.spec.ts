import { expect, test } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

/**
 * The page cache (issue 20): the home page is kept for anonymous visitors, and an item an
 * administrator puts on the shelf shows on it at once, without waiting for anything.
 */
test('an item an administrator shelves shows at once on the cached home page', async ({
  page,
  browser,
  request,
}) => {
  allowSteps(12 + CONTEXT_STEPS);
  const title = `缓存测试：秋季田径运动会${Date.now() % 100000}`;

  // The anonymous home page, rendered once and then answered from the cache.
  await page.goto('/index');
  const cached = await page.goto('/index');
  expect(cached?.headers().etag).toBeTruthy();
  expect(cached?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('tabpanel', { name: '校园新闻' })).not.toContainText(
    title.slice(0, 10),
  );

  const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
  await api(
    request,
    'cms/news/save',
    { typeId: 2, newsTitle: title, newsDesc: '运动会安排', newsContent: '<p>欢迎参加。</p>' },
    admin.token,
  );
  const adminContext = await browser.newContext({ storageState: staffState('admin') });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/cms/news');
  await adminPage.getByPlaceholder('标题关键字').fill(title);
  await adminPage.getByPlaceholder('标题关键字').press('Enter');
  const row = adminPage.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: '上架' }).click();
  await expect(row.getByText('已上架')).toBeVisible();

  // The visitor's next look shows it: the shelving raised the content version.
  await page.goto('/index');
  await expect(page.getByRole('tabpanel', { name: '校园新闻' })).toContainText(title.slice(0, 10));
  await adminContext.close();
});
