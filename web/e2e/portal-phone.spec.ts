import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { api, loginToken, newsList } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';

/**
 * The public portal on a phone (issue 18): every public page at 390 px wide without sideways
 * scroll, the 菜单 panel, and a full-page screenshot of each page at 390 and at 1366 in the
 * test's attachments (test-results/, and the HTML report) for a person to look at.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/**
 * A public page: a short name for its screenshots, its address, and what it fills in after it
 * runs (a PDF reader's first page), so the screenshots show it.
 */
type PublicPage = [name: string, path: string, ready?: (page: Page) => Promise<void>];

/**
 * True once the page has its final layout and behaviour: React has hydrated the header, or the
 * page is one a visitor gets without React (web/app/lib/static-page.ts), final as it arrives.
 */
const hydrated = (page: Page) =>
  page
    .locator('.portal-header')
    .evaluate(
      (node) =>
        !('__reactRouterContext' in window) ||
        Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
    );

/** Opens a page and waits until it is interactive and its pictures are in. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect.poll(() => hydrated(page), { message: `${path} hydrates` }).toBe(true);
  await page.waitForLoadState('load');
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * One page at a phone's width: the document is no wider than the window (no sideways scroll)
 * and an article's body reads at 16 px at least; then screenshots at both widths.
 */
async function checkPage(page: Page, testInfo: TestInfo, [name, path, ready]: PublicPage) {
  await page.setViewportSize(PHONE);
  await open(page, path);
  await ready?.(page);
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.document, `${path} is no wider than the phone`).toBeLessThanOrEqual(widths.window);
  const body = page.locator('main .rich-text').first();
  if ((await body.count()) > 0) {
    const size = await body.evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
    expect(size, `${path}: the body's type`).toBeGreaterThanOrEqual(16);
  }
  await shoot(page, testInfo, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await shoot(page, testInfo, `${name}-1366`);
}

async function checkPages(page: Page, testInfo: TestInfo, pages: PublicPage[]) {
  for (const entry of pages) await checkPage(page, testInfo, entry);
}

/** Steps of one page: open it, wait for it, measure, two screenshots. */
const PAGE_STEPS = 6;

const firstOf = async (request: APIRequestContext, typeId: number) =>
  (await newsList(request, typeId)).list[0]!;

const detail = (item: { newId: number }, typeId: number) =>
  `newId=${item.newId}&newsNum=${typeId}&typeId=${typeId}`;

