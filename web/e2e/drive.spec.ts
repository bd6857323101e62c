import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('User') ?? '{}') as { token: string }).token,
  );

/**
 * Chooses the upload dialog's 资源类型. antd's option list animates open and a click that lands
 * mid-animation can be lost (as in login.ts), so choose until the select shows it.
 */
async function pickType(page: Page, dialog: Locator, name: string) {
  const select = dialog.locator('.ant-select');
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await dialog.getByLabel('资源类型').click();
    await list.locator('.ant-select-item-option', { hasText: name }).click({ timeout: 5000 });
    await expect(select).toContainText(name, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  if (await list.count()) await dialog.getByText('文件上传', { exact: true }).click();
  await expect(list).toHaveCount(0);
}

test.describe('the teaching drive', () => {
  test.use({
    storageState: staffState('teacher'),
    permissions: ['clipboard-read', 'clipboard-write'],
  });

  test('a teacher uploads into a library folder, finds it under 最新上传, likes, collects, comments and downloads it; the admin pins it', async ({
    page,
    browser,
    request,
  }) => {
    allowSteps(40 + CONTEXT_STEPS);
    const n = Date.now() % 100000;
    const folderName = `期末复习${n}`;
    const fileName = `复习提纲${n}.txt`;

    // The drive admin makes a library folder.
    const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
    const { fid } = await api<{ fid: number }>(
      request,
      'resources/addFolder',
      { fSuperId: 0, fName: folderName, sType: 0 },
      admin.token,
    );

    // The teacher uploads a file into it through the page.
    await page.goto(`/filelistPage?fid=${fid}&secondLevel=${fid}`);
    await expect(page.getByRole('heading', { name: new RegExp(folderName) })).toBeVisible();
    await expect(page.getByRole('button', { name: '新建文件夹' })).toHaveCount(0);
    await page.getByRole('button', { name: '文件上传' }).click();
    const dialog = page.getByRole('dialog', { name: '文件上传' });
    await pickType(page, dialog, '教案');
    await dialog.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('第一单元：古诗词鉴赏\n第二单元：文言文阅读\n'),
    });
    await expect(dialog.getByText(fileName)).toBeVisible();
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('上传成功')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(fileName) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('0.00M');

    // 最新上传 on the drive's home lists it; it opens in a new tab.
    await page.goto('/education');
    const newest = page.locator('.drive-home-list', { hasText: '最新上传' });
    const [detail] = await Promise.all([
      page.waitForEvent('popup'),
      newest.getByRole('link', { name: fileName }).click(),
    ]);
    await expect(detail.getByRole('heading', { name: fileName })).toBeVisible();
    await expect(detail.getByText('第一单元：古诗词鉴赏')).toBeVisible();

    // Like once, then 已赞.
    await detail.getByRole('button', { name: '点赞 0' }).click();
    await expect(detail.getByRole('button', { name: '已赞 1' })).toBeDisabled();

    // Favourite toggles.
    await detail.getByRole('button', { name: '收藏' }).click();
    await expect(detail.getByRole('button', { name: '取消收藏' })).toBeVisible();

    // Uploads start closed to comments (intranet.md §9); the uploader opens them.
    await expect(detail.getByPlaceholder('该文件暂时无法评论')).toBeDisabled();
    const resourcesId = Number(new URL(detail.url()).searchParams.get('resourcesId'));
    await api(
      request,
      'resources/editResource',
      {
        resourcesId,
        resourcesName: fileName,
        resourcesType: '1',
        resourcesFileType: '2',
        resourcesIsOpen: '2',
        resourcesIsComment: '0',
        resourcesDesc: '期末复习提纲',
      },
      await tokenOf(page),
    );
    await detail.reload();
    await detail.getByLabel('评论内容').fill('提纲很实用，谢谢分享！');
    await detail.getByRole('button', { name: '发表评论' }).click();
    await expect(detail.getByText('提纲很实用，谢谢分享！')).toBeVisible();
    await expect(detail.getByText('我的评论')).toBeVisible();

    // The download is named after the resource (antd spaces out a two-character label).
    const [download] = await Promise.all([
      detail.waitForEvent('download'),
      detail.getByRole('button', { name: /^下\s?载$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);

    // The admin pins it in the folder.
    const adminContext = await browser.newContext({ storageState: staffState('admin') });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/filelistPage?fid=${fid}&secondLevel=${fid}`);
    const adminRow = adminPage.getByRole('row', { name: new RegExp(fileName) });
    await adminRow.getByRole('radio').click();
    await adminPage.getByRole('button', { name: /^置\s?顶$/ }).click();
    await expect(adminPage.getByText('置顶成功')).toBeVisible();
    await expect(adminRow.getByText('顶', { exact: true })).toBeVisible();
    await adminContext.close();
  });
  test('a teacher keeps a file on her own disk: upload, new folder, move into it, share, and finds it under 我的分享', async ({
    page,
  }) => {
    allowSteps(30);
    const n = Date.now() % 100000;
    const fileName = `个人讲义${n}.txt`;
    const folderName = `备课${n}`;

    await page.goto('/mineWp');
    await expect(page.getByRole('tab', { name: '我的网盘' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('button', { name: '文件上传' }).click();
    const dialog = page.getByRole('dialog', { name: '文件上传' });
    await expect(dialog.getByText('当前限制一次选择 1 个文件')).toBeVisible();
    await pickType(page, dialog, '课件');
    await dialog.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('第三课 讲义'),
    });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toBeVisible();

    await page.getByRole('button', { name: '新建文件夹' }).click();
    const folderDialog = page.getByRole('dialog', { name: '新建文件夹' });
    await folderDialog.getByPlaceholder('请填写新增文件夹名称').fill(folderName);
    await folderDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(folderName) })).toBeVisible();

    await page
      .getByRole('row', { name: new RegExp(fileName) })
      .getByRole('radio')
      .click();
    await page.getByRole('button', { name: '移动到' }).click();
    const move = page.getByRole('dialog', { name: '移动到' });
    await expect(move.getByText('点击按钮下拉，点击文字选择文件夹')).toBeVisible();
    await move.getByText(new RegExp(`^${folderName}`)).click();
    await move.getByRole('button', { name: /移\s*动/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toHaveCount(0);

    await page.getByRole('link', { name: folderName }).click();
    await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText(folderName);
    await page
      .getByRole('row', { name: new RegExp(fileName) })
      .getByRole('radio')
      .click();
    await page.getByRole('button', { name: /^分\s?享$/ }).click();
    const share = page.getByRole('dialog', { name: '分享' });
    await expect(share.getByLabel('分享链接')).toHaveValue(
      /\/judgePage\?resourcesId=\d+&shareCode=/,
    );
    await share.getByRole('button', { name: /^复\s?制$/ }).click();
    await expect(page.getByText('复制成功')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();

    await page.getByRole('tab', { name: '我的分享' }).click();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toContainText(
      '/judgePage?resourcesId=',
    );
  });
});
