import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, nameOf, staffState, teacherBrowser } from './login';
import { PICK_FILES, PICK_FOLDER } from './drive-upload';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

/** The colleague who opens the teacher's upload (a teacher of the demo school). */
const COLLEAGUE_CODE = 't1002';
/** The walk's upload: 100 MiB, large enough to reload the page midway. */
const FILE_BYTES = 100 * 1024 * 1024;

/**
 * Writes a text file of exactly `bytes` bytes to `path`: `firstLine`, then
 * plain ASCII lines (the drive checks a .txt by its first bytes being text).
 */
function writeTextFile(path: string, firstLine: string, bytes: number) {
  const block = Buffer.alloc(1024 * 1024, 'Unit 1 review: classical poetry and prose reading.\n');
  const file = fs.openSync(path, 'w');
  try {
    const head = Buffer.from(`${firstLine}\n`);
    fs.writeSync(file, Buffer.concat([head, block.subarray(head.length)]));
    for (let written = block.length; written < bytes; written += block.length) {
      fs.writeSync(file, block, 0, Math.min(block.length, bytes - written));
    }
  } finally {
    fs.closeSync(file);
  }
}

/**
 * Chooses the upload dialog's 资源类型. antd's option list animates open and a click that lands
 * mid-animation can be lost (as in login.ts), so choose until the select shows it.
 */
