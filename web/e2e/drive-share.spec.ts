import fs from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { CONTEXT_STEPS, allowSteps } from './steps';
import { VISITOR, staffState } from './login';
import { answerPopconfirm } from './popconfirm';
import { uploadText } from './drive-upload';

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/** axe's WCAG 2.1 AA rules: no serious or critical violation, one h1 (as accessibility.spec). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  await expect(page.locator('h1')).toHaveCount(1);
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

test.describe('drive share links (issue 19)', () => {
  test.use({ storageState: staffState('teacher'), viewport: { width: 1366, height: 900 } });

  test('a teacher shares a file with a code; a visitor opens, previews and downloads it on a desktop and a phone; the owner cancels and the link stops', async ({
    page,
    browser,
  }) => {
    allowSteps(54 + 2 * CONTEXT_STEPS);
    const n = Date.now() % 100000;
    const fileName = `分享讲义${n}.txt`;
    const text = `第${n}课 光合作用讲义：二氧化碳和水在光照下生成有机物和氧气。`;

    await page.goto('/mineWp');
    await expect(await uploadText(page, fileName, text)).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(fileName) });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^分\s?享$/ }).click();
    const dialog = page.getByRole('dialog', { name: '分享' });
    await expect(dialog.getByRole('checkbox', { name: '需要提取码' })).toBeChecked();
    await dialog.getByRole('radio', { name: '30天' }).check();
    await dialog.getByRole('button', { name: '创建链接' }).click();
    const linkField = dialog.getByLabel('分享链接');
    await expect(linkField).toHaveValue(/\/judgePage\?resourcesId=\d+&shareCode=[\w-]+$/);
    const link = await linkField.inputValue();
    const code = (await dialog.getByLabel('提取码').innerText()).trim();
    expect(code).toMatch(/^[a-z2-9]{4}$/);
    await page.screenshot({ path: test.info().outputPath('share-dialog-1366.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A desktop with no login: the share page, with 登录后查看.
    const desktop = await browser.newContext({
      storageState: VISITOR,
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const visitor = await desktop.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/s\/[\w-]+\?resourcesId=\d+$/);
    await expect(visitor.getByRole('link', { name: '登录后查看' })).toBeVisible();
    await expect(visitor.getByText('分享者：')).toBeVisible();
    const codeField = visitor.getByLabel('请输入提取码：');
    await codeField.fill(code === 'abcd' ? 'abce' : 'abcd');
    await visitor.getByRole('button', { name: '提取文件' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('提取码错误');
    await codeField.fill(code.toUpperCase());
    await visitor.getByRole('button', { name: '提取文件' }).click();
    await expect(visitor.getByRole('heading', { name: fileName })).toBeVisible();
    await expect(visitor.locator('.drive-preview-text')).toHaveText(text);
    await expect(visitor.getByText(/有效期至 \d{4}-\d\d-\d\d \d\d:\d\d/)).toBeVisible();
    await visitor.screenshot({
      path: test.info().outputPath('share-page-1366.png'),
      fullPage: true,
    });
    await expectAccessible(visitor);
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: /下\s?载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(fs.readFileSync(await download.path()).toString('utf8')).toBe(text);

    // A phone: the server sends it to the share page, laid out for 390 px.
    const phone = await browser.newContext({
      storageState: VISITOR,
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE,
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await expect(mobile).toHaveURL(/\/s\/[\w-]+\?resourcesId=\d+$/);
    await expect(mobile.getByRole('button', { name: '提取文件' })).toBeVisible();
    await mobile.screenshot({ path: test.info().outputPath('share-locked-390.png') });
    await expectAccessible(mobile);
    await mobile.getByLabel('请输入提取码：').fill(code);
    await mobile.getByRole('button', { name: '提取文件' }).click();
    await expect(mobile.getByRole('heading', { name: fileName })).toBeVisible();
    await expect(mobile.locator('.drive-preview-text')).toHaveText(text);
    await expectNoSidewaysScroll(mobile);
    await mobile.screenshot({ path: test.info().outputPath('share-page-390.png'), fullPage: true });

    // The owner sees the share in 我的分享 and cancels it.
    await page.goto('/mineWp?tab=3');
    const line = page.getByRole('row', { name: new RegExp(fileName) });
    await expect(line).toContainText(code);
    await expect(line).toContainText('1 / 不限');
    await expect(line).toContainText('有效');
    await page.screenshot({ path: test.info().outputPath('my-shares-1366.png') });
    await line.getByRole('button', { name: '取消分享' }).click();
    await answerPopconfirm(page, /确\s*定/);
    // The row's state, not the 已取消分享 toast: a toast lasts 3 s, and on a loaded machine the
    // check can come after it has gone.
    await expect(line).toContainText('已取消');
    await expect(line.getByRole('button', { name: '取消分享' })).toHaveCount(0);

    // The link stops working at once, on both.
    await visitor.goto(link);
    await expect(visitor.getByText('该分享已被取消')).toBeVisible();
    await expect(visitor.getByRole('heading', { name: fileName })).toHaveCount(0);
    await mobile.reload();
    await expect(mobile.getByText('该分享已被取消')).toBeVisible();
    await desktop.close();
    await phone.close();
  });

  test('a teacher shares a folder; a visitor with no login browses it, previews, downloads one file and the whole, on a desktop and a phone; a cancelled link says what to do', async ({
    page,
    browser,
  }) => {
    allowSteps(70 + 2 * CONTEXT_STEPS);
    const n = Date.now() % 100000;
    const folderName = `家长资料${n}`;
    const subName = `第一单元${n}`;
    const topFile = `致家长的信${n}.txt`;
    const subFile = `复习提纲${n}.txt`;
    const letter = `第${n}号 致家长的信：本学期期末考试安排如下，请家长督促孩子按时复习，注意作息。`;
    const outline = `第${n}号 复习提纲：第一单元 光合作用与呼吸作用。`;

    // The teacher makes a folder on their disk, with a file and a subfolder with a file.
    const newFolder = async (name: string) => {
      await page.getByRole('button', { name: '新建文件夹' }).click();
      const dialog = page.getByRole('dialog', { name: '新建文件夹' });
      await dialog.getByPlaceholder('请填写新增文件夹名称').fill(name);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    };
    await page.goto('/mineWp');
    await newFolder(folderName);
    await page.getByRole('link', { name: folderName }).click();
    await expect(page.getByText(folderName).first()).toBeVisible();
    await expect(await uploadText(page, topFile, letter)).toBeHidden();
    await newFolder(subName);
    await page.getByRole('link', { name: subName }).click();
    await expect(await uploadText(page, subFile, outline)).toBeHidden();

    // 分享 on the folder's row.
    await page.goto('/mineWp');
    await page.getByRole('button', { name: `分享文件夹 ${folderName}` }).click();
    const dialog = page.getByRole('dialog', { name: '分享' });
    await expect(dialog.getByText(/分享文件夹：/)).toBeVisible();
    await dialog.getByRole('button', { name: '创建链接' }).click();
    const linkField = dialog.getByLabel('分享链接');
    await expect(linkField).toHaveValue(/\/judgePage\?fId=\d+&shareCode=[\w-]+$/);
    const link = await linkField.inputValue();
    const code = (await dialog.getByLabel('提取码').innerText()).trim();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A desktop with no login: the school, who shared it, the code, then the folder.
    const desktop = await browser.newContext({
      storageState: VISITOR,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const visitor = await desktop.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/s\/[\w-]+$/);
    await expect(visitor.getByRole('heading', { level: 1, name: folderName })).toBeVisible();
    await expect(visitor.getByText('教学网盘 · 文件夹分享')).toBeVisible();
    await expect(visitor.getByText(/分享者：\S+/)).toBeVisible();
    await expect(
      visitor.locator('.share-staff').getByRole('link', { name: '登录后查看' }),
    ).toBeVisible();
    await visitor.getByLabel('请输入提取码：').fill(code);
    await visitor.getByRole('button', { name: '打开文件夹' }).click();
    const list = visitor.locator('.share-folder-list');
    await expect(list.getByText(topFile)).toBeVisible();
    await expect(list.getByRole('button', { name: subName })).toBeVisible();
    await expectAccessible(visitor);
    await visitor.screenshot({
      path: test.info().outputPath('share-folder-1280.png'),
      fullPage: true,
    });
    const [zip] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: /下载全部/ }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${folderName}.zip`);
    await list.getByRole('button', { name: subName }).click();
    await expect(list.getByText(subFile)).toBeVisible();
    await expect(visitor.locator('.share-folder-crumbs')).toContainText(subName);
    await list.getByRole('button', { name: `预览 ${subFile}` }).click();
    const preview = visitor.getByRole('dialog', { name: subFile });
    await expect(preview.locator('.drive-preview-text')).toHaveText(outline);
    await visitor.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      list.getByRole('link', { name: `下载 ${subFile}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(subFile);
    expect(fs.readFileSync(await download.path()).toString('utf8')).toBe(outline);
    await visitor.locator('.share-folder-crumbs').getByRole('button', { name: folderName }).click();
    await expect(list.getByText(topFile)).toBeVisible();

    // A phone: the same folder, 390 px wide, its letter readable without sideways scrolling.
    const phone = await browser.newContext({
      storageState: VISITOR,
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE,
      isMobile: true,
      hasTouch: true,
    });
    const mobile = await phone.newPage();
    await mobile.goto(link);
    await mobile.getByLabel('请输入提取码：').fill(code);
    await mobile.getByRole('button', { name: '打开文件夹' }).click();
    const phoneList = mobile.locator('.share-folder-list');
    await expect(phoneList.getByText(topFile)).toBeVisible();
    await expectNoSidewaysScroll(mobile);
    await expectAccessible(mobile);
    await mobile.screenshot({
      path: test.info().outputPath('share-folder-390.png'),
      fullPage: true,
    });
    await phoneList.getByRole('button', { name: `预览 ${topFile}` }).click();
    const phonePreview = mobile.getByRole('dialog', { name: topFile });
    await expect(phonePreview.locator('.drive-preview-text')).toHaveText(letter);
    await expectNoSidewaysScroll(mobile);
    await mobile.screenshot({ path: test.info().outputPath('share-folder-preview-390.png') });

    // The owner cancels it under 我的分享's 文件夹分享; the link then says what to do.
    await page.goto('/mineWp?tab=3');
    const line = page
      .getByRole('region', { name: '文件夹分享' })
      .getByRole('row', { name: new RegExp(folderName) });
    await expect(line).toContainText(code);
    await expect(line).toContainText('有效');
    await line.getByRole('button', { name: '取消分享' }).click();
    await answerPopconfirm(page, /确\s*定/);
    await expect(line).toContainText('已取消');
    await mobile.goto(link);
    await expect(mobile.getByText('该分享已被取消，请联系分享人重新分享')).toBeVisible();
    await expect(mobile.getByRole('link', { name: /返回.*首页/ })).toHaveAttribute('href', '/');
    await expectNoSidewaysScroll(mobile);
    await expectAccessible(mobile);
    await mobile.screenshot({
      path: test.info().outputPath('share-expired-390.png'),
      fullPage: true,
    });
    await desktop.close();
    await phone.close();
  });
});
