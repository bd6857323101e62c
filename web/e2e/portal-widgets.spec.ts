import { expect, test, type Locator } from '@playwright/test';
import { api, newsList } from './api';
import { allowSteps } from './steps';

/** Index of the slide a carousel shows (lib/page-widgets.ts marks it is-current). */
const currentSlide = (carousel: Locator) =>
  carousel
    .locator('.carousel-slide')
    .evaluateAll((slides) => slides.findIndex((s) => s.classList.contains('is-current')));

test('the home carousel turns every 3 seconds; an article carousel waits for the reader', async ({
  page,
  request,
}) => {
  // The page runs on the test's clock: each carousel is given its seconds at once, so a busy
  // machine neither makes the turn late nor lets a wait end early.
  await page.clock.install();
  await page.goto('/index');
  const home = page.getByRole('region', { name: '校园风采' });
  // Sent without React: its script has started the carousel once the arrows show.
  await expect(home.getByRole('button', { name: '下一张' })).toBeVisible();
  const first = await currentSlide(home);
  await page.clock.runFor(3500);
  await expect.poll(() => currentSlide(home), { timeout: 4500 }).not.toBe(first);

  const withPictures = (await newsList(request, 2)).list.find((n) => n.newcontenttype === 2)!;
  await page.goto(`/newsDetail?newId=${withPictures.newId}&newsNum=2&typeId=2`);
  // Sent without React too: its script has started the carousel once the arrows show.
  const article = page.locator('.media-carousel');
  await expect(article.locator('figcaption').first()).toBeAttached();
  await expect(article.getByRole('button', { name: '下一张' })).toBeVisible();
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  expect(await currentSlide(article)).toBe(0);
  await page.clock.runFor(3500);
  expect(await currentSlide(article)).toBe(0);
  await article.getByRole('button', { name: '下一张' }).click();
  await expect.poll(() => currentSlide(article)).toBe(1);
  await expect(article.getByRole('button', { name: '第 2 张' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

test('without React, a visitor picks a banner by its bar, arrow or key and a news column by its tab', async ({
  page,
}) => {
  allowSteps(22);
  await page.goto('/index');
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
  const home = page.getByRole('region', { name: '校园风采' });
  const slides = home.locator('.carousel-slide');
  // The pointer on the carousel holds it: only the visitor turns it from here.
  await home.getByRole('button', { name: '第 3 张' }).click();
  await expect(slides.nth(2)).toBeVisible();
  await expect(slides.nth(0)).toBeHidden();
  await expect(home.getByRole('button', { name: '第 3 张' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await home.getByRole('button', { name: '上一张' }).click();
  await expect(slides.nth(1)).toBeVisible();
  await expect(slides.nth(2)).toBeHidden();
  // The slides out of sight are out of the tab order too.
  await expect(slides.nth(2)).toHaveAttribute('inert', '');
  await page.keyboard.press('ArrowRight');
  await expect(slides.nth(2)).toBeVisible();
  await home.getByRole('button', { name: '下一张' }).click();
  await expect(slides.nth(3)).toBeVisible();

  const box = page.getByRole('region', { name: '新闻中心' });
  await box.getByRole('tab', { name: '专题新闻' }).click();
  await expect(box.getByRole('tab', { name: '专题新闻' })).toHaveAttribute('aria-selected', 'true');
  await expect(box.getByRole('tabpanel', { name: '专题新闻' })).toBeVisible();
  await expect(box.getByRole('tabpanel', { name: '校园新闻' })).toBeHidden();
  await expect(box.getByRole('link', { name: /更多/ })).toHaveAttribute('href', '/news?newsNum=4');
  await page.keyboard.press('ArrowLeft');
  await expect(box.getByRole('tab', { name: '教育动态' })).toBeFocused();
  await expect(box.getByRole('tabpanel', { name: '教育动态' })).toBeVisible();
  await box.getByRole('link', { name: /更多/ }).click();
  await expect(page).toHaveURL(/\/news\?newsNum=3$/);
});

test.describe('for a reader who asked for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the home carousel stays on its slide until the reader turns it', async ({ page }) => {
    await page.clock.install();
    await page.goto('/index');
    const home = page.getByRole('region', { name: '校园风采' });
    await expect(home.getByRole('button', { name: '下一张' })).toBeVisible();
    await page.clock.runFor(7000);
    expect(await currentSlide(home)).toBe(0);
    await home.getByRole('button', { name: '第 4 张' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => currentSlide(home)).toBe(3);
  });
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
