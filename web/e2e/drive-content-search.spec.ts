import { expect, test } from '@playwright/test';
import { staffState } from './login';
import { uploadText } from './drive-upload';
import { allowSteps } from './steps';

test.describe('drive search inside documents', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher finds her notes by a word in them, with the words around it marked, in 我的网盘 and in the site search', async ({
    page,
  }) => {
    allowSteps(20);
    const mark = String(Date.now() % 100000);
    const name = `听课笔记${mark}.txt`;
    // A word the file's name does not hold: only its text can find it.
    const word = '浮力实验';
    await page.goto('/mineWp');
    await expect(
      await uploadText(
        page,
        name,
        `第${mark}次听课记录\n课题：阿基米德原理。学生分组完成浮力实验，记录弹簧测力计的示数。`,
      ),
    ).toBeHidden();

    const search = page.getByPlaceholder('文件名或关键字搜索');
    const row = page.locator('.drive-table tbody tr.ant-table-row', { hasText: name });
    // The text is read in the background: search again until the file is found by it.
    await expect(async () => {
      await search.fill(word);
      await search.press('Enter');
      await expect(row).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    const hit = row.locator('.content-hit');
    await expect(hit).toContainText('学生分组完成浮力实验，记录弹簧测力计的示数');
    await expect(hit.locator('mark')).toHaveText(word);
    await expect(hit.locator('.content-hit-place')).toHaveText('正文');

    // The intranet's site search, 查资料: the same file with its words.
    await page.goto(`/sechresPage?type=6&str=${encodeURIComponent(word)}`);
    await expect(page.getByRole('tab', { name: '查资料', selected: true })).toBeVisible();
    const found = page.locator('.search-results .ant-list-item', { hasText: name });
    await expect(found).toBeVisible();
    await expect(found.locator('.content-hit mark')).toHaveText(word);
    await expect(found.getByRole('link', { name })).toHaveAttribute(
      'href',
      /\/folderDetail\?resourcesId=\d+/,
    );
  });
});
