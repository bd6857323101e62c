import { expect, test } from '@playwright/test';
import { PICK_FILES } from './drive-upload';
import { staffState } from './login';

// The EICAR test string (every scanner finds it; the e2e clamd's database holds it alone).
const EICAR = ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$', 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(
  '',
);

test('a teacher uploading an infected file to the drive is told it was quarantined; an administrator marks the finding handled', async ({
  browser,
}) => {
  const name = `病毒测试${Date.now()}.txt`;
  const teacher = await browser.newContext({
    storageState: staffState('teacher'),
    viewport: { width: 1366, height: 900 },
  });
  const page = await teacher.newPage();
  await page.goto('/mineWp');
  await page.getByRole('button', { name: '文件上传' }).click();
  const dialog = page.getByRole('dialog', { name: '文件上传' });
  await dialog
    .locator(PICK_FILES)
    .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(EICAR) });
  // The upload is refused as it ends: the teacher is told why, and nothing is listed.
  await expect(page.getByText(/检测到病毒：Eicar-Test-Signature.*，文件已隔离/)).toBeVisible();
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(0);
  await teacher.close();

  // 病毒检测记录: the finding waits for a system administrator, who marks it handled.
  const admin = await browser.newContext({
    storageState: staffState('admin'),
    viewport: { width: 1366, height: 900 },
  });
  const cms = await admin.newPage();
  await cms.goto('/cms/virusFinding');
  await expect(cms.getByRole('heading', { name: '病毒检测记录' })).toBeVisible();
  const row = cms.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Eicar-Test-Signature');
  await expect(row).toContainText('上传时');
  await row.getByRole('button', { name: '标记已处理' }).click();
  await cms
    .getByRole('button', { name: /已\s*处\s*理/ })
    .last()
    .click();
  await expect(cms.getByText(`已将“${name}”标记为已处理`)).toBeVisible();
  // Out of 待处理; under 已处理 with who and when.
  await expect(cms.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await cms.getByText('已处理', { exact: true }).first().click();
  await expect(cms.getByRole('row', { name: new RegExp(name) })).toContainText('已处理');
  await admin.close();
});
