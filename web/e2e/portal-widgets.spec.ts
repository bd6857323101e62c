import { expect, test, type Locator } from '@playwright/test';
import { api, newsList } from './api';

/** Index of the slide a carousel shows (antd marks it slick-active). */
const activeSlide = (carousel: Locator) =>
  carousel
    .locator('.slick-slide:not(.slick-cloned)')
    .evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('slick-active')));

/**
 * True once React has hydrated the element (it then carries React's fiber): a server-rendered
 * carousel starts its timers only then, so a clock moved earlier would prove nothing.
 */
const isHydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

test('the home carousel turns every 3 seconds; an article carousel waits for the reader', async ({
  page,
  request,
}) => {
  // The page runs on the test's clock: each carousel is given its seconds at once, so a busy
  // machine neither makes the turn late nor lets a wait end early.
  await page.clock.install();
  await page.goto('/index');
  const home = page.getByRole('region', { name: '校园风采' });
  await expect.poll(() => isHydrated(home)).toBe(true);
  const first = await activeSlide(home);
  await page.clock.runFor(3500);
  await expect.poll(() => activeSlide(home), { timeout: 4500 }).not.toBe(first);

  const withPictures = (await newsList(request, 2)).list.find((n) => n.newcontenttype === 2)!;
  await page.goto(`/newsDetail?newId=${withPictures.newId}&newsNum=2&typeId=2`);
  const article = page.locator('.media-carousel');
  await expect(article.locator('figcaption').first()).toBeAttached();
  await expect.poll(() => isHydrated(article)).toBe(true);
  const shown = await activeSlide(article);
  await page.clock.runFor(3500);
  expect(await activeSlide(article)).toBe(shown);
});

test('a society opens its large picture in a 1040 px dialog', async ({ page, request }) => {
  const societies = await api<Array<{ associationName: string; associationType: number }>>(
    request,
    'news/getSocietyList',
  );
  const society = societies.find((s) => s.associationType === 2)!;
  await page.goto('/media?newsNum=9');
  await page
    .getByRole('navigation', { name: '社团类别' })
    .getByRole('link', { name: '理工科技' })
    .click();
  await page.getByRole('link', { name: society.associationName }).first().click();
  const dialog = page.getByRole('dialog', { name: society.associationName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: society.associationName })).toBeVisible();
  // Measured once its opening animation has ended.
  await expect
    .poll(() => page.locator('.ant-modal').evaluate((m) => m.getBoundingClientRect().width))
    .toBe(1040);
});

test('video categories past the eighth sit under 更多', async ({ page, request }) => {
  const types = await api<Array<{ typeId: number; typeName: string }>>(
    request,
    'video/getVideoTypeList',
    { parentId: 0 },
  );
  expect(types.length).toBeGreaterThan(8);
  await page.goto('/video');
  const tabs = page.getByRole('navigation', { name: '视频分类' });
  await expect(tabs.getByRole('link', { name: types[7]!.typeName })).toBeVisible();
  await expect(tabs.getByRole('link', { name: types[8]!.typeName })).toBeHidden();
  // A hover before the page is interactive opens nothing, and the way from 更多 to the item
  // may leave the menu closing: hover and choose again until the choice is made.
  const more = tabs.getByRole('button', { name: /更多/ });
  const item = page.getByRole('menuitem', { name: types[8]!.typeName });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await more.hover();
    await item.click({ timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`typeId=${types[8]!.typeId}`), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(tabs.getByRole('button', { name: `更多：${types[8]!.typeName}` })).toBeVisible();
});
