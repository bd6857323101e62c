import { expect, test } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';

const STRONG = 'Handover@2026';

/** 离职交接 as the administrator: choose the receiver, confirm, read the report, open the archive. */
test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('hands a leaver’s disk and share links to a colleague, reads the report, and opens the leaver’s mail archive', async ({
    page,
    request,
  }) => {
    allowSteps(30);
    const stamp = Date.now().toString(36);
    const admin = await loginToken(request, 'admin', DEMO_PASSWORD, 5);
    const person = async (name: string) => {
      const staffCode = `${name === '离职' ? 'lz' : 'js'}${stamp}`;
      await api(
        request,
        'cms/staff/save',
        { staffCode, staffName: `${name}${stamp}`, staffType: 2, staffPass: STRONG },
        admin.token,
      );
      return {
        code: staffCode,
        name: `${name}${stamp}`,
        ...(await loginToken(request, staffCode, STRONG, 2)),
      };
    };
    const leaver = await person('离职');
    const receiver = await person('接收');
    await api(request, 'resources/addFolder', { fName: '三年教案', sType: 1 }, leaver.token);
    await api(
      request,
      'email/sendEmail',
      {
        idRoleReceiveArr: String(receiver.staffId),
        inmailTitle: '期末复习安排',
        inmailContent: '<p>复习提纲请按单元整理。</p>',
      },
      leaver.token,
    );

    await page.goto(`/cms/staff?keyword=${leaver.code}`);
    const row = page.getByRole('row', { name: new RegExp(leaver.name) });
    await row.getByRole('button', { name: '离职交接' }).click();
    const dialog = page.getByRole('dialog', { name: `离职交接：${leaver.name}（${leaver.code}）` });
    await expect(dialog.getByText('交接后不能撤销')).toBeVisible();
    await dialog.getByRole('combobox', { name: '接收人' }).fill(receiver.code);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: receiver.name })
      .click();
    await dialog.getByLabel('全部失效').check();
    await dialog.getByRole('button', { name: '确认交接' }).click();

    const report = dialog.getByLabel('交接报告');
    await expect(report).toContainText(`${receiver.name}的个人网盘 /交接自${leaver.name}`);
    await expect(report).toContainText('个人网盘文件夹1 项');
    await expect(report).toContainText('三年教案');
    await expect(report).toContainText('分享链接（已失效）0 项');
    await dialog.getByRole('button', { name: /完\s*成/ }).click();

    await expect(row.getByText('已离职')).toBeVisible();
    await expect(row.getByRole('button', { name: '离职交接' })).toHaveCount(0);
    await row.getByRole('button', { name: '邮件归档' }).click();
    const drawer = page.getByRole('dialog', { name: `邮件归档：${leaver.name}` });
    await expect(drawer.getByText('收件箱没有邮件')).toBeVisible();
    await drawer.getByRole('tab', { name: '已发送' }).click();
    await drawer.getByRole('button', { name: '期末复习安排' }).click();
    await expect(drawer.getByLabel('归档邮件')).toContainText('复习提纲请按单元整理。');
    await expect(drawer.getByLabel('归档邮件')).toContainText(receiver.name);

    // The leaver can no longer sign in.
    const refused = await request.post('/api/login/login', {
      form: { staffCode: leaver.code, staffPass: STRONG, staffType: 2, platformType: 0 },
    });
    expect(((await refused.json()) as { status: number }).status).not.toBe(0);
  });
});
