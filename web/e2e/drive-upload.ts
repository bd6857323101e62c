import { expect, type Locator, type Page } from '@playwright/test';

/** The 选择文件 button's input of 文件上传 (the drop zone beside it has its own). */
export const PICK_FILES = '.drive-upload-pick input[type=file]';
/** The drop zone's input: on 我的网盘 and for drive administrators it picks a folder. */
export const PICK_FOLDER = '.drive-upload-drop input[type=file]';

/**
 * Picks a small text file in 文件上传 of my disk and presses 确定, choosing the dialog's 资源类型
 * until the select shows it (antd's list animates open; a click mid-way can be lost). Answers
 * the dialog, still open when the name clashes.
 */
export async function uploadText(page: Page, name: string, text: string): Promise<Locator> {
  await page.getByRole('button', { name: '文件上传' }).click();
  const dialog = page.getByRole('dialog', { name: '文件上传' });
  const list = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await list.count()) === 0) await dialog.getByLabel('资源类型').click();
    await list.locator('.ant-select-item-option', { hasText: '课件' }).click({ timeout: 5000 });
    await expect(dialog.locator('.ant-select')).toContainText('课件', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await dialog.locator(PICK_FILES).setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(text),
  });
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  return dialog;
}
