import { expect, test, type Page } from '@playwright/test';
import { api } from './api';
import { DEMO_PASSWORD, nameOf, staffState, teacherBrowser } from './login';
import { answerDialog } from './popconfirm';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

/** The colleague the demo teacher writes to (a teacher of the demo school). */
const COLLEAGUE_CODE = 't1001';
const ATTACHMENT = '期中考试安排表.txt';

/** The chrome's 邮件 link, with the unread count. */
const mailLink = (page: Page) =>
  page.getByRole('navigation', { name: '校内网导航' }).getByRole('link', { name: /^邮件/ });

/** The unread count the chrome's 邮件 link shows (0 without a badge). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await mailLink(page).getAttribute('aria-label')) ?? '';
  return Number(/（(\d+)封未读）/.exec(label)?.[1] ?? 0);
}

/** The unread count as the server has it, asked with the page's own login. */
async function serverUnread(page: Page): Promise<number> {
  const token = await page.evaluate(
    () => (JSON.parse(window.localStorage.getItem('User') ?? '{}') as { token: string }).token,
  );
  return api<number>(page.request, 'email/getUnreadNum', {}, token);
}

/** A chosen recipient's tag (the search box may show the same name while it searches). */
const recipientTag = (page: Page, name: string) =>
  page.getByLabel('已选收件人').getByRole('button', { name: `移除 ${name}` });

/** Picks a recipient by typing the name: the only match is taken at once. */
async function addRecipient(page: Page, name: string) {
  await page.getByLabel('查找收件人').fill(name);
  await expect(recipientTag(page, name)).toBeVisible();
  await expect(page.getByLabel('查找收件人')).toHaveValue('');
}

