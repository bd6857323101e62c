import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { staffState } from './login';

/** 人员导入 as an administrator on a phone-sized screen: template, dry run, apply, passwords. */
test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin'), viewport: { width: 390, height: 844 } });

  test('downloads the template, previews a sheet, imports it and downloads the passwords once', async ({
    page,
  }, testInfo) => {
    const code = `e2e${Date.now().toString(36)}`;
    await page.goto('/cms/staffImport');
    await expect(page.getByText('第一步：下载模板')).toBeVisible();

    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载模板' }).click();
    expect((await template).suggestedFilename()).toBe('人员导入模板.xlsx');

    const sheet = [
      '账号,姓名,身份,部门,职务,手机,邮箱,学科',
      `${code},测试导入,老师,测试处/测试组,干事,13800138000,,`,
      `${code}b,,校长,,,123,,`,
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({
      name: 'staff.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(sheet, 'utf8'),
    });
    await expect(page.getByText('第三步：预检结果（staff.csv）')).toBeVisible();
    await expect(page.getByText('将新建部门：测试处、测试处/测试组')).toBeVisible();
    await expect(page.getByText('未知的身份「校长」')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('plan.png'), fullPage: true });
    fs.mkdirSync('/tmp/shots-staff-import', { recursive: true });
    await page.screenshot({ path: '/tmp/shots-staff-import/plan-390.png', fullPage: true });

    await expect(page.getByRole('button', { name: '确认导入' })).toBeDisabled();
    await page.getByRole('checkbox', { name: '跳过错误行' }).check();
    await page.getByRole('button', { name: '确认导入' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确认导入' }).click();
    await expect(page.getByText('导入完成')).toBeVisible();
    await expect(page.getByText(/新建 1 人/)).toBeVisible();

    const passwords = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载初始密码' }).click();
    expect((await passwords).suggestedFilename()).toBe('初始密码.xlsx');
    await expect(page.getByRole('button', { name: '下载初始密码' })).toHaveCount(0);
    await expect(page.getByText(/初始密码已下载，不能再次下载/)).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-staff-import/done-390.png', fullPage: true });
  });
});
