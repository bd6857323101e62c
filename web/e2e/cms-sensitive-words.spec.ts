import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';

/** Chooses a column in the editor's 栏目 select (antd's list animates open: retried until shown). */
async function chooseColumn(page: Page, name: string) {
  const column = page.locator('.ant-select', { has: page.getByLabel('栏目') });
  await expect(async () => {
    const list = page.locator('.ant-select-dropdown:visible');
    if ((await list.count()) === 0) await page.getByLabel('栏目').click();
    await list
      .locator('.ant-select-item-option', { hasText: name })
      .first()
      .click({ timeout: 5000 });
    await expect(column).toContainText(name, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a sensitive word blocks the submit and is marked in the editor; without it the submit goes through', async ({
    page,
  }) => {
    allowSteps(24);
    const stamp = Date.now() % 100000;
    await page.goto('/cms/news/new');
    await page.getByLabel('标题', { exact: true }).fill(`期末考试安排：代考包过${stamp}`);
    await chooseColumn(page, '校园新闻');
    await page.locator('.cms-rich-content').click();
    await page.keyboard.type('期末考试于下周一开始，有人在群里兜售代考服务。');

    await page.getByRole('button', { name: '提交审核' }).click();
    await expect(page.getByText('内容含敏感词：代考（标题、正文），请修改后再提交')).toBeVisible();
    // Nothing was saved or submitted: still the new item's editor.
    await expect(page).toHaveURL(/\/cms\/news\/new$/);
    const found = page.getByLabel('敏感词检查结果');
    await expect(found.getByRole('listitem')).toHaveText('代考（禁止）：标题 1 处，正文 1 处');
    await expect(found.locator('[data-field="title"] mark')).toHaveText('代考');
    await expect(found.locator('[data-field="content"] mark')).toHaveText('代考');
    await expect(found.locator('[data-field="content"]')).toContainText('兜售代考服务。');

    // Rewritten to warn against it: read in context, the word is no hit.
    await page.getByLabel('标题', { exact: true }).fill(`期末考试安排${stamp}`);
    await page.locator('.cms-rich-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('期末考试于下周一开始，请同学们诚信应考，严禁替考、代考。');
    await page.getByRole('button', { name: '检查敏感词' }).click();
    await expect(page.getByText('未发现敏感词')).toBeVisible();
    await expect(found).toHaveCount(0);
    await page.getByRole('button', { name: '提交审核' }).click();
    await expect(page.getByText('已提交审核，请等待管理员审核')).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/news\/edit\?newId=\d+$/);
  });
});

test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('keeps the word list, and confirms publishing an item that holds a listed word', async ({
    page,
    request,
  }) => {
    allowSteps(34);
    const stamp = Date.now() % 100000;
    const word = `研学旅行${stamp}`;
    const title = `高一${word}报名通知`;
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const { newId } = await api<{ newId: number }>(
      request,
      'cms/news/save',
      { typeId: 2, newsTitle: title, newsContent: '<p>请于周五前报名。</p>' },
      teacher.token,
    );
    await api(request, 'cms/news/submit', { newId }, teacher.token);

    // The word list: the default list, a new word found by a search.
    await page.goto('/cms');
    await page.getByRole('link', { name: '敏感词管理' }).click();
    await expect(page.getByRole('heading', { name: '敏感词管理' })).toBeVisible();
    await expect(page.getByRole('cell', { name: '赌博', exact: true })).toBeVisible();
    await page.getByLabel('新的敏感词').fill(word);
    await page.getByRole('button', { name: '添加敏感词' }).click();
    await expect(page.getByText(`已添加“${word}”`)).toBeVisible();
    await page.getByLabel('查找敏感词').fill(String(stamp));
    await page.getByLabel('查找敏感词').press('Enter');
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('cell', { name: word, exact: true })).toBeVisible();

    // Approving the teacher's item asks first, then publishes.
    await page.goto('/cms/news');
    await page.getByPlaceholder('标题关键字').fill(title);
    await page.getByPlaceholder('标题关键字').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '通过' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`内容含敏感词：${word}（标题），确定发布？`);
    await confirm.getByRole('button', { name: '确定发布' }).click();
    await expect(row.getByText('审核通过')).toBeVisible();

    // Deleted again: it no longer counts.
    await page.goto(`/cms/sensitiveWord?keyword=${stamp}`);
    await page.getByRole('button', { name: `删除${word}` }).click();
    await page.getByRole('button', { name: /^删\s?除$/ }).click();
    await expect(page.getByText(`已删除“${word}”`)).toBeVisible();
    await expect(page.getByText('没有找到该词')).toBeVisible();
    const check = await api<{ hits: unknown[] }>(
      request,
      'cms/sensitiveWord/check',
      { title, content: '' },
      teacher.token,
    );
    expect(check.hits).toEqual([]);
  });
});