async function confirmSend(page: Page) {
  // Exactly: 定时发送 is a button too.
  await page
    .getByRole('button', { name: '发 送', exact: true })
    .or(page.getByRole('button', { name: '发送', exact: true }))
    .click();
}

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher mails a colleague with an attachment; the colleague sees it arrive, downloads it and replies; the teacher sees 已读', async ({
    page,
    browser,
  }) => {
    allowSteps(72 + LOGIN_STEPS + CONTEXT_STEPS);
    const subject = `监考安排${Date.now() % 100000}`;

    // The colleague's inbox is open before the mail goes.
    const { context: colleagueContext, page: colleague } = await teacherBrowser(
      browser,
      COLLEAGUE_CODE,
    );
    const colleagueName = await nameOf(colleague);
    await mailLink(colleague).click();
    await expect(colleague).toHaveURL(/\/writEmail\?view=inbox$/);
    await expect(colleague.getByRole('table')).toBeVisible();
    const before = await serverUnread(colleague);
    await expect.poll(() => unreadOf(colleague)).toBe(before);

    await page.goto('/writEmail');
    const teacherName = await nameOf(page);
    // One character is not enough, and the list says so; the account finds the colleague.
    await page.getByLabel('查找收件人').fill(colleagueName.slice(0, 1));
    await expect(page.getByText('请至少输入 2 个字')).toBeVisible();
    await page.getByLabel('查找收件人').fill(COLLEAGUE_CODE);
    await expect(recipientTag(page, colleagueName)).toBeVisible();
    await expect(page.getByLabel('查找收件人')).toHaveValue('');
    await page.getByLabel('主题', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: '正文' }).fill('各位老师：监考安排见附件，请查收。');
    // The text speaks of an attachment and none is added yet: asked plainly, and 取消 stays.
    await confirmSend(page);
    const ask = page
      .getByRole('dialog')
      .filter({ hasText: '正文提到附件，但没有添加附件，仍要发送吗？' });
    await answerDialog(ask, /取\s*消/);
    await expect(page.getByLabel('主题', { exact: true })).toHaveValue(subject);
    await page.locator('.mail-attachments input[type=file]').setInputFiles({
      name: ATTACHMENT,
      mimeType: 'text/plain',
      buffer: Buffer.from('第一场 语文 8:00-10:30\n第二场 数学 14:00-16:00\n'),
    });
    await expect(page.locator('.mail-attachments-hint')).toContainText('1/20');
    await confirmSend(page);
    await expect(page.getByText('发送成功')).toBeVisible();

    // Without reloading: the counter rises and the inbox lists the mail (other
    // walks may mail the same colleague meanwhile, so it rises by at least one).
    await expect
      .poll(() => unreadOf(colleague), { timeout: 8_000 })
      .toBeGreaterThanOrEqual(before + 1);
    const row = colleague.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toBeVisible();
    await row.getByText(subject).click();
    await expect(colleague.getByRole('heading', { name: subject })).toBeVisible();
    await expect.poll(() => unreadOf(colleague)).toBe(before);
    const [download] = await Promise.all([
      colleague.waitForEvent('download'),
      colleague.getByRole('link', { name: ATTACHMENT }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(ATTACHMENT);

    await expect(colleague.getByRole('button', { name: /回复全部/ })).toBeVisible();
    await colleague.getByRole('button', { name: /回\s*复$/ }).click();
    await expect(colleague.getByLabel('主题', { exact: true })).toHaveValue(`回复：${subject}`);
    await expect(recipientTag(colleague, teacherName)).toBeVisible();
    // The original is quoted below, with who sent it, when and to whom.
    const body = colleague.getByRole('textbox', { name: '正文' });
    await expect(body).toContainText('原始邮件');
    await expect(body).toContainText(`发件人：${teacherName}`);
    await expect(body).toContainText(`收件人：${colleagueName}`);
    await expect(body).toContainText(`主题：${subject}`);
    await expect(body.locator('blockquote')).toContainText('各位老师：监考安排见附件，请查收。');
    // The reply is typed above the quote.
    await body.click();
    await colleague.keyboard.press('Control+Home');
    await colleague.keyboard.type('收到，谢谢！');
    await expect(body.locator('p').first()).toHaveText('收到，谢谢！');
    await confirmSend(colleague);
    // Only the quoted original speaks of an attachment: the reply goes without the hint.
    await expect(colleague.getByText('发送成功')).toBeVisible();
    await expect(colleague.getByText('正文提到附件')).toHaveCount(0);
    await colleagueContext.close();

    // The sender sees who has read it.
    await page.getByRole('menuitem', { name: /发件箱/ }).click();
    await page
      .getByRole('row', { name: new RegExp(subject) })
      .getByText(subject)
      .click();
    const receipts = page.getByRole('region', { name: '阅读状态' });
    await expect(receipts.getByRole('row', { name: new RegExp(colleagueName) })).toContainText(
      '已读',
    );
    // And the reply is in the teacher's inbox.
    await page.getByRole('menuitem', { name: /收件箱/ }).click();
    const reply = page.getByRole('row', { name: new RegExp(`回复：${subject}`) });
    await expect(reply).toBeVisible();
    await reply.getByText(`回复：${subject}`).click();
    await expect(page.locator('.mail-body')).toContainText('收到，谢谢！');
    await expect(page.locator('.mail-body blockquote')).toContainText(
      '各位老师：监考安排见附件，请查收。',
    );
  });

  test('a teacher makes a group of frequent contacts and writes to it', async ({
    page,
    request,
  }) => {
    allowSteps(24);
    const note = `监考组${Date.now() % 100000}`;
    const subject = `分组通知${Date.now() % 100000}`;
    const colleague = await request.post('/api/login/login', {
      form: { staffCode: COLLEAGUE_CODE, staffPass: DEMO_PASSWORD, staffType: 2, platformType: 0 },
    });
    const colleagueName = ((await colleague.json()) as { data: { staffName: string } }).data
      .staffName;

    await page.goto('/writEmail?view=contacts');
    await page.getByRole('button', { name: '新建分组' }).click();
    const dialog = page.getByRole('dialog', { name: '新建分组' });
    await dialog.getByLabel('分组备注').fill(note);
    await dialog.getByLabel('分组成员').fill(colleagueName);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: colleagueName })
      .first()
      .click();
    // The member list stays open for more: a click on the title closes it.
    await dialog.getByText('新建分组', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    const group = page.getByRole('row', { name: new RegExp(note) });
    await expect(group).toContainText(colleagueName);

    await group.getByRole('button', { name: /写\s*信/ }).click();
    await expect(recipientTag(page, colleagueName)).toBeVisible();
    await page.getByLabel('主题', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: '正文' }).fill('本周五下午开会。');
    // No attachment is spoken of: sent without asking.
    await confirmSend(page);
    await expect(page.getByText('发送成功')).toBeVisible();
    await page.getByRole('button', { name: /查看发件箱/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText(colleagueName);
  });

  test('a teacher attaches a file of the teaching drive (从网盘添加); the colleague downloads it', async ({
    page,
    browser,
  }) => {
    allowSteps(24 + LOGIN_STEPS + CONTEXT_STEPS);
    const subject = `网盘附件${Date.now() % 100000}`;
    await page.goto('/writEmail');
    await page.getByRole('button', { name: '从网盘添加' }).click();
    const picker = page.getByRole('dialog', { name: '从网盘添加' });
    // One's own disk first; the library is a click away, searched like the drive.
    await picker.getByText('教学网盘', { exact: true }).click();
    await expect(picker.locator('.ant-segmented-item-selected')).toHaveText('教学网盘');
    const first = picker.locator('.drive-picker-list .ant-checkbox-wrapper').first();
    await expect(first).toBeVisible();
    const fileName = ((await first.textContent()) ?? '').trim();
    expect(fileName).not.toBe('');
    // Ticked by its name: the row read is the row ticked.
    await picker
      .locator('.drive-picker-list .ant-checkbox-wrapper', { hasText: fileName })
      .first()
      .click();
    await picker.getByRole('button', { name: /添加（1）/ }).click();
    await expect(page.getByText('已添加1个附件')).toBeVisible();
    await expect(page.locator('.mail-attachments-hint')).toContainText('1/20');
    await expect(page.locator('.mail-attachments')).toContainText(fileName.replace(/\.\w+$/, ''));

    const { context: colleagueContext, page: colleague } = await teacherBrowser(
      browser,
      COLLEAGUE_CODE,
    );
    await addRecipient(page, await nameOf(colleague));
    await page.getByLabel('主题', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: '正文' }).fill('这份资料请参考。');
    await confirmSend(page);
    await expect(page.getByText('发送成功')).toBeVisible();

    await colleague.goto('/writEmail?view=inbox');
    await colleague
      .getByRole('row', { name: new RegExp(subject) })
      .getByText(subject)
      .click();
    await expect(colleague.getByRole('heading', { name: subject })).toBeVisible();
    const link = colleague.locator('.mail-files a').first();
    const [download] = await Promise.all([colleague.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.\w+$/);
    expect((await download.path()) ?? '').not.toBe('');
    await colleagueContext.close();
  });

  test('what is being written is kept as a draft, and finished from 草稿箱', async ({
    page,
    request,
  }) => {
    allowSteps(20);
    const subject = `草稿${Date.now() % 100000}`;
    const colleague = await request.post('/api/login/login', {
      form: { staffCode: COLLEAGUE_CODE, staffPass: DEMO_PASSWORD, staffType: 2, platformType: 0 },
    });
    const colleagueName = ((await colleague.json()) as { data: { staffName: string } }).data
      .staffName;

    await page.goto('/writEmail');
    await page.getByLabel('主题', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: '正文' }).fill('先写到这里。');
    // Saved on its own a moment after typing stops.
    await expect(page.getByText(/草稿已保存 \d\d:\d\d/)).toBeVisible();
    await page.getByRole('menuitem', { name: /草稿箱/ }).click();
    await page
      .getByRole('row', { name: new RegExp(subject) })
      .getByText(subject)
      .click();
    await expect(page.getByLabel('主题', { exact: true })).toHaveValue(subject);
    await addRecipient(page, colleagueName);
    // No attachment is spoken of: sent without asking.
    await confirmSend(page);
    await expect(page.getByText('发送成功')).toBeVisible();
    // The draft went with the mail.
    await page.getByRole('menuitem', { name: /草稿箱/ }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toHaveCount(0);
  });
});

