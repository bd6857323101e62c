import { expect, test, type Page } from '@playwright/test';
import { api, newsList } from './api';
import { answerPopconfirm } from './popconfirm';
import { staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

const CONCURRENT = '内容刚被他人修改，请刷新后重试';

/** Collects the bodies the page posts to `path`. */
function sentTo(page: Page, path: string) {
  const sent: URLSearchParams[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/${path}`))
      sent.push(new URLSearchParams(request.postData() ?? ''));
  });
  return sent;
}

/** A second tab of the same person, where someone saves first. */
async function secondTab(page: Page, url: string) {
  const other = await page.context().newPage();
  await other.goto(url);
  return other;
}

const SAVE = { name: /^保\s*存$/ };

test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('a news save sends the version it read; after a save in another tab it is refused, the typed text stays, a reload shows the other save', async ({
    page,
    request,
  }) => {
    allowSteps(16 + CONTEXT_STEPS);
    const list = (await newsList(request, 3)).list;
    const item = list[list.length - 1]!;
    const url = `/cms/news/edit?newId=${item.newId}`;
    const sent = sentTo(page, 'cms/news/save');
    await page.goto(url);
    const title = page.getByLabel('标题', { exact: true });
    await expect(title).toHaveValue(item.newsTitle);

    const other = await secondTab(page, url);
    const theirs = `${item.newsTitle}（另一处修改）`;
    await other.getByLabel('标题', { exact: true }).fill(theirs);
    await other.getByRole('button', SAVE).click();
    await expect(other.getByText('已保存', { exact: true })).toBeVisible();
    await other.close();

    await title.fill('我刚改过的标题');
    await page.getByRole('button', SAVE).click();
    const notice = page.getByRole('alert').filter({ hasText: CONCURRENT });
    await expect(notice).toBeVisible();
    expect(sent.map((body) => body.get('newId'))).toEqual([String(item.newId)]);
    expect(sent[0]!.get('version')).toMatch(/^\d+$/);
    // Nothing typed is lost until the person chooses to reload.
    await expect(title).toHaveValue('我刚改过的标题');

    await notice.getByRole('button', { name: '重新加载' }).click();
    await answerPopconfirm(page, /确\s*定/);
    await expect(title).toHaveValue(theirs);
    await expect(notice).toHaveCount(0);
  });

  test('a video saved in another tab first: the save is refused and the typed text stays', async ({
    page,
    request,
  }) => {
    allowSteps(12 + CONTEXT_STEPS);
    const videos = await api<{ list: Array<{ videoId: number; videoTitle: string }> }>(
      request,
      'video/getVideoList',
      { pageSize: 1 },
    );
    const video = videos.list[0]!;
    const url = `/cms/video/edit?videoId=${video.videoId}`;
    await page.goto(url);
    const title = page.getByLabel('标题', { exact: true });
    await expect(title).toHaveValue(video.videoTitle);

    const other = await secondTab(page, url);
    await expect(other.getByLabel('标题', { exact: true })).toHaveValue(video.videoTitle);
    await other.getByRole('button', SAVE).click();
    // A saved video goes back to the list.
    await expect(other.getByRole('heading', { name: '视频管理' })).toBeVisible();
    await other.close();

    await title.fill(`${video.videoTitle}（未保存）`);
    await page.getByRole('button', SAVE).click();
    await expect(page.getByRole('alert').filter({ hasText: CONCURRENT })).toBeVisible();
    await expect(title).toHaveValue(`${video.videoTitle}（未保存）`);
  });

  test('an introduction page is saved through the same path: a save from another tab first keeps the drawer open with the text; after a reload the save stores it', async ({
    page,
  }) => {
    allowSteps(20 + CONTEXT_STEPS);
    const openDrawer = async (tab: Page) => {
      await tab.goto('/cms/wwfz');
      await tab.getByRole('row').nth(1).getByRole('button', { name: '编辑' }).click();
      const drawer = tab.getByRole('dialog', { name: '编辑学校介绍页面' });
      const title = drawer.getByLabel('标题', { exact: true }).or(drawer.getByLabel('名称'));
      await expect(title.first()).not.toHaveValue('');
      return { drawer, title: title.first() };
    };
    const mine = await openDrawer(page);
    const other = await page.context().newPage();
    const theirs = await openDrawer(other);
    await theirs.drawer.getByRole('button', SAVE).click();
    await expect(other.getByText('保存成功')).toBeVisible();
    await other.close();

    const changed = `学校简介（改${Date.now() % 10000}）`;
    await mine.title.fill(changed);
    await mine.drawer.getByRole('button', SAVE).click();
    const notice = mine.drawer.getByRole('alert').filter({ hasText: CONCURRENT });
    await expect(notice).toBeVisible();
    await expect(mine.title).toHaveValue(changed);

    await notice.getByRole('button', { name: '重新加载' }).click();
    await answerPopconfirm(page, /确\s*定/);
    await expect(notice).toHaveCount(0);
    await mine.title.fill(changed);
    await mine.drawer.getByRole('button', SAVE).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(mine.drawer).toBeHidden();
    await expect(page.getByRole('cell', { name: changed, exact: true })).toBeVisible();
  });

  test('a sub-news of a topic is written in the same frame and opens as stored after its save', async ({
    page,
    request,
  }) => {
    allowSteps(10 + CONTEXT_STEPS);
    const topic = (await newsList(request, 4)).list[0]!;
    const title = `专题子新闻${Date.now() % 100000}`;

    await page.goto(`/cms/subject/new?newId=${topic.newId}`);
    await expect(page.getByRole('heading', { name: '新增子新闻' })).toBeVisible();
    await page.getByLabel('标题', { exact: true }).fill(title);
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/subject\/edit\?subjectNewId=\d+$/);
    await expect(page.getByRole('heading', { name: '编辑子新闻' })).toBeVisible();
    await expect(page.getByLabel('标题', { exact: true })).toHaveValue(title);
    await expect(
      page.locator('.cms-subject-list').getByRole('link', { name: title }),
    ).toBeVisible();
  });
});