test.describe('the public portal on a phone', () => {
  test('the home page and the news centre', async ({ page, request }, testInfo) => {
    allowSteps(6 + 9 * PAGE_STEPS);
    const items = (await newsList(request, 2)).list;
    const text = items.find((n) => n.newcontenttype === 1)!;
    const pictures = items.find((n) => n.newcontenttype === 2)!;
    const topic = await firstOf(request, 4);
    const subs = await api<{ list: Array<{ subjectNewId: number }> }>(
      request,
      'news/getSubjectNewsList',
      { newId: topic.newId },
    );
    await checkPages(page, testInfo, [
      ['index', '/index'],
      ['news-2', '/news?newsNum=2'],
      ['news-3', '/news?newsNum=3'],
      ['news-4', '/news?newsNum=4'],
      ['news-detail', `/newsDetail?${detail(text, 2)}`],
      ['news-detail-pictures', `/newsDetail?${detail(pictures, 2)}`],
      ['news-special', '/newsSpecial'],
      ['topic', `/newspecialDetail?${detail(topic, 4)}`],
      [
        'topic-sub',
        `/newspecialZxwDetail?newId=${topic.newId}&subjectNewId=${subs.list[0]!.subjectNewId}&typeId=4&pageNum=1`,
      ],
    ]);
  });

  test('campus media and campus columns', async ({ page, request }, testInfo) => {
    allowSteps(3 + 11 * PAGE_STEPS);
    const teacherNews = await firstOf(request, 7);
    const column = await firstOf(request, 15);
    await checkPages(page, testInfo, [
      ['media-6', '/media?newsNum=6'],
      ['media-7', '/media?newsNum=7'],
      ['media-8', '/media?newsNum=8'],
      ['media-9', '/media?newsNum=9'],
      ['media-9-arts', '/media?newsNum=9&associationType=2'],
      ['media-detail', `/mediaDetail?${detail(teacherNews, 7)}`],
      ['campus-15', '/campus?campusNum=15'],
      ['campus-16', '/campus?campusNum=16'],
      ['campus-17', '/campus?campusNum=17'],
      ['campus-21', '/campus?campusNum=21'],
      ['campus-detail', `/campusDetail?newId=${column.newId}&campusNum=15&typeId=15`],
    ]);
  });

  test('pictures, videos and magazines', async ({ page, request }, testInfo) => {
    allowSteps(4 + 10 * PAGE_STEPS);
    const gallery = await firstOf(request, 12);
    const videos = await api<{ list: Array<{ videoId: number }> }>(request, 'video/getVideoList', {
      ifShelves: 'A',
      checkStatus: 'A',
    });
    const magazines = await api<{ list: Array<{ magazineId: number }> }>(
      request,
      'magazine/selMagazineList',
      { typeId: 1 },
    );
    await checkPages(page, testInfo, [
      ['picture', '/picture'],
      ['syly-picture', '/sylyPicture'],
      ['pic-detail', `/picdetail?newId=${gallery.newId}&newTxt=12`],
      ['video', '/video'],
      ['video-detail', `/videoDetail?videoId=${videos.list[0]!.videoId}&typeId=1`],
      ['wenji-1', '/schoolWenji?newsNum=1'],
      ['wenji-2', '/schoolWenji?newsNum=2'],
      ['wenji-3', '/schoolWenji?newsNum=3'],
      [
        'wenji-detail',
        `/schWenjiDetail?magazineId=${magazines.list[0]!.magazineId}`,
        (page) => expect(page.locator('.pdf-indicator')).toHaveText(/^1 \/ \d+$/),
      ],
      ['search', `/outnetSech?newsTitle=${encodeURIComponent('校园')}`],
    ]);
  });

  test('the school introduction (遇见青禾)', async ({ page, request }, testInfo) => {
    allowSteps(4 + 18 * PAGE_STEPS);
    const honours = await api<{ list: Array<{ wwfzId: number }> }>(request, 'wwfz/getWwfzDetails', {
      wwfzType: 5,
      pageSize: 1,
      enableType: 1,
    });
    const teachers = await api<{ list: Array<{ fmsmId: number }> }>(
      request,
      'fmsm/getFmsmDetails',
      { fmsmType: 3, pageSize: 1 },
    );
    const subs = Array.from({ length: 10 }, (_, i): PublicPage => {
      const sub = i + 1;
      return [`meetfuyi-1-${sub}`, `/meetfuyi?newsNum=1${sub > 1 ? `&sub=${sub}` : ''}`];
    });
    await checkPages(page, testInfo, [
      ...subs,
      ['meetfuyi-honour', `/meetfuyi?newsNum=1&sub=4&item=${honours.list[0]!.wwfzId}`],
      ['meetfuyi-2-1', '/meetfuyi?newsNum=2'],
      ['meetfuyi-2-2', '/meetfuyi?newsNum=2&sub=2'],
      ['meetfuyi-teacher', `/meetfuyi?newsNum=2&sub=2&tab=3&item=${teachers.list[0]!.fmsmId}`],
      ['meetfuyi-2-3', '/meetfuyi?newsNum=2&sub=3'],
      ['meetfuyi-2-4', '/meetfuyi?newsNum=2&sub=4'],
      ['meetfuyi-3', '/meetfuyi?newsNum=3'],
    ]);
  });

  test('the 菜单 button opens the navigation; each entry is a touch-sized link', async ({
    page,
  }, testInfo) => {
    allowSteps(20);
    await page.setViewportSize(PHONE);
    await open(page, '/index');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const toggle = page.getByRole('button', { name: '菜单' });
    // Closed, the menu takes no room; the top bar's links keep their words on one line.
    await expect(nav).toBeHidden();
    const lines = await page
      .getByRole('navigation', { name: '快捷链接' })
      .getByRole('link')
      .evaluateAll((links) =>
        links
          .filter((a) => a.getClientRects().length > 0)
          .map((a) => {
            const text = document.createRange();
            text.selectNodeContents(a);
            const tops = [...text.getClientRects()].map((r) => Math.round(r.top));
            return `${a.textContent}: ${new Set(tops).size}`;
          }),
      );
    expect(lines).toEqual(['登录: 1', '返回旧版: 1']);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await shoot(page, testInfo, 'menu-open-390');
    // Every link of the panel is in the page's width and at least 40 px tall.
    const links = nav.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(20);
    const boxes = await links.evaluateAll((all) =>
      all.map((a) => {
        const box = a.getBoundingClientRect();
        return { text: a.textContent, left: box.left, right: box.right, height: box.height };
      }),
    );
    for (const box of boxes) {
      expect(box.left, box.text!).toBeGreaterThanOrEqual(0);
      expect(box.right, box.text!).toBeLessThanOrEqual(PHONE.width);
      expect(box.height, box.text!).toBeGreaterThanOrEqual(40);
    }
    // A sub-page opens from the panel, which closes behind it.
    await nav.getByRole('link', { name: '教育动态' }).click();
    await expect(page).toHaveURL(/\/news\?newsNum=3$/);
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Escape closes it too, and gives the focus back to 菜单.
    await toggle.click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: '首页' }).focus();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();
    // On a desktop the navigation is always there and there is no 菜单.
    await page.setViewportSize(DESKTOP);
    await expect(nav).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test.describe('before JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('菜单 opens the navigation on a phone', async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto('/news?newsNum=2');
      const nav = page.getByRole('navigation', { name: '主导航' });
      await expect(nav).toBeHidden();
      // A link to the panel until the page runs, then a button.
      await page.getByRole('link', { name: '菜单' }).click();
      await expect(nav).toBeVisible();
      await nav.getByRole('link', { name: '校园媒体' }).click();
      await expect(page).toHaveURL(/\/media\?newsNum=6$/);
    });
  });
});

test.describe('two staff pages on a phone', () => {
  test.use({ storageState: staffState('teacher'), viewport: PHONE });

  test('the staff bar shows 智慧服务; a file closed to comments says so and 发表评论 is off', async ({
    page,
    request,
  }) => {
    allowSteps(12);
    const { token } = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const files = await api<{ list: Array<{ resourcesId: number; resourcesIsComment: string }> }>(
      request,
      'resources/getNewUpload',
      { pageSize: 50 },
      token,
    );
    const closed = files.list.find((f) => f.resourcesIsComment === '1')!;
    await page.goto(`/folderDetail?resourcesId=${closed.resourcesId}`);
    // The tabs wrap onto a second row: the last one is on screen, not scrolled away.
    const service = page
      .getByRole('navigation', { name: '校内网导航' })
      .getByRole('link', { name: /智慧服务/ });
    await expect(service).toBeInViewport({ ratio: 1 });
    const box = (await service.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByText('上传者已关闭该文件的评论')).toBeVisible();
    await expect(page.getByRole('button', { name: '发表评论' })).toBeDisabled();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
