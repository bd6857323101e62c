import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, newsList } from './api';
import { staffState, type StaffAccount } from './login';
import { allowSteps } from './steps';

/**
 * Accessibility (issue 18): axe-core's WCAG 2.1 A and AA rules over every public and staff page,
 * failing on any serious or critical violation; every page also has one h1 and a skip link to
 * its main content. One walk per person shares one browser page, so each page loads once; the
 * findings of a whole walk are gathered and reported together, not only the first.
 */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Finding {
  where: string;
  text: string;
}

/**
 * Steps one audited page takes: the navigation, its waits (content, PDF, transitions), axe, the
 * h1 and skip-link checks.
 */
const PAGE_STEPS = 7;

class Walk {
  readonly findings: Finding[] = [];

  constructor(private readonly page: Page) {}

  /** axe over the page as it is now; serious and critical violations become findings. */
  async axe(where: string) {
    const results = await new AxeBuilder({ page: this.page }).withTags(WCAG_21_AA).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        );
      const more = violation.nodes.length > 5 ? [`      … ${violation.nodes.length - 5} more`] : [];
      this.findings.push({
        where,
        text: [
          `[${violation.impact}] ${violation.id}: ${violation.help}`,
          ...targets,
          ...more,
        ].join('\n'),
      });
    }
  }

  /** What every page must have besides axe's rules: one h1, and a skip link to its main. */
  async structure(where: string) {
    const headings = await this.page.locator('h1').count();
    if (headings !== 1) {
      this.findings.push({ where, text: `${headings} h1 headings (one is expected)` });
    }
    const skip = this.page.getByRole('link', { name: '跳到主要内容' });
    if ((await skip.count()) !== 1) {
      this.findings.push({ where, text: 'no skip link 跳到主要内容' });
      return;
    }
    // It leads to the page's one <main> (by its id, and by script where a page's main has none).
    const mains = await this.page.locator('main').count();
    if ((await skip.getAttribute('href')) !== '#main' || mains !== 1) {
      this.findings.push({ where, text: `the skip link does not lead to one main (${mains})` });
    }
  }

  /** Opens a page, waits until it shows its content (its main, no spinner), and audits it. */
  async visit(path: string) {
    await this.page.goto(path);
    await this.settle();
    await this.audit(path);
  }

  async settle() {
    await expect(this.page.locator('main')).toBeVisible();
    await expect(this.page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    // A PDF reader has loaded its document (its page turners are enabled)...
    await expect(this.page.locator('.pdf-indicator', { hasText: '- / -' })).toHaveCount(0);
    // ...and no CSS transition is under way: axe reads colours as they are drawn, and a button
    // fading from its disabled grey would be judged by the grey. (The home carousel's slides
    // move every few seconds; between moves nothing is in transition.)
    await this.page.waitForFunction(
      () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
    );
  }

  async audit(where: string) {
    await this.axe(where);
    await this.structure(where);
    await this.chineseNames(where);
  }

  /**
   * No control or image is read out in English: antd names its icons after them ("search",
   * "close-circle") and its table's checkbox "Select all", unless the page names them.
   */
  async chineseNames(where: string) {
    const english = await this.page.evaluate(() =>
      [...document.querySelectorAll('[aria-label]')]
        .filter((element) => !element.closest('[aria-hidden="true"]'))
        .map((element) => element.getAttribute('aria-label') ?? '')
        .filter((label) => /^([a-z]+(-[a-z]+)*|Select .*|Custom selection)$/.test(label)),
    );
    if (english.length) {
      this.findings.push({ where, text: `English names: ${[...new Set(english)].join(', ')}` });
    }
  }

  /** The first link of the current page whose address starts with `prefix`. */
  async firstHref(prefix: string) {
    const href = await this.page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
    expect(href, `a link to ${prefix}`).toBeTruthy();
    return href!;
  }

  assertClean() {
    const message = this.findings.map((f) => `${f.where}\n  ${f.text}`).join('\n');
    expect(this.findings, `accessibility findings:\n${message}`).toEqual([]);
  }
}

test('every public page passes axe (WCAG 2.1 AA) with one h1 and a skip link', async ({ page }) => {
  allowSteps(32 * PAGE_STEPS + 12);
  const walk = new Walk(page);

  await walk.visit('/index');
  // The login dialog: focus lands in its first field, and the open dialog passes axe.
  await page.getByRole('link', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '用户登录' });
  await expect(dialog.getByLabel('账号')).toBeFocused();
  await walk.axe('/index with the login dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await walk.visit('/news?newsNum=2');
  const article = await walk.firstHref('/newsDetail');
  await walk.visit(article);
  await walk.visit('/news?newsNum=3');
  await walk.visit('/news?newsNum=4');
  await walk.visit('/newsSpecial');
  const topic = await walk.firstHref('/newspecialDetail');
  await walk.visit(topic);
  await walk.visit(await walk.firstHref('/newspecialZxwDetail'));
  await walk.visit('/media?newsNum=6');
  await walk.visit(await walk.firstHref('/mediaDetail'));
  await walk.visit('/media?newsNum=9');
  await walk.visit('/campus?campusNum=15');
  await walk.visit(await walk.firstHref('/campusDetail'));
  await walk.visit('/picture');
  await walk.visit(await walk.firstHref('/picdetail'));
  await walk.visit('/sylyPicture');
  await walk.visit('/video');
  await walk.visit(await walk.firstHref('/videoDetail'));
  for (const n of [1, 2, 3]) await walk.visit(`/meetfuyi?newsNum=${n}`);
  await walk.visit('/schoolWenji?newsNum=1');
  await walk.visit(await walk.firstHref('/schWenjiDetail'));
  await walk.visit('/outnetSech?newsTitle=%E8%BF%90%E5%8A%A8%E4%BC%9A');
  await page.goto('/no-such-page');
  await walk.axe('/no-such-page (404)');

  walk.assertClean();
});

