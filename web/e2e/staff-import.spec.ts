import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { VISITOR, loginThroughModal, staffState } from './login';

/** The initial password of `code` in a downloaded 初始密码.xlsx (账号, 姓名, 初始密码). */
async function passwordOf(file: string, code: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  let found = '';
  book.worksheets[0]!.eachRow((row) => {
    if (String(row.getCell(1).value) === code) found = String(row.getCell(3).value);
  });
  if (!found) throw new Error(`no password for ${code} in the sheet`);
  return found;
}

/** 人员导入 as an administrator on a phone-sized screen: template, dry run, apply, passwords. */
test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin'), viewport: { width: 390, height: 844 } });

  test('downloads the template, previews a sheet, imports it and downloads the passwords once; the new administrator changes the password first', async ({
    page,
    browser,
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
      `${code}a,测试管理,管理员,测试处,,,,`,
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
    await expect(page.getByText(/新建 2 人/)).toBeVisible();

    const passwords = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载初始密码' }).click();
    const sheetFile = await passwords;
    expect(sheetFile.suggestedFilename()).toBe('初始密码.xlsx');
    const given = await passwordOf(await sheetFile.path(), `${code}a`);
    await expect(page.getByRole('button', { name: '下载初始密码' })).toHaveCount(0);
    await expect(page.getByText(/初始密码已下载，不能再次下载/)).toBeVisible();
    await page.screenshot({ path: '/tmp/shots-staff-import/done-390.png', fullPage: true });

    // The imported administrator's first login: the given password is changed before anything.
    const context = await browser.newContext({
      storageState: VISITOR,
      viewport: { width: 390, height: 844 },
    });
    const first = await context.newPage();
    await first.goto('/index');
    await first.getByRole('link', { name: '登录' }).click();
    await loginThroughModal(first, `${code}a`, given, '管理员');
    const dialog = first.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /取\s*消/ })).toBeHidden();
    await dialog.getByLabel('原密码').fill(given);
    await dialog.getByLabel('新密码', { exact: true }).fill('Admin#Own2026');
    await dialog.getByLabel('确认密码').fill('Admin#Own2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
    await first.goto('/cms');
    await expect(first.getByText('内容管理平台', { exact: false }).first()).toBeVisible();
    await expect(first.getByRole('dialog', { name: '修改密码' })).toHaveCount(0);
    await context.close();
  });
});
