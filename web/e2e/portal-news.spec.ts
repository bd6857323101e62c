import { expect, test } from '@playwright/test';
import { api, loginToken, newsList } from './api';
import { DEMO_PASSWORD, loginThroughModal, staffState } from './login';
import { allowSteps, CONTEXT_STEPS, LOGIN_STEPS } from './steps';

test('a visitor goes from the home page to a news list, its second page and an article', async ({
  page,
  request,
}) => {
  allowSteps(21 + CONTEXT_STEPS);
  const education = await newsList(request, 3, 12);
  await page.goto('/index');
  const box = page.getByRole('region', { name: '新闻中心' });
  await box.getByRole('tab', { name: '教育动态' }).click();
  const panel = box.getByRole('tabpanel', { name: '教育动态' });
  await expect(panel.getByRole('listitem')).toHaveCount(8);
  await expect(panel.locator('.top-badge').first()).toHaveText('顶');
  await box.getByRole('link', { name: /更多/ }).click();

  await expect(page).toHaveURL(/\/news\?newsNum=3$/);
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('教育动态');
  const list = page.locator('.news-list > li');
  await expect(list).toHaveCount(6);
  await page
    .getByRole('navigation', { name: '分页' })
    .getByRole('link', { name: '2', exact: true })
    .click();
  await expect(page).toHaveURL(/pageNum=2/);
  const seventh = education.list[6]!;
  await expect(list.first()).toContainText(seventh.newsTitle.slice(0, 10));

  const [article] = await Promise.all([
    page.waitForEvent('popup'),
    list.first().getByRole('link').click(),
  ]);
  await expect(article).toHaveURL(
    new RegExp(`/newsDetail\\?newId=${seventh.newId}&newsNum=3&typeId=3`),
  );
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(seventh.newsTitle);
  await expect(article).toHaveTitle(`${seventh.newsTitle} - 青禾实验中学`);
  await expect(article.getByText(/^来源：/)).toBeVisible();
  // Anonymous readers see no staff actions.
  await expect(article.getByRole('button', { name: '【点赞】' })).toHaveCount(0);

  // The sidebar switches the article.
  const other = education.list[0]!;
  await article
    .getByRole('complementary')
    .getByRole('link', { name: other.newsTitle.slice(0, 10) })
    .first()
    .click();
  await expect(article).toHaveURL(new RegExp(`newId=${other.newId}`));
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(other.newsTitle);
});

test('campus news filters by school part', async ({ page, request }) => {
  const high = await api<{ total: number }>(request, 'news/getNewsList', {
    typeId: 2,
    schChange: 1,
    pageSize: 6,
  });
  await page.goto('/news?newsNum=2');
  await page.getByRole('group', { name: '学部' }).getByRole('link', { name: '高中部' }).click();
  await expect(page).toHaveURL(/schChange=1/);
  await expect(page.locator('.news-list > li')).toHaveCount(Math.min(6, high.total));
});

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('a teacher likes an article once and cannot delete someone else’s', async ({
    page,
    request,
  }) => {
    allowSteps(15);
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    // Someone else's article the teacher has not liked yet.
    const candidates = (await newsList(request, 2)).list.filter(
      (n) => n.createStaff !== teacher.staffId,
    );
    let item = candidates[0]!;
    for (const candidate of candidates) {
      const check = await request.post('/api/news/selectIfFlower', {
        form: { newId: candidate.newId, typeId: 2 },
        headers: { authorization: `Bearer ${teacher.token}` },
      });
      if (((await check.json()) as { status: number }).status === 0) {
        item = candidate;
        break;
      }
    }
    const before = await api<{ flowerCount: number }>(request, 'news/getNewsDetails', {
      newId: item.newId,
    });

    await page.goto(`/newsDetail?newId=${item.newId}&newsNum=2&typeId=2`);
    const like = page.getByRole('button', { name: /【点赞】/ });
    await expect(like).toContainText(String(before.flowerCount));
    await expect(page.getByRole('button', { name: '【删除】' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '【编辑】' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '【操作日志】' })).toHaveCount(0);
    await like.click();
    const liked = page.getByRole('button', { name: /【已赞】/ });
    await expect(liked).toContainText(String(before.flowerCount + 1));
    await expect(liked).toBeDisabled();

    // The like is kept: a reload opens as already liked.
    await page.reload();
    await expect(page.getByRole('button', { name: /【已赞】/ })).toBeVisible();
  });
});

