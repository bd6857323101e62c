import { expect, test, type Page } from '@playwright/test';
import { staffState } from './login';
import { uploadText } from './drive-upload';
import { answerPopconfirm } from './popconfirm';
import { allowSteps } from './steps';

const rowsOf = (page: Page) => page.locator('.drive-table tbody tr.ant-table-row');
const rowNamed = (page: Page, name: string) => rowsOf(page).filter({ hasText: name });

/** Checks the rows of these names and moves them to the 回收站 through the footer's 删除. */
async function deleteRows(page: Page, names: string[]) {
  for (const name of names) await rowNamed(page, name).getByRole('checkbox').check();
  await page
    .getByRole('group', { name: '管理' })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: '移入回收站' });
  await expect(confirm).toContainText('30 天内可还原');
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已移入回收站')).toBeVisible();
}

test.describe('回收站 and versions', () => {
  test.use({ storageState: staffState('teacher'), viewport: { width: 1366, height: 900 } });

  test('a teacher deletes files, finds them in 回收站, restores one and purges another', async ({
    page,
  }) => {
    allowSteps(40);
    const n = Date.now() % 100000;
    const names = [`回收甲${n}.txt`, `回收乙${n}.txt`, `回收丙${n}.txt`];
    await page.goto('/mineWp');
    for (const [i, name] of names.entries()) {
      await expect(await uploadText(page, name, `第${i}份讲义`)).toBeHidden();
    }
    await deleteRows(page, names);
    for (const name of names) await expect(rowNamed(page, name)).toHaveCount(0);

    await page.getByRole('tab', { name: '回收站' }).click();
    await expect(page).toHaveURL(/tab=4/);
    const bin = page.locator('.drive-recycle');
    for (const name of names) await expect(rowNamed(page, name)).toContainText('30 天');
    await expect(rowNamed(page, names[0]!)).toContainText('我的网盘');
    await page.screenshot({ path: test.info().outputPath('recycle-1366.png') });

    await bin.getByRole('button', { name: `还原 ${names[0]}` }).click();
    await expect(page.getByText(`已还原：${names[0]}`)).toBeVisible();
    await expect(rowNamed(page, names[0]!)).toHaveCount(0);

    await bin.getByRole('button', { name: `彻底删除 ${names[1]}` }).click();
    await answerPopconfirm(page, '彻底删除', '彻底删除后无法恢复');
    await expect(page.getByText('已彻底删除')).toBeVisible();
    await expect(rowNamed(page, names[1]!)).toHaveCount(0);
    // Searching the bin.
    await bin.getByLabel('回收站搜索').fill(names[2]!);
    await bin.getByLabel('回收站搜索').press('Enter');
    await expect(rowsOf(page)).toHaveCount(1);

    await page.getByRole('tab', { name: '我的网盘' }).click();
    await expect(rowNamed(page, names[0]!)).toHaveCount(1);
  });

  test('uploading a file of the same name asks 保留两者 / 替换; 替换 keeps a version the detail page lists and restores', async ({
    page,
  }) => {
    allowSteps(40);
    const name = `版本讲义${Date.now() % 100000}.txt`;
    await page.goto('/mineWp');
    await expect(await uploadText(page, name, '第一版：静夜思')).toBeHidden();
    await expect(rowNamed(page, name)).toHaveCount(1);

    const dialog = await uploadText(page, name, '第二版：静夜思 床前明月光');
    const ask = page.getByRole('dialog', { name: '存在同名文件' });
    await expect(ask).toContainText(name);
    await page.screenshot({ path: test.info().outputPath('replace-ask-1366.png') });
    await ask.getByRole('button', { name: /替\s*换/ }).click();
    await expect(dialog).toBeHidden();
    // Still one file of that name.
    await expect(rowNamed(page, name)).toHaveCount(1);

    const href = await rowNamed(page, name)
      .locator('a[href*="folderDetail"]')
      .first()
      .getAttribute('href');
    await page.goto(href!);
    const versions = page.locator('.drive-versions');
    await expect(versions).toContainText('历史版本（1）');
    await expect(versions).toContainText('上传于');
    await page.screenshot({ path: test.info().outputPath('versions-1366.png'), fullPage: true });
    await versions.getByRole('button', { name: /还原版本/ }).click();
    await answerPopconfirm(page, /还\s*原/);
    await expect(page.getByText('已还原该版本')).toBeVisible();
    // The content replaced is now the version.
    await expect(versions).toContainText('历史版本（1）');
    const current = await page.request.get(
      href!.replace(/.*resourcesId=(\d+).*/, '/api/resources/file/$1'),
    );
    expect(await current.text()).toBe('第一版：静夜思');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the 回收站 shows name, days left and its actions without sideways scroll', async ({
      page,
    }) => {
      allowSteps(20);
      const name = `手机回收${Date.now() % 100000}.txt`;
      await page.goto('/mineWp');
      await expect(await uploadText(page, name, '手机上删除')).toBeHidden();
      await deleteRows(page, [name]);
      await page.goto('/mineWp?tab=4');
      const table = page.locator('.drive-recycle .ant-table-wrapper');
      await expect(rowNamed(page, name)).toBeVisible();
      for (const header of ['名称', '剩余', '操作']) {
        await expect(table.locator('thead th', { hasText: header }).first()).toBeInViewport({
          ratio: 1,
        });
      }
      await page.screenshot({ path: test.info().outputPath('recycle-390.png'), fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBe(0);
    });
  });
});
