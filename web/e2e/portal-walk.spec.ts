import { expect, test, type Page } from '@playwright/test';
import { isHydrated } from './hydration';
import { api, newsList } from './api';
import { staffState } from './login';
import { allowSteps, CONTEXT_STEPS } from './steps';

interface Video {
  videoId: number;
  videoTitle: string;
}

test('a visitor searches, watches a video and turns the pages of a magazine', async ({
  page,
  request,
}) => {
  allowSteps(30 + CONTEXT_STEPS);
  // Search from the header: results with the keyword marked, ten a page.
  await page.goto('/news?newsNum=2');
  await page.getByRole('search').first().getByRole('textbox').fill('运动会');
  await page.getByRole('search').first().getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/\/outnetSech\?newsTitle=%E8%BF%90%E5%8A%A8%E4%BC%9A/);
  await expect(page).toHaveTitle(/搜索：运动会/);
  const marks = page.locator('main mark');
  await expect(marks.first()).toHaveText('运动会');

  // A video found by its title opens its page in a new tab.
  const videos = await api<{ list: Video[] }>(request, 'video/getVideoList', {
    ifShelves: 'A',
    checkStatus: 'A',
    pageSize: 20,
  });
  const video = videos.list.find((v) => v.videoTitle.length >= 6)!;
  const keyword = video.videoTitle.slice(0, 6);
  const box = page.getByRole('search', { name: '重新搜索' });
  await box.getByRole('textbox', { name: '搜索关键字' }).fill(keyword);
  await box.getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(new RegExp(`newsTitle=${encodeURIComponent(keyword)}`));
  const [player] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: video.videoTitle }).first().click(),
  ]);
  await expect(player).toHaveURL(new RegExp(`/videoDetail\\?videoId=${video.videoId}`));
  await expect(player.getByRole('heading', { level: 1 })).toHaveText(video.videoTitle);
  await expect(player.locator('video')).toHaveAttribute('src', /\/api\/files\/\d+/);
  const playable = await player.locator('video').evaluate(
    (v: HTMLVideoElement) =>
      new Promise<boolean>((resolve) => {
        if (v.readyState >= 1) resolve(true);
        v.addEventListener('loadedmetadata', () => resolve(true), { once: true });
        v.addEventListener('error', () => resolve(false), { once: true });
        v.load();
      }),
  );
  expect(playable).toBe(true);

  // Magazines: a series, an issue, the viewer wrapping from the first page to the last.
  await page.goto('/schoolWenji?newsNum=2');
  const issues = page
    .locator('main')
    .getByRole('link')
    .filter({ has: page.locator('img') });
  await expect(issues).toHaveCount(15);
  await issues.first().click();
  await expect(page).toHaveURL(/\/schWenjiDetail\?magazineId=\d+/);
  const viewer = page.getByRole('region', { name: '刊物阅读' });
  const indicator = viewer.locator('.pdf-indicator');
  await expect(indicator).toHaveText(/^1 \/ \d+$/);
  const total = Number((await indicator.textContent())!.split('/')[1]);
  expect(total).toBeGreaterThan(1);
  await viewer.getByRole('button', { name: /下一页/ }).click();
  await expect(indicator).toHaveText(`2 / ${total}`);
  await viewer.getByRole('button', { name: /上一页/ }).click();
  await viewer.getByRole('button', { name: /上一页/ }).click();
  await expect(indicator).toHaveText(`${total} / ${total}`);
  await viewer.getByRole('button', { name: /下一页/ }).click();
  await expect(indicator).toHaveText(`1 / ${total}`);
  // The page is drawn: the canvas comes to hold pixels that are not all white. The indicator
  // changes when the page is asked for; pdf.js draws it a moment later, so this waits for it.
  const drawn = () =>
    viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d')!;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 7) if (data[i]! < 240) return true;
      return false;
    });
  await expect.poll(drawn, { timeout: 10_000 }).toBe(true);
});

/** Keeps the address of every API call the page starts, as it starts it, in window.apiCalls. */
const recordApiCalls = (page: Page) =>
  page.addInitScript(() => {
    const calls: string[] = [];
    const fetch = window.fetch.bind(window);
    Object.assign(window, { apiCalls: calls });
    window.fetch = (input, init) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    };
  });

/** How many play counts the page has asked for so far. */
const countCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { apiCalls: string[] }).apiCalls.filter((url) =>
        url.endsWith('/api/video/view'),
      ).length,
  );