async function pickType(page: Page, dialog: Locator, name: string) {
  // 资源类型 is the dialog's first select (a library upload asks for the facets after it).
  const select = dialog.locator('.ant-select').first();
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

  test('a teacher uploads 100 MB into a library folder, reloads midway and goes on; a colleague previews, likes, collects, comments and downloads it; the admin pins and moves it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    // The upload itself is held to ~3 MiB/s for its first part: about 15 steps' worth.
    allowSteps(75 + LOGIN_STEPS + 2 * CONTEXT_STEPS);
    const n = Date.now() % 100000;
    const folderName = `期末复习${n}`;
    const archiveName = `往年资料${n}`;
    const fileName = `复习资料合集${n}.txt`;
    const firstLine = `期末复习资料合集 第${n}版`;
    const filePath = testInfo.outputPath(fileName);
    writeTextFile(filePath, firstLine, FILE_BYTES);

    // The drive admin makes two library folders.
    const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
    const folder = async (fName: string) =>
      (
        await api<{ fid: number }>(
          request,
          'resources/addFolder',
          { fSuperId: 0, fName, sType: 0 },
          admin.token,
        )
      ).fid;
    const fid = await folder(folderName);
    const archiveFid = await folder(archiveName);

    // Every tus call of the teacher's page, in order.
    const tusCalls: Array<{ method: string; offset: number }> = [];
    page.on('request', (call) => {
      if (!call.url().includes('/api/resources/tus')) return;
      tusCalls.push({
        method: call.method(),
        offset: Number(call.headers()['upload-offset'] ?? -1),
      });
    });
    // Chromium's own network throttling holds the upload back so the reload lands midway.
    const cdp = await page.context().newCDPSession(page);
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await cdp.send('Network.enable');

    const openDialog = async () => {
      await page.goto(`/filelistPage?fid=${fid}&secondLevel=${fid}`);
      await expect(page.getByRole('heading', { name: new RegExp(folderName) })).toBeVisible();
      await page.getByRole('button', { name: '文件上传' }).click();
      const dialog = page.getByRole('dialog', { name: '文件上传' });
      await pickType(page, dialog, '教案');
      // Uploads start open to teachers and students and closed to comments (intranet.md §9).
      await expect(dialog.getByRole('radio', { name: '教师和学生' })).toBeChecked();
      await expect(dialog.getByRole('radio', { name: '不可评论' })).toBeChecked();
      await dialog.getByRole('radio', { name: '可以评论' }).check();
      await dialog.locator(PICK_FILES).setInputFiles(filePath);
      return dialog;
    };
    const progressOf = async (dialog: Locator) =>
      Number(await dialog.getByRole('progressbar').getAttribute('aria-valuenow'));

    // The teacher starts the upload; past a fifth of it the page is reloaded.
    await throttle(3 * 1024 * 1024);
    let dialog = await openDialog();
    await expect(dialog.getByText(fileName)).toBeVisible();
    await expect.poll(() => progressOf(dialog)).toBeGreaterThan(20);
    expect(await progressOf(dialog)).toBeLessThan(80);
    await page.reload();
    expect(tusCalls.filter((call) => call.method === 'POST')).toHaveLength(1);

    // Picking the same file again goes on from what the server holds.
    const afterReload = tusCalls.length;
    dialog = await openDialog();
    await expect(dialog.getByText('从上次中断处继续上传')).toBeVisible();
    expect(await progressOf(dialog)).toBeGreaterThan(0);
    await throttle(-1);
    const resumed = tusCalls.slice(afterReload);
    expect(resumed[0]?.method).toBe('HEAD');
    expect(resumed.find((call) => call.method === 'PATCH')?.offset).toBeGreaterThan(0);
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1, { timeout: 60_000 });
    expect(tusCalls.slice(afterReload).filter((call) => call.method === 'POST')).toHaveLength(0);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('上传成功')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toContainText('100 MB');

    // 最新上传 lists it.
    await page.goto('/newUpload');
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toBeVisible();

    // A colleague finds it there and opens it in a new tab.
    const { context: colleagueContext, page: colleague } = await teacherBrowser(
      browser,
      COLLEAGUE_CODE,
    );
    await colleague.goto('/newUpload');
    const [detail] = await Promise.all([
      colleague.waitForEvent('popup'),
      colleague
        .getByRole('row', { name: new RegExp(fileName) })
        .getByRole('link', { name: fileName })
        .click(),
    ]);
    await expect(detail).toHaveURL(/\/folderDetail\?resourcesId=\d+/);
    await expect(detail.getByRole('heading', { name: fileName })).toBeVisible();
    await expect(detail.getByText(firstLine)).toBeVisible();

    // Like once, then 已赞.
    await detail.getByRole('button', { name: '点赞 0' }).click();
    await expect(detail.getByRole('button', { name: '已赞 1' })).toBeDisabled();

    // Favourite toggles.
    await detail.getByRole('button', { name: '收藏' }).click();
    await expect(detail.getByRole('button', { name: '取消收藏' })).toBeVisible();

    // The uploader chose 可以评论 in the dialog.
    await detail.getByLabel('评论内容').fill('资料很全，谢谢分享！');
    await detail.getByRole('button', { name: '发表评论' }).click();
    await expect(detail.getByText('资料很全，谢谢分享！')).toBeVisible();
    await expect(detail.getByText('我的评论')).toBeVisible();

    // The download is named after the resource (antd spaces out a two-character label).
    const [download] = await Promise.all([
      detail.waitForEvent('download'),
      detail.getByRole('button', { name: /^下\s?载$/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    await download.cancel();
    await colleagueContext.close();

    // The admin pins it in the folder, then moves it to the other one.
    const adminContext = await browser.newContext({ storageState: staffState('admin') });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/filelistPage?fid=${fid}&secondLevel=${fid}`);
    const adminRow = adminPage.getByRole('row', { name: new RegExp(fileName) });
    await adminRow.getByRole('checkbox').check();
    await adminPage.getByRole('button', { name: /^置\s?顶$/ }).click();
    await expect(adminPage.getByText('置顶成功')).toBeVisible();
    await expect(adminRow.getByText('顶', { exact: true })).toBeVisible();

    // The pin cleared the choice: choose the file again.
    await expect(adminRow.getByRole('checkbox')).not.toBeChecked();
    await adminRow.getByRole('checkbox').check();
    await expect(adminRow.getByRole('checkbox')).toBeChecked();
    // The toolbar's 移动到 (the selection bar over the list offers it too).
    await adminPage.getByRole('button', { name: '移动到' }).first().click();
    const move = adminPage.getByRole('dialog', { name: '移动到' });
    await move.getByText(new RegExp(`^${archiveName}（`)).click();
    await move.getByRole('button', { name: /移\s*动/ }).click();
    await expect(adminPage.getByText('移动成功')).toBeVisible();
    await expect(adminRow).toHaveCount(0);

    await adminPage.goto(`/filelistPage?fid=${archiveFid}&secondLevel=${archiveFid}`);
    await expect(adminPage.getByRole('heading', { name: new RegExp(archiveName) })).toBeVisible();
    const movedRow = adminPage.getByRole('row', { name: new RegExp(fileName) });
    await expect(movedRow).toBeVisible();
    await expect(movedRow.getByText('顶', { exact: true })).toBeVisible();
    await adminContext.close();
  });
  test('a teacher keeps a file on her own disk: upload, new folder, move into it, share, and finds it under 我的分享', async ({
    page,
  }) => {
    allowSteps(34);
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
    // On 我的网盘 是否公开 would mean nothing: the dialog says who sees the file instead.
    await expect(dialog.getByText('我的网盘中的文件只有自己可以查看')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: '教师和学生' })).toHaveCount(0);
    await pickType(page, dialog, '课件');
    // Bytes that are not what the name says: the server's refusal, in its words.
    await dialog.locator(PICK_FILES).setInputFiles({
      name: `讲义扫描${n}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('这不是 PDF 文件'),
    });
    await expect(page.getByText('上传失败：文件内容与扩展名不符')).toBeVisible();
    await expect(dialog.locator('.ant-upload-list-item')).toHaveCount(0);
    await dialog.locator(PICK_FILES).setInputFiles({
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
      .getByRole('checkbox')
      .check();
    await page
      .getByRole('toolbar', { name: '已选项目的操作' })
      .getByRole('button', { name: '移动到' })
      .click();
    const move = page.getByRole('dialog', { name: '移动到' });
    await expect(move.getByText('点击按钮下拉，点击文字选择文件夹')).toBeVisible();
    await move.getByText(new RegExp(`^${folderName}`)).click();
    await move.getByRole('button', { name: /移\s*动/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(fileName) })).toHaveCount(0);

    await page.getByRole('link', { name: folderName }).click();
    await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText(folderName);
    await page
      .getByRole('row', { name: new RegExp(fileName) })
      .getByRole('checkbox')
      .check();
    await page.getByRole('button', { name: /^分\s?享$/ }).click();
    const share = page.getByRole('dialog', { name: '分享' });
    await share.getByRole('button', { name: '创建链接' }).click();
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

  test('a teacher puts many files and a whole folder on her disk in one 文件上传', async ({
    page,
  }, testInfo) => {
    allowSteps(24);
    const n = Date.now() % 100000;
    const top = `教案${n}`;
    // A folder as the teacher has it on her computer: a unit folder inside, a file at each level.
    const root = testInfo.outputPath('dropped');
    fs.mkdirSync(`${root}/${top}/第一单元`, { recursive: true });
    fs.writeFileSync(`${root}/${top}/教学计划.txt`, '本学期教学计划');
    fs.writeFileSync(`${root}/${top}/第一单元/第1课.txt`, '第1课 教案');

    await page.goto('/mineWp');
    await page.getByRole('button', { name: '文件上传' }).click();
    const dialog = page.getByRole('dialog', { name: '文件上传' });
    await pickType(page, dialog, '教案');
    await dialog.locator(PICK_FILES).setInputFiles(
      [1, 2, 3].map((i) => ({
        name: `练习${n}-${i}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`练习 ${i}`),
      })),
    );
    await dialog.locator(PICK_FOLDER).setInputFiles(`${root}/${top}`);
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(5);
    await expect(dialog.getByText(`放入文件夹：${top}/第一单元`)).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('上传成功，共 5 个文件')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`练习${n}-3`) })).toBeVisible();

    await page.getByRole('link', { name: top }).click();
    await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText(top);
    await expect(page.getByRole('row', { name: /教学计划\.txt/ })).toBeVisible();
    await page.getByRole('link', { name: '第一单元' }).click();
    await expect(page.getByRole('row', { name: /第1课\.txt/ })).toBeVisible();
  });

  test('a teacher finds her library files under 我的公共资源 and reads a PDF page by page in its preview', async ({
    page,
  }) => {
    allowSteps(16);
    await page.goto('/education');
    await page.getByRole('link', { name: '我的公共资源' }).click();
    await expect(page).toHaveURL(/\/myPublicwp$/);
    await expect(page.getByRole('heading', { name: '我的公共资源' })).toBeVisible();
    // Her own files only, each with the folder it is in.
    const own = await nameOf(page);
    const rows = page.locator('.drive-table tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td:nth-child(4)').allTextContents()) {
      expect(cell).toBe(own);
    }
    // The last column names the folder, from the top (数学 / 高一 / 教案), as a link to it.
    const folder = rows.first().locator('td').last().getByRole('link');
    await expect(folder).toHaveAttribute('href', /^\/filelistPage\?fid=\d+$/);
    await expect(folder).toHaveText(/\S/);
    await page.getByPlaceholder('文件名或关键字搜索').fill('.pdf');
    await page.getByPlaceholder('文件名或关键字搜索').press('Enter');
    await expect(page).toHaveURL(/KeywordName=\.pdf/);
    const pdf = rows.filter({ hasText: '.pdf' }).first();
    const href = await pdf.locator('a.drive-name').getAttribute('href');
    expect(href).toMatch(/\/folderDetail\?resourcesId=\d+/);

    await page.goto(href!);
    const viewer = page.getByRole('region', { name: '文件预览' });
    await expect(viewer.getByRole('img', { name: /第 1 页，共 \d+ 页/ })).toBeVisible();
    await expect(viewer.locator('.pdf-indicator')).toHaveText(/^1 \/ \d+$/);
  });
});