test.describe('as the administrator', () => {
  test.use({ storageState: staffState('admin') });

  test('an administrator opens footprints and the operation log, then deletes the article', async ({
    page,
    request,
  }) => {
    allowSteps(19 + CONTEXT_STEPS);
    const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const item = (await newsList(request, 16)).list.at(-1)!;
    // A teacher's view leaves a footprint.
    await api(request, 'news/addNewsFootprint', { newId: item.newId }, teacher.token);

    await page.goto(`/campusDetail?newId=${item.newId}&campusNum=16&typeId=16`);
    await page.getByRole('button', { name: '【脚印】' }).click();
    const footprints = page.locator('.article-panel');
    await expect(footprints.getByRole('columnheader', { name: '浏览人' })).toBeVisible();
    await expect(footprints.getByRole('cell', { name: '林晓雯' }).first()).toBeVisible();

    await page.getByRole('button', { name: '【操作日志】' }).click();
    await expect(page.getByRole('columnheader', { name: '浏览人' })).toHaveCount(0);
    await expect(page.locator('.article-panel').getByRole('cell', { name: '新增' })).toBeVisible();

    // 【编辑】 posts the signed hand-off and opens the platform's answer in a new tab.
    const [editor] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: '【编辑】' }).click(),
    ]);
    await expect(editor).toHaveURL(new RegExp(`/cms/news/edit\\?newId=${item.newId}$`));
    await editor.close();

    await page.getByRole('button', { name: '【删除】' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('提示');
    await expect(confirm).toContainText('是否确定删除?');
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL('about:blank');

    const gone = await request.post('/api/news/getNewsDetails', { form: { newId: item.newId } });
    expect(gone.status()).toBe(404);
  });
});

test('an article meant for staff asks an anonymous visitor to log in, then shows', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  allowSteps(17 + LOGIN_STEPS);
  const teacher = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
  const staffView = await api<{
    list: Array<{ newId: number; newsTitle: string; enableType: number }>;
  }>(request, 'news/getNewsList', { typeId: 2, enableType: 2, pageSize: 50 }, teacher.token);
  // One with an attachment, whose file is then for staff only too.
  const staffOnly = staffView.list.filter((n) => n.enableType === 2);
  const details = await Promise.all(
    staffOnly.map((n) =>
      api<{ fileList: Array<{ fileId: number | null; oldfile: number }> }>(
        request,
        'news/getNewsDetails',
        { newId: n.newId },
        teacher.token,
      ),
    ),
  );
  const index = details.findIndex((d) => d.fileList.some((f) => f.fileId && f.oldfile !== 1));
  expect(index).toBeGreaterThanOrEqual(0);
  const item = staffOnly[index]!;
  const response = await page.goto(`/newsDetail?newId=${item.newId}&newsNum=2&typeId=2`);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).not.toContain(item.newsTitle);
  await expect(page.getByText('该内容仅限校内访问，请先登录')).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('button', { name: /登\s*录/ })
    .click();
  await loginThroughModal(page, 'teacher', DEMO_PASSWORD, '老师');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.newsTitle);

  // Its files (an attachment, the picture in its body that only staff-only items show) open
  // for the teacher by a plain link and <img>, through the browser's file cookie; an anonymous
  // request for the same addresses is refused.
  const href = (await page
    .getByRole('region', { name: '附件' })
    .getByRole('link')
    .first()
    .getAttribute('href'))!;
  const picture = page.getByRole('img', { name: '校内资料照片' });
  const src = (await picture.getAttribute('src'))!;
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get(href)).status()).toBe(401);
  expect((await anonymous.get(src)).status()).toBe(401);
  await anonymous.dispose();
  const download = await page.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
});
