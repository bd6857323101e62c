import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { staffState } from './login';
import { uploadText } from './drive-upload';
import { allowSteps } from './steps';

/**
 * The names of a zip's entries, read from its central directory (the zip
 * marks them UTF-8), so the test needs no unzip library.
 */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'a zip has an end-of-central-directory record').toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

async function entriesOf(download: Download) {
  const path = await download.path();
  return zipEntries(fs.readFileSync(path));
}

const rowsOf = (page: Page) => page.locator('.drive-table tbody tr.ant-table-row');
const folderRows = (page: Page) => rowsOf(page).filter({ has: page.locator('.drive-icon-folder') });
const fileRows = (page: Page) =>
  rowsOf(page).filter({ hasNot: page.locator('.drive-icon-folder') });
const nameIn = async (row: Locator) => (await row.locator('.drive-name-text').innerText()).trim();

test.describe('drive selection', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher checks two files and a folder of her disk and downloads them as one zip; a folder row downloads its folder', async ({
    page,
  }) => {
    allowSteps(34);
    await page.goto('/mineWp');
    // The demo gives every teacher's disk a folder with files, and a file beside it; one more.
    await expect(folderRows(page).first()).toBeVisible();
    const mine = `选择下载${Date.now() % 100000}.txt`;
    await expect(await uploadText(page, mine, '第二份讲义')).toBeHidden();
    // Other walks keep files on this disk too, some only while they run: the two files are
    // this upload and the demo's file, each found by its name, never by its place.
    const demoFiles = fileRows(page).filter({ hasNotText: /E2E\d+|练习\d+|讲义|选择下载/ });
    await expect(demoFiles.first()).toBeVisible();
    const files = [mine, await nameIn(demoFiles.first())];
    const fileRow = (name: string) => fileRows(page).filter({ hasText: name });
    const folderRow = folderRows(page)
      .filter({ hasNotText: /教案\d+|备课\d+/ })
      .first();
    const folder = await nameIn(folderRow);

    await folderRow.getByRole('checkbox').check();
    for (const name of files) await fileRow(name).getByRole('checkbox').check();
    const bar = page.getByRole('toolbar', { name: '已选项目的操作' });
    await expect(bar).toContainText('已选 3 项');
    await page.screenshot({ path: test.info().outputPath('mine-selected-1366.png') });

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      bar.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('网盘文件（3项）.zip');
    const entries = await entriesOf(zip);
    // The folder as a directory at the top, the two files beside it under their names.
    expect(entries).toContain(`${folder}/`);
    for (const file of files) {
      expect(entries.some((entry) => !entry.includes('/') && entry.startsWith(file))).toBe(true);
    }
    expect(entries.filter((entry) => entry.startsWith(`${folder}/`)).length).toBeGreaterThan(1);

    // A download clears the selection, as the spec's actions do; 取消选择 does too.
    await expect(bar).toBeHidden();
    await folderRow.getByRole('checkbox').check();
    await bar.getByRole('button', { name: '取消选择' }).click();
    await expect(bar).toBeHidden();
    await expect(folderRow.getByRole('checkbox')).not.toBeChecked();

    // The folder's own 下载 makes a zip named after it.
    const [folderZip] = await Promise.all([
      page.waitForEvent('download'),
      folderRow.getByRole('button', { name: `下载文件夹 ${folder}` }).click(),
    ]);
    expect(folderZip.suggestedFilename()).toBe(`${folder}.zip`);
    const inside = await entriesOf(folderZip);
    expect(inside[0]).toBe(`${folder}/`);
    expect(inside.every((entry) => entry.startsWith(`${folder}/`))).toBe(true);
    expect(inside.some((entry) => !entry.endsWith('/'))).toBe(true);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    /** The table's key column headers are on screen, and nothing scrolls sideways. */
    async function expectFits(page: Page, table: Locator, headers: string[], shot: string) {
      await expect(table.locator('tbody tr').first()).toBeVisible();
      for (const header of headers) {
        const cell = table.locator('thead th', { hasText: header }).first();
        await expect(cell).toBeInViewport({ ratio: 1 });
      }
      const overflow = await table.evaluate((root) => {
        const box = root.querySelector('.ant-table-content') ?? root;
        return {
          inTable: box.scrollWidth - box.clientWidth,
          inPage: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      await page.screenshot({ path: test.info().outputPath(`${shot}-390.png`), fullPage: true });
      expect(overflow).toEqual({ inTable: 0, inPage: 0 });
    }

    test('the leave list, the inbox, the address book and my disk show their key columns without sideways scroll, the rest in each row’s details', async ({
      page,
    }) => {
      allowSteps(30);
      await page.goto('/leave');
      const leave = page.locator('.ant-table-wrapper').first();
      await expectFits(page, leave, ['请假时间', '状态'], 'leave');

      await page.goto('/writEmail?view=inbox');
      const inbox = page.locator('.mail-list .ant-table-wrapper');
      await expectFits(page, inbox, ['发件人', '主题', '时间'], 'inbox');

      // The address book uses the same helper: 姓名, 电话 and 操作 stay.
      await page.goto('/txlMailist');
      const book = page.locator('.ant-table-wrapper').first();
      await expectFits(page, book, ['姓名', '电话', '操作'], 'address-book');

      await page.goto('/mineWp');
      const disk = page.locator('.drive-table');
      await expectFits(page, disk, ['文件名称', '大小', '更新时间'], 'mine');
      // 下载次数 and 分享次数 are in the row's details.
      const row = fileRows(page).first();
      await row.getByRole('button', { name: '展开行' }).click();
      const details = page.locator('.phone-details').first();
      await expect(details).toContainText('下载次数');
      await expect(details).toContainText('分享次数');
      await page.screenshot({ path: test.info().outputPath('mine-details-390.png') });
    });
  });
});
