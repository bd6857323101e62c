import { expect, test } from '@playwright/test';

test.describe('pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page arrives rendered: chrome, title, description and link-preview tags', async ({
    page,
    request,
  }) => {
    const response = await request.get('/index');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>青禾实验中学</title>');
    expect(html).toMatch(/<meta name="description" content="青禾实验中学创办于1952年/);
    expect(html).toMatch(/<meta property="og:title" content="青禾实验中学"/);
    expect(html).toContain('欢迎访问青禾实验中学');

    await page.goto('/index');
    await expect(page.getByRole('navigation', { name: '主导航' })).toContainText('新闻中心');
    await expect(page.getByRole('link', { name: '青ICP备20260001号-1' })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
    await expect(page.getByText('青公网安备 11000002000001号')).toBeVisible();
    await expect(page.getByText('办公室电话：010-6000 1234')).toBeVisible();
    await expect(page.getByAltText('官方公众号二维码')).toBeVisible();
  });

  test('an unknown path answers 404 with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('您访问的页面不存在')).toBeVisible();
  });

  test('the error pages show only the picture', async ({ page }) => {
    for (const path of ['/error', '/fourError']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('main.error-page img')).toBeVisible();
      await expect(page.locator('main.error-page')).toHaveText('');
    }
  });
});

test('the header search refuses an empty keyword', async ({ page }) => {
  await page.goto('/index');
  await page.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByText('请输入搜索内容')).toBeVisible();
  await expect(page).toHaveURL(/\/index$/);
});

test('the back-to-top button appears past 380 px and brings the page back up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/index');
  await expect(page.getByRole('button', { name: '返回顶部' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByRole('button', { name: '返回顶部' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the smart-platform entry asks an anonymous visitor to log in', async ({ page }) => {
  await page.goto('/index');
  await page.getByRole('link', { name: '智慧平台' }).click();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
});
