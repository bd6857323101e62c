import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { nameOf, staffState, teacherBrowser } from './login';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

/** The colleague the demo teacher writes to (a teacher of the demo school). */
const COLLEAGUE_CODE = 't1001';
const FILE_NAME = '期末复习讲义（合集）.txt';
/** The mail's attachment limit (MAIL_FILE_MAX_BYTES of common/src/limits.ts): 100 MB. */
const MAIL_FILE_MAX_BYTES = 100 * 1024 * 1024;

/** A text file one byte over the mail's attachment limit, made on disk for this run. */
function fileOverTheLimit(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-large-mail-'));
  const file = path.join(dir, FILE_NAME);
  const line = Buffer.from('第一章 函数与导数 复习要点 abcdefghij\n', 'utf8');
  const handle = fs.openSync(file, 'w');
  let written = 0;
  const block = Buffer.concat(Array.from({ length: 16_384 }, () => line));
  while (written < MAIL_FILE_MAX_BYTES + 1) {
    const part = block.subarray(0, Math.min(block.length, MAIL_FILE_MAX_BYTES + 1 - written));
    fs.writeSync(handle, part);
    written += part.length;
  }
  fs.closeSync(handle);
  return file;
}

async function confirmSend(page: Page) {
  await page
    .getByRole('button', { name: '发 送', exact: true })
    .or(page.getByRole('button', { name: '发送', exact: true }))
    .click();
}

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher sends a file over the limit as 超大附件; the colleague opens the mail and downloads it', async ({
    page,
    browser,
  }) => {
    allowSteps(40 + LOGIN_STEPS + CONTEXT_STEPS);
    const subject = `复习讲义${Date.now() % 100000}`;
    const file = fileOverTheLimit();
    try {
      const { context: colleagueContext, page: colleague } = await teacherBrowser(
        browser,
        COLLEAGUE_CODE,
      );
      const colleagueName = await nameOf(colleague);

      await page.goto('/writEmail');
      await page.getByLabel('查找收件人').fill(COLLEAGUE_CODE);
      await expect(
        page.getByLabel('已选收件人').getByRole('button', { name: `移除 ${colleagueName}` }),
      ).toBeVisible();
      await page.getByLabel('主题', { exact: true }).fill(subject);
      await page.getByRole('textbox', { name: '正文' }).fill('讲义较大，请用下面的链接下载。');

      // Over the limit: offered as 超大附件 instead of refused.
      await page.locator('.mail-attachments input[type=file]').setInputFiles(file);
      const offer = page.getByRole('dialog').filter({ hasText: '作为超大附件发送？' });
      await expect(offer).toContainText('超过 100 MB');
      await offer.getByRole('button', { name: '作为超大附件发送' }).click();
      const entry = page
        .getByRole('list', { name: '超大附件' })
        .getByRole('listitem')
        .filter({ hasText: FILE_NAME });
      // Uploaded into my disk (with its progress), then listed with the tag.
      await expect(entry.getByText('超大附件', { exact: true })).toBeVisible({ timeout: 120_000 });
      await expect(entry).toContainText('发送后开始计算有效期');
      await expect(page.getByText('已存入我的网盘的“超大附件”文件夹')).toBeVisible();
      await confirmSend(page);
      await expect(page.getByText('发送成功')).toBeVisible();

      // The colleague opens the mail and downloads the file through its link.
      await colleague.goto('/writEmail?view=inbox');
      const row = colleague.getByRole('row', { name: new RegExp(subject) });
      await expect(row).toBeVisible();
      await row.getByText(subject).click();
      await expect(colleague.getByRole('heading', { name: subject })).toBeVisible();
      const large = colleague.getByRole('region', { name: '超大附件' });
      await expect(large).toContainText('超大附件（1）');
      await expect(large).toContainText('有效期至');
      const [download] = await Promise.all([
        colleague.waitForEvent('download'),
        large.getByRole('link', { name: FILE_NAME }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(FILE_NAME);
      const saved = await download.path();
      expect(fs.statSync(saved).size).toBe(MAIL_FILE_MAX_BYTES + 1);
      await colleagueContext.close();
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