test.describe('定时发送, in the school’s time zone', () => {
  test.use({ storageState: staffState('teacher'), timezoneId: 'Asia/Shanghai' });

  test('a teacher schedules a mail: it waits under 待发送, opens with its time, and goes back to the draft box when cancelled', async ({
    page,
    request,
  }) => {
    allowSteps(30);
    const subject = `定时通知${Date.now() % 100000}`;
    const colleague = await request.post('/api/login/login', {
      form: { staffCode: COLLEAGUE_CODE, staffPass: DEMO_PASSWORD, staffType: 2, platformType: 0 },
    });
    const colleagueName = ((await colleague.json()) as { data: { staffName: string } }).data
      .staffName;
    // Tomorrow at 08:30, Beijing time.
    const day = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    const when = `${day} 08:30`;

    await page.goto('/writEmail');
    await addRecipient(page, colleagueName);
    await page.getByLabel('主题', { exact: true }).fill(subject);
    await page.getByRole('textbox', { name: '正文' }).fill('下周一的升旗仪式改在操场举行。');
    await page.getByRole('button', { name: '定时发送' }).click();
    const dialog = page.getByRole('dialog', { name: '定时发送' });
    const picker = dialog.getByLabel('发送时间');
    await picker.fill(when);
    await picker.press('Enter');
    await expect(picker).toHaveValue(when);
    await dialog.getByRole('button', { name: '定时发送' }).click();
    await expect(page.getByText(`已定时，将于 ${when} 发送`)).toBeVisible();
    await expect(page).toHaveURL(/view=scheduled/);

    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toContainText(colleagueName);
    await expect(row).toContainText(`${when}:00`);
    await row.getByText(subject).click();
    await expect(page.getByText(`这封邮件将于 ${when} 定时发送`)).toBeVisible();
    await expect(page.getByLabel('主题', { exact: true })).toHaveValue(subject);
    await page.getByRole('button', { name: '取消定时' }).click();
    await expect(page.getByText('已取消定时发送，邮件已存入草稿箱')).toBeVisible();

    await page.getByRole('menuitem', { name: /待发送/ }).click();
    await expect(page).toHaveURL(/view=scheduled/);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toHaveCount(0);
    await page.getByRole('menuitem', { name: /草稿箱/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  });
});
