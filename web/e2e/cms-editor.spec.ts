import { expect, test } from '@playwright/test';
import { api, loginToken, newsList } from './api';
import { DEMO_PASSWORD, VISITOR, staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

/** A small red PNG, as a camera picture would be uploaded. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAbklEQVRYhe2SAQkAURSD1scE195oF2M8/mABVBY/Ti91AidAvaK7EHeXOoEToF7RXYi7S53ACVCv6C7E3aVO4ASoV3QX4u5SJ3AC1Cu6C3F3qRM4AeoV3YW4u9QJnAD1iu5C3F3qBE6AekVfvtAPJNxopgTLLu8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('an administrator edits a public article through 【编辑】 and publishes it; the portal shows the change', async ({
    page,
    request,
  }) => {
    allowSteps(19 + CONTEXT_STEPS);
    const item = (await newsList(request, 3)).list.at(-2)!;
    const title = `${item.newsTitle.slice(0, 12)}（更新${Date.now() % 10000}）`;

    await page.goto(`/newsDetail?newId=${item.newId}&newsNum=3&typeId=3`);
    const [editor] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: '【编辑】' }).click(),
    ]);
    // The one-time link signs the new tab in and lands on this item's editor.
    await expect(editor).toHaveURL(new RegExp(`/cms/news/edit\\?newId=${item.newId}$`));
    const titleField = editor.getByLabel('标题', { exact: true });
    await expect(titleField).toHaveValue(item.newsTitle);
    await titleField.fill(title);

    // A new picture in the body, uploaded from the toolbar.
    await editor.getByLabel('选择正文图片').setInputFiles({
      name: '运动会新照片.png',
      mimeType: 'image/png',
      buffer: PICTURE,
    });
    // One new picture asks for its 图片说明 at once, starting from its file name.
    const describe = editor.getByRole('dialog', { name: '图片说明' });
    await expect(describe.getByLabel('图片说明')).toHaveValue('运动会新照片');
    await describe.getByLabel('图片说明').fill('运动会开幕式上的初一方阵');
    await describe.getByRole('button', { name: /确\s*定/ }).click();
    const picture = editor.locator('.cms-rich-content img[alt="运动会开幕式上的初一方阵"]');
    await expect(picture).toBeVisible();
    const src = await picture.getAttribute('src');
    expect(src).toMatch(/^\/api\/files\/\d+$/);

    await editor.getByRole('button', { name: '保存并发布' }).click();
    await expect(editor.getByText('已发布', { exact: true })).toBeVisible();

    // The public article shows the new title and picture at once.
    await page.goto(`/newsDetail?newId=${item.newId}&newsNum=3&typeId=3`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator(`.article img[src="${src}"]`)).toHaveAttribute(
      'alt',
      '运动会开幕式上的初一方阵',
    );
    // The change is in the item's operation log.
    await page.getByRole('button', { name: '【操作日志】' }).click();
    await expect(
      page.locator('.article-panel').getByRole('cell', { name: '修改' }).first(),
    ).toBeVisible();
  });

  test('【编辑】 on a video opens its editor on the platform through the hand-off', async ({
    page,
    request,
  }) => {
    // The video page, the hand-off in a new tab, then an editor that loads the video's 30 files.
    allowSteps(12 + CONTEXT_STEPS);
    const videos = await api<{
      list: Array<{ videoId: number; videoTitle: string; typeId: number }>;
    }>(request, 'video/getVideoList', { pageSize: 5 });
    const video = videos.list[0]!;
    await page.goto(`/videoDetail?videoId=${video.videoId}&typeId=${video.typeId}`);
    const [editor] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: '【编辑】' }).click(),
    ]);
    await expect(editor).toHaveURL(new RegExp(`/cms/video/edit\\?videoId=${video.videoId}$`));
    await expect(editor.getByLabel('标题', { exact: true })).toHaveValue(video.videoTitle);
  });
});

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher writes a news item with an attachment and submits it; once approved it is on the home page', async ({
    page,
    browser,
  }) => {
    allowSteps(35 + 2 * CONTEXT_STEPS);
    const title = `班级读书分享会${Date.now() % 100000}`;
    await page.goto('/cms/news');
    await page.getByRole('button', { name: '新增新闻' }).click();
    await expect(page).toHaveURL(/\/cms\/news\/new$/);

    await page.getByLabel('标题', { exact: true }).fill(title);
    // antd's option list animates open: choose until the select shows the column.
    const column = page.locator('.ant-select', { has: page.getByLabel('栏目') });
    await expect(async () => {
      const list = page.locator('.ant-select-dropdown:visible');
      if ((await list.count()) === 0) await page.getByLabel('栏目').click();
      await list
        .locator('.ant-select-item-option', { hasText: '校园新闻' })
        .first()
        .click({ timeout: 5000 });
      await expect(column).toContainText('校园新闻', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await page.locator('.cms-rich-content').click();
    await page.keyboard.type('本周五下午，初二年级举行读书分享会，欢迎各位老师参加。');
    await page.getByLabel('上传附件').setInputFiles({
      name: '读书分享会安排.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('时间：周五下午；地点：图书馆报告厅\n'),
    });
    await expect(page.getByRole('link', { name: '读书分享会安排.txt' })).toBeVisible();
    await page.getByRole('button', { name: '提交审核' }).click();
    await expect(page.getByText('已提交审核，请等待管理员审核')).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/news\/edit\?newId=\d+$/);
    await expect(page.getByText('待审核')).toBeVisible();

    // The administrator approves and shelves it from the list.
    const adminContext = await browser.newContext({ storageState: staffState('admin') });
    const admin = await adminContext.newPage();
    await admin.goto('/cms/news');
    await admin.getByPlaceholder('标题关键字').fill(title);
    await admin.getByPlaceholder('标题关键字').press('Enter');
    const row = admin.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '通过' }).click();
    await expect(row.getByText('审核通过')).toBeVisible();
    // Approval publishes (上架时间 立即): no second click on 上架, and the list says so.
    await expect(row.getByText('已上架')).toBeVisible();
    await expect(row.getByRole('button', { name: '上架' })).toHaveCount(0);
    await adminContext.close();

    // A visitor sees it in the home page's campus news, with its attachment.
    const visitor = await browser.newContext({ storageState: VISITOR });
    const home = await visitor.newPage();
    await home.goto('/index');
    const news = home.getByRole('tabpanel', { name: '校园新闻' });
    await expect(news.getByRole('link', { name: title })).toBeVisible();
    const [article] = await Promise.all([
      home.waitForEvent('popup'),
      news.getByRole('link', { name: title }).click(),
    ]);
    await expect(article.getByRole('heading', { name: title })).toBeVisible();
    await expect(article.getByText('读书分享会安排.txt')).toBeVisible();
    await visitor.close();
  });

  test('a teacher previews a draft on its public page; visitors find nothing there', async ({
    page,
    browser,
    request,
  }) => {
    allowSteps(11 + CONTEXT_STEPS);
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const title = `草稿预览${Date.now() % 100000}`;
    const { newId } = await api<{ newId: number }>(
      request,
      'cms/news/save',
      { typeId: 2, newsTitle: title, newsContent: '<p>还在修改的稿件。</p>' },
      teacher.token,
    );
    const address = `/newsDetail?newId=${newId}&newsNum=2&typeId=2`;

    await page.goto(address);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('预览：此内容尚未在门户发布');

    const visitor = await browser.newContext({ storageState: VISITOR });
    const anonymous = await visitor.newPage();
    const response = await anonymous.goto(address);
    expect(response?.status()).toBe(404);
    await expect(anonymous.getByText('内容不存在或已下架')).toBeVisible();
    await expect(anonymous.getByRole('heading', { name: title })).toHaveCount(0);
    await visitor.close();
  });
});

test('a hostile body saved on the platform is shown harmless on the public page', async ({
  page,
  request,
}) => {
  const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
  const title = `安全测试文章${Date.now() % 100000}`;
  const { newId } = await api<{ newId: number }>(
    request,
    'cms/news/save',
    {
      typeId: 3,
      newsTitle: title,
      newsContent: [
        '<p>正常段落</p>',
        '<script>window.__hacked = 1</script>',
        '<img src="/nope.png" onerror="window.__hacked = 2">',
        '<a href="javascript:window.__hacked = 3">点我</a>',
        '<iframe src="https://example.com/"></iframe>',
        '<p style="position:fixed;top:0;left:0;width:100%;height:100%">盖住页面</p>',
        '<svg><script>window.__hacked = 4</script></svg>',
      ].join(''),
    },
    admin.token,
  );
  await api(request, 'cms/news/shelve', { newId }, admin.token);

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/newsDetail?newId=${newId}&newsNum=3&typeId=3`);
  const body = page.locator('.article-body');
  await expect(body).toContainText('正常段落');
  await expect(body.locator('script, iframe, svg, [onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await body.locator('p[style*="fixed"]').count()).toBe(0);
  await body.getByText('点我').click();
  expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test.describe('on a phone, as the administrator', () => {
  test.use({ storageState: staffState('admin'), viewport: { width: 390, height: 844 } });

  test('the platform folds its menu behind a button; a choice opens the page and folds it again', async ({
    page,
  }) => {
    allowSteps(6 + CONTEXT_STEPS);
    await page.goto('/cms/news');
    await expect(page.getByRole('heading', { name: '新闻管理' })).toBeVisible();
    const menuItem = page.getByRole('menuitem', { name: '视频管理' });
    await expect(menuItem).toBeHidden();

    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(menuItem).toBeVisible();
    await menuItem.click();
    await expect(page).toHaveURL(/\/cms\/video$/);
    await expect(page.getByRole('heading', { name: '视频管理' })).toBeVisible();
    await expect(menuItem).toBeHidden();
  });
});

test.describe('on a phone, as a teacher', () => {
  test.use({ storageState: staffState('teacher'), viewport: { width: 390, height: 844 } });

  test('提交审核 without a 栏目 brings 请选择栏目 into view and announces it; the editor never scrolls sideways', async ({
    page,
  }, testInfo) => {
    allowSteps(10);
    await page.goto('/cms/news/new');
    await page.getByLabel('标题', { exact: true }).fill('初二年级读书分享会');
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);

    // The button is far below the 栏目 field: the tap must show why nothing was sent.
    await page.getByRole('button', { name: '提交审核' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '提交审核' }).click();
    // The wrong field is focused (a screen reader reads its label and, by aria-describedby, its
    // error) and its message is on the screen.
    await expect(page.getByRole('combobox', { name: '栏目' })).toBeFocused();
    await expect(page.getByRole('combobox', { name: '栏目' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const error = page.locator('.ant-form-item-explain-error', { hasText: '请选择栏目' });
    await expect(error).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('editor-error-390.png') });
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});