/**
 * Plays the page's video, muted, and pauses it; the page's play handler has run when it returns.
 * The server-rendered player shows before React attaches that handler: it plays once hydrated.
 */
async function play(page: Page) {
  const video = page.locator('video');
  await expect.poll(() => isHydrated(video), { message: 'the player hydrates' }).toBe(true);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    v.pause();
  });
}

/** Plays, and answers what the server made of the page's play count. */
async function playCounted(page: Page): Promise<{ viewCount: number; counted: boolean }> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/video/view'));
  await play(page);
  return ((await (await answer).json()) as { data: { viewCount: number; counted: boolean } }).data;
}

/**
 * A desktop Chrome's name: the headless browser of the tests says HeadlessChrome, which the
 * server takes for a crawler and does not count (isbot), as it should.
 */
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('view and play counts (issue 18)', () => {
  test.use({ userAgent: DESKTOP_CHROME });

  test('an anonymous reader’s view of an article counts once a day, and the page shows it', async ({
    page,
    request,
  }) => {
    allowSteps(10);
    const item = (await newsList(request, 2)).list.at(-2)!;
    const views = async () =>
      (await api<{ viewCount: number }>(request, 'news/getNewsDetails', { newId: item.newId }))
        .viewCount;
    const before = await views();
    const viewed = page.waitForResponse((r) => r.url().endsWith('/api/news/view'));
    await page.goto(`/newsDetail?newId=${item.newId}&newsNum=2&typeId=2`);
    expect(((await (await viewed).json()) as { data: unknown }).data).toEqual({
      viewCount: before + 1,
      counted: true,
    });
    await expect(page.locator('.article-meta')).toContainText(`浏览：${before + 1}`);
    // Again from the same browser: shown, not counted again.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/news/view'));
    await page.reload();
    expect(((await (await again).json()) as { data: { counted: boolean } }).data.counted).toBe(
      false,
    );
    await expect(page.locator('.article-meta')).toContainText(`浏览：${before + 1}`);
    expect(await views()).toBe(before + 1);
  });

  test('a first play counts once per visitor and day, for anonymous visitors too (issue 18)', async ({
    page,
    browser,
    request,
  }) => {
    // Each of its 6 plays first waits for the player to hydrate.
    allowSteps(26 + 6 + 2 * CONTEXT_STEPS);
    const videos = await api<{ list: Array<Video & { viewCount: number }> }>(
      request,
      'video/getVideoList',
      { ifShelves: 'A', checkStatus: 'A', pageSize: 20 },
    );
    const video = videos.list.at(-1)!;
    const views = async () =>
      (
        await api<{ viewCount: number }>(request, 'video/getVideoDetails', {
          videoId: video.videoId,
        })
      ).viewCount;
    const before = await views();
    const address = `/videoDetail?videoId=${video.videoId}&typeId=1`;

    // An anonymous visitor's first play counts, and the page shows the new count.
    await recordApiCalls(page);
    await page.goto(address);
    expect(await playCounted(page)).toEqual({ viewCount: before + 1, counted: true });
    await expect(page.locator('.article-meta')).toContainText(`播放：${before + 1}`);
    // A play's count would be asked for in its play handler: a second play asks nothing.
    await play(page);
    expect(await countCalls(page)).toBe(1);
    // The same browser again (its visitor cookie): not counted twice the same day.
    await page.reload();
    expect(await playCounted(page)).toEqual({ viewCount: before + 1, counted: false });

    // A second visitor counts.
    const stranger = await browser.newContext({ userAgent: DESKTOP_CHROME });
    const second = await stranger.newPage();
    await second.goto(address);
    expect(await playCounted(second)).toEqual({ viewCount: before + 2, counted: true });
    await stranger.close();

    // A logged-in viewer counts once and leaves the footprint.
    const teacher = await browser.newContext({
      storageState: staffState('teacher'),
      userAgent: DESKTOP_CHROME,
    });
    const viewer = await teacher.newPage();
    await recordApiCalls(viewer);
    await viewer.goto(address);
    await expect(viewer.getByRole('button', { name: /【点赞】|【已赞】/ })).toBeVisible();
    expect(await playCounted(viewer)).toEqual({ viewCount: before + 3, counted: true });
    await play(viewer);
    expect(await countCalls(viewer)).toBe(1);
    expect(await views()).toBe(before + 3);
    await teacher.close();
  });
});