/** Chooses an option of the antd select labelled `label` (its list animates open: retried until shown). */
async function chooseOption(page: Page, label: string, option: string) {
  await expect(async () => {
    const list = page.locator('.ant-select-dropdown:visible');
    if ((await list.count()) === 0) await page.getByLabel(label).click();
    await list
      .locator('.ant-select-item-option', { hasText: option })
      .first()
      .click({ timeout: 5000 });
    await expect(page.locator('.ant-select', { has: page.getByLabel(label) })).toContainText(
      option,
      {
        timeout: 2000,
      },
    );
  }).toPass({ timeout: 30_000 });
}

test.describe('as the administrator, levels and allowed phrases', () => {
  test.use({ storageState: staffState('admin') });

  test('a 提醒 word lets the teacher submit and asks the reviewer for a reason; allowed phrases are kept on their tab', async ({
    page,
    request,
  }) => {
    allowSteps(34);
    const stamp = Date.now() % 100000;
    const word = `冬令营${stamp}`;
    const title = `初二${word}通知`;

    // A new word set to 提醒 as it is added.
    await page.goto('/cms/sensitiveWord');
    await page.getByLabel('新的敏感词').fill(word);
    await chooseOption(page, '新词的级别', '提醒');
    await page.getByRole('button', { name: '添加敏感词' }).click();
    await expect(page.getByText(`已添加“${word}”（提醒）`)).toBeVisible();
    await page.getByLabel('查找敏感词').fill(String(stamp));
    await page.getByLabel('查找敏感词').press('Enter');
    await expect(
      page.locator('.ant-select', { has: page.getByLabel(`${word}的级别`) }),
    ).toContainText('提醒');

    // The teacher's submit goes through.
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const { newId } = await api<{ newId: number }>(
      request,
      'cms/news/save',
      { typeId: 2, newsTitle: title, newsContent: '<p>请于周五前报名。</p>' },
      teacher.token,
    );
    await api(request, 'cms/news/submit', { newId }, teacher.token);

    // Approving asks for the reason, then publishes.
    await page.goto('/cms/news');
    await page.getByPlaceholder('标题关键字').fill(title);
    await page.getByPlaceholder('标题关键字').press('Enter');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: '通过' }).click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText(`内容含提醒词：${word}（标题），请填写通过理由`);
    await ask.getByLabel('通过理由').fill('学校组织的活动');
    await ask.getByRole('button', { name: '确定发布' }).click();
    await expect(row.getByText('审核通过')).toBeVisible();

    // Set back to 禁止 on the list.
    await page.goto(`/cms/sensitiveWord?keyword=${stamp}`);
    await chooseOption(page, `${word}的级别`, '禁止');
    await expect(page.getByText(`“${word}”已设为禁止`)).toBeVisible();

    // The allowed phrases: added, found, deleted.
    const phrase = `反诈骗宣传${stamp}`;
    await page.getByRole('tab', { name: '允许短语' }).click();
    await expect(page).toHaveURL(/tab=phrases/);
    await page.getByLabel('新的允许短语').fill(phrase);
    await page.getByRole('button', { name: '添加允许短语' }).click();
    await expect(page.getByText(`已添加“${phrase}”`)).toBeVisible();
    await expect(page.getByRole('cell', { name: phrase, exact: true })).toBeVisible();
    await page.getByRole('button', { name: `删除${phrase}` }).click();
    await page.getByRole('button', { name: /^删\s?除$/ }).click();
    await expect(page.getByText(`已删除“${phrase}”`)).toBeVisible();
    await expect(page.getByRole('cell', { name: phrase, exact: true })).toHaveCount(0);
  });
});