/** Opens a staff member's logged-in browser page. */
async function staffPage(browser: import('@playwright/test').Browser, account: StaffAccount) {
  const context = await browser.newContext({ storageState: staffState(account) });
  return { context, page: await context.newPage() };
}

test('every staff page passes axe (WCAG 2.1 AA) with one h1 and a skip link', async ({
  browser,
}) => {
  allowSteps(36 * PAGE_STEPS + 12);
  const { context, page } = await staffPage(browser, 'teacher');
  const walk = new Walk(page);

  await walk.visit('/teachPage');
  // The change-password dialog: focus lands in its first field, and the open dialog passes axe.
  await page
    .getByRole('navigation', { name: '账户' })
    .getByRole('button', { name: '修改密码' })
    .click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await expect(dialog.getByLabel('原密码')).toBeFocused();
  await walk.axe('/teachPage with the change-password dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await walk.visit('/pubNoti?typeId=17');
  await walk.visit(await walk.firstHref('/publicDetail'));
  await walk.visit('/organize');
  await walk.visit('/txlMailist');
  await walk.visit('/sechresPage?type=1&str=%E9%80%9A%E7%9F%A5');
  await walk.visit(await walk.firstHref('/workPage'));
  await walk.visit('/sechresPage?type=3&str=1');
  // 查资料: drive files by name and text, with the words around a hit marked.
  await walk.visit('/sechresPage?type=6&str=%E6%95%99%E6%A1%88');
  await walk.visit('/editPwd');
  await walk.visit('/weblog');
  await walk.visit('/leave');
  await walk.visit('/writEmail?view=inbox');
  await page.locator('.mail-open').first().click();
  await expect(page).toHaveURL(/view=detail/);
  await walk.settle();
  await walk.audit('a mail (view=detail)');
  await walk.visit('/writEmail?view=sent');
  await walk.visit('/writEmail?view=write');
  await walk.visit('/writEmail?view=contacts');
  await walk.visit('/education');
  await walk.visit(await walk.firstHref('/filelistPage'));
  await walk.visit('/huntFor');
  await walk.visit('/huntFor?zylxType=0&KeywordName=%E5%8D%95%E5%85%83');
  await walk.visit(await walk.firstHref('/folderDetail'));
  await walk.visit('/newUpload');
  await walk.visit('/jinqiPage');
  await walk.visit('/hotDown');
  await walk.visit('/mineWp');
  await walk.visit('/myPublicwp');
  // The content platform as a teacher sees it.
  await walk.visit('/cms');
  await walk.visit('/cms/news');
  await walk.visit('/cms/news/new');
  await walk.visit('/cms/video');
  await context.close();

  walk.assertClean();
});

test('every administrator page of the content platform passes axe (WCAG 2.1 AA)', async ({
  browser,
  request,
}) => {
  allowSteps(24 * PAGE_STEPS + 6);
  const news = (await newsList(request, 2)).list[0]!;
  const topic = (await newsList(request, 4)).list[0]!;
  const video = (
    await api<{ list: Array<{ videoId: number }> }>(request, 'video/getVideoList', {
      ifShelves: 'A',
      checkStatus: 'A',
    })
  ).list[0]!;
  const { context, page } = await staffPage(browser, 'admin');
  const walk = new Walk(page);
  await walk.visit('/cms/news');
  await walk.visit(`/cms/news/edit?newId=${news.newId}`);
  await walk.visit(`/cms/subject/new?newId=${topic.newId}`);
  await walk.visit('/cms/video');
  await walk.visit(`/cms/video/edit?videoId=${video.videoId}`);
  for (const path of [
    '/cms/magazine',
    '/cms/column',
    '/cms/banner',
    '/cms/society',
    '/cms/wwfz',
    '/cms/fmsm',
    '/cms/notice',
    '/cms/workbench',
    '/cms/parameter',
    '/cms/dictionary',
    '/cms/staff',
    '/cms/department',
    '/cms/sensitiveWord',
    '/cms/virusFinding',
  ]) {
    await walk.visit(path);
  }
  await context.close();
  walk.assertClean();
});

test('长辈模式: a pressed switch enlarges the type, stays on after a reload, and passes axe', async ({
  page,
}) => {
  allowSteps(16);
  await page.goto('/news?newsNum=2');
  const html = page.locator('html');
  const date = page.locator('.news-info span').first();
  const sizeOf = () => date.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const before = await sizeOf();
  const toggle = page.getByRole('button', { name: '长辈模式' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveClass(/\belder\b/);
  expect(await sizeOf()).toBeGreaterThanOrEqual(18);
  expect(await sizeOf()).toBeGreaterThan(before);

  // Remembered, and on from the first paint: when the parser reaches <body>, <html> already has
  // the class (the inline script in <head> set it, not React after hydration).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      Object.assign(window, {
        elderAtBody: document.documentElement.classList.contains('elder'),
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  expect(
    await page.evaluate(() => (window as unknown as { elderAtBody: boolean }).elderAtBody),
  ).toBe(true);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await sizeOf()).toBeGreaterThanOrEqual(18);
  const walk = new Walk(page);
  await walk.axe('/news?newsNum=2 in 长辈模式');
  walk.assertClean();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(html).not.toHaveClass(/\belder\b/);
  expect(await sizeOf()).toBe(before);
});
