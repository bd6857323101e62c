import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { PICK_FILES } from './drive-upload';
import { allowSteps } from './steps';

const panelOf = (page: Page) => page.getByRole('region', { name: '按教学分面筛选' });
const lineOf = (page: Page, facet: string) => panelOf(page).getByRole('group', { name: facet });
/** A value of the panel with its count: its label is `名称，N个资源`. */
const valueIn = (line: Locator, name: string) =>
  line.locator('.ant-tag-checkable').filter({ has: line.page().getByText(name, { exact: true }) });
const countOf = async (value: Locator) => Number(await value.locator('.facet-count').innerText());
const totalOf = async (page: Page) =>
  Number((await page.locator('.drive-total').innerText()).match(/共(\d+)个资源/)![1]);

/**
 * Chooses an option of the select labelled `label` in `scope`. antd's list animates open and a
 * click mid-way can be lost (as in drive.spec.ts), so choose until the select shows it.
 */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  const item = scope
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) });
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await scope.getByLabel(label, { exact: true }).click();
    await list
      .locator('.ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 5000 });
    await expect(item.locator('.ant-select')).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  // Close the list by a click on the dialog's title (Escape would close the dialog).
  if (await list.count()) await scope.locator('.ant-modal-title').click();
  await expect(list).toHaveCount(0);
}

test.describe('teaching facets of the library', () => {
  test.use({ storageState: staffState('teacher') });

  for (const width of [1280, 390]) {
    test(`a teacher filters the library by 学科 and 年级 and sees the counts (${width} px)`, async ({
      page,
    }) => {
      allowSteps(24);
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto('/education');
      await page.getByRole('link', { name: '按学段学科浏览' }).click();
      await expect(panelOf(page)).toBeVisible();

      // The demo's 数学 files are 高中's: choosing 数学 lists exactly as many as its count.
      const math = valueIn(lineOf(page, '学科'), '数学');
      await expect(math).toBeVisible();
      const mathCount = await countOf(math);
      expect(mathCount).toBeGreaterThan(0);
      await math.click();
      await expect(page).toHaveURL(/subjectId=\d+/);
      await expect(math).toHaveClass(/ant-tag-checkable-checked/);
      await expect.poll(() => totalOf(page)).toBe(mathCount);

      // Within 数学, the grades count what each would give; 高一 narrows it to that count.
      const first = valueIn(lineOf(page, '年级'), '高一');
      const firstCount = await countOf(first);
      expect(firstCount).toBeGreaterThan(0);
      expect(firstCount).toBeLessThan(mathCount);
      await first.click();
      await expect(page).toHaveURL(/gradeId=\d+/);
      await expect.poll(() => totalOf(page)).toBe(firstCount);
      await expect(page.locator('.drive-table tbody tr.ant-table-row').first()).toContainText(
        '数学高一',
      );
      // Words and facets together: the keyword narrows within the facets.
      const search = page.getByRole('searchbox', { name: '文件名或关键字搜索' });
      await search.fill('教案');
      await search.press('Enter');
      await expect(page).toHaveURL(/KeywordName=/);
      await expect.poll(() => totalOf(page)).toBeLessThanOrEqual(firstCount);
      await expect(page).toHaveURL(/subjectId=\d+.*gradeId=\d+|gradeId=\d+.*subjectId=\d+/);

      // Nothing scrolls sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: test.info().outputPath(`facets-${width}.png`),
        fullPage: true,
      });

      await page.getByRole('button', { name: '清除分面筛选' }).click();
      await expect(page).not.toHaveURL(/subjectId=/);
    });
  }

  test('a teacher uploads into a library folder with 学段, 年级, 学科 and 章节, finds it by them and edits them', async ({
    page,
    request,
  }) => {
    allowSteps(40);
    const n = Date.now() % 100000;
    const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
    const { fid } = await api<{ fid: number }>(
      request,
      'resources/addFolder',
      { fSuperId: 0, fName: `分面上传${n}`, sType: 0 },
      admin.token,
    );
    const name = `光的反射${n}.txt`;
    const chapter = `第${n}章 光现象`;

    await page.goto(`/filelistPage?fid=${fid}&secondLevel=${fid}`);
    await page.getByRole('button', { name: '文件上传' }).click();
    const dialog = page.getByRole('dialog', { name: '文件上传' });
    await choose(page, dialog, '资源类型', '课件');
    await choose(page, dialog, '学段', '初中');
    await choose(page, dialog, '年级', '八年级');
    await choose(page, dialog, '学科', '物理');
    await dialog.getByRole('combobox', { name: '章节' }).fill(chapter);
    await dialog.locator(PICK_FILES).setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('光的反射定律：反射角等于入射角。'),
    });
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.drive-table')).toContainText(name);

    // The facet search of that folder finds it under 物理 and 八年级, its facets in words.
    await page.getByRole('button', { name: '按分面筛选' }).click();
    await expect(panelOf(page)).toBeVisible();
    const physics = valueIn(lineOf(page, '学科'), '物理');
    await expect(physics).toBeVisible();
    expect(await countOf(physics)).toBe(1);
    await physics.click();
    await expect.poll(() => totalOf(page)).toBe(1);
    const row = page.locator('.drive-table tbody tr.ant-table-row').filter({ hasText: name });
    await expect(row).toContainText(`初中 · 八年级 · 物理 · ${chapter}`);

    // 编辑 in 我的公共资源: another grade; the form shows what the file has.
    await page.goto(`/myPublicwp?KeywordName=${encodeURIComponent(name)}`);
    const mine = page.locator('.drive-table tbody tr.ant-table-row').filter({ hasText: name });
    await mine.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /^编\s*辑$/ }).click();
    const edit = page.getByRole('dialog', { name: '编辑文件' });
    await expect(edit.getByRole('combobox', { name: '章节' })).toHaveValue(chapter);
    await choose(page, edit, '年级', '九年级');
    await edit.getByRole('textbox', { name: '文件描述' }).fill('八年级改为九年级');
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await expect(edit).toBeHidden();
    await page.goto(`/huntFor?type=1&fid=${fid}`);
    await expect(valueIn(lineOf(page, '年级'), '九年级')).toBeVisible();
    await expect(valueIn(lineOf(page, '年级'), '八年级')).toHaveCount(0);
  });
});
