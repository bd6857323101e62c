import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, loginToken } from './api';
import { DEMO_PASSWORD, staffState } from './login';
import { allowSteps } from './steps';

interface AddressRow {
  teaId: number;
  teaName: string;
  teaPhone: string | null;
  contactId: number | null;
}

test.describe('as the teacher', () => {
  test.use({ storageState: staffState('teacher') });

  test('the home shows the workbench, the six lists, and an item opens in the staff article view', async ({
    page,
  }) => {
    allowSteps(24);
    await page.goto('/teachPage');
    await expect(
      page.getByText('本平台为互联网非涉密平台，严禁处理、传输国家秘密', { exact: true }),
    ).toBeVisible();
    const bench = page.locator('.staff-card', { has: page.getByText('工作台', { exact: true }) });
    const entries = bench.locator('.home-entry');
    await expect(entries).toHaveCount(8);
    await bench.getByRole('button', { name: '显示更多' }).click();
    await expect(bench.getByRole('button', { name: '收起' })).toBeVisible();
    expect(await entries.count()).toBeGreaterThan(8);
    for (const title of ['部门公告', '校园快讯', '校务公开', '规章制度', '公开课', '党务公开']) {
      await expect(
        page.locator('.home-list .ant-card-head-title', { hasText: title }),
      ).toBeVisible();
    }
    // The secrecy notice leaves after 3 s.
    await expect(
      page.getByText('本平台为互联网非涉密平台，严禁处理、传输国家秘密', { exact: true }),
    ).toBeHidden();

    const notices = page.locator('.home-list', { hasText: '部门公告' });
    const first = notices.locator('li a').first();
    const title = await first.getAttribute('title');
    await first.click();
    await expect(page).toHaveURL(/\/publicDetail\?typeId=17&newId=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await page.locator('.crumbs').getByRole('link', { name: '部门公告' }).click();
    await expect(page).toHaveURL(/\/pubNoti\?typeId=17$/);
    await expect(page.locator('.ant-card-head-title', { hasText: '部门公告' })).toBeVisible();
  });

  test('a teacher finds a colleague by phone and adds, then removes, a frequent contact', async ({
    page,
    request,
  }) => {
    allowSteps(20);
    const { token, staffId } = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    // Someone who is not yet among the teacher's (many) demo contacts.
    const everyone = await api<{ list: AddressRow[] }>(
      request,
      'addressBook/getList',
      { pageNum: 1, pageSize: 50 },
      token,
    );
    const colleague = everyone.list
      .filter((row) => !row.contactId && row.teaPhone && row.teaId !== staffId)
      .at(-1)!;

    await page.goto('/txlMailist');
    await page.getByLabel('电话或姓名').fill(colleague.teaPhone!);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(colleague.teaName) });
    await expect(row).toBeVisible();
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await row.getByRole('button', { name: '添加联系人' }).click();
    await expect(page.getByText('添加成功')).toBeVisible();
    await expect(row.getByRole('button', { name: '移除联系人' })).toBeVisible();

    await page.getByRole('tab', { name: /常用联系人/ }).click();
    // The address book's pane stays in the page, hidden: look in the contacts' own pane, which
    // shows the new contact once the list is read again after the add.
    const contact = page
      .getByRole('tabpanel', { name: /常用联系人/ })
      .getByRole('row', { name: new RegExp(colleague.teaName) });
    await expect(contact).toBeVisible();
    await contact.getByRole('button', { name: '移除联系人' }).click();
    await expect(page.getByText('移除成功')).toBeVisible();
    await expect(contact).toHaveCount(0);
  });

  test('a teacher edits the own profile on /editPwd; an empty name is refused', async ({
    page,
  }) => {
    allowSteps(16);
    await page.goto('/editPwd');
    const name = page.getByPlaceholder('请填写姓名');
    await expect(name).toHaveValue('林晓雯');
    const phone = page.getByLabel('电话', { exact: true });
    const before = await phone.inputValue();
    await name.fill('');
    await page.getByRole('button', { name: '保存资料' }).click();
    await expect(
      page.locator('.ant-form-item-explain-error', { hasText: '请填写姓名' }),
    ).toBeVisible();
    await name.fill('林晓雯');
    await phone.fill('010-66001234');
    await page.getByRole('button', { name: '保存资料' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('电话', { exact: true })).toHaveValue('010-66001234');
    // Back as it was, for the other walks.
    await page.getByLabel('电话', { exact: true }).fill(before);
    await page.getByRole('button', { name: '保存资料' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
  });

  test('the banner box finds a colleague’s phone; 查新闻 finds an item that opens in /workPage and leads back', async ({
    page,
    request,
  }) => {
    allowSteps(20);
    const { token, staffId } = await loginToken(request, 'teacher', DEMO_PASSWORD, 2);
    const rows = await api<{ list: AddressRow[] }>(
      request,
      'addressBook/getList',
      { pageNum: 3 },
      token,
    );
    const colleague = rows.list.find((row) => row.teaPhone && row.teaId !== staffId)!;

    await page.goto('/teachPage');
    const box = page.getByRole('search');
    await box.getByText('查电话').click();
    await box.getByLabel('站内搜索').fill(colleague.teaPhone!);
    await box.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/sechresPage\?type=3&str=/);
    await expect(page.getByRole('tab', { name: '查电话', selected: true })).toBeVisible();
    await expect(page.getByText('找到 1 条相关结果')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(colleague.teaName) })).toBeVisible();

    await page.getByRole('tab', { name: '查新闻' }).click();
    const form = page.locator('.search-filters');
    await form.getByLabel('关键字').fill('通知');
    await form.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.getByText(/找到 \d+ 条相关结果/)).toBeVisible();
    const first = page.locator('.search-results .ant-list-item-meta-title a').first();
    const title = await first.getAttribute('title');
    await first.click();
    await expect(page).toHaveURL(/\/workPage\?typeId=\d+&newId=\d+&type=\d/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await page.locator('.crumbs').getByRole('link', { name: '搜索结果' }).click();
    await expect(page).toHaveURL(/\/sechresPage\?.*type=1/);
    await expect(page.locator('.search-filters').getByLabel('关键字')).toHaveValue('通知');
  });
});

/** axe's WCAG 2.1 AA rules: no serious or critical violation (as accessibility.spec). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Nothing on the page scrolls sideways, the notices' table neither. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    tables: [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map(
      (box) => box.scrollWidth - box.clientWidth,
    ),
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  expect(widths.tables.filter((overflow) => overflow > 0)).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 768;
  test.describe(`staff pages at ${viewport.width}px`, () => {
    test.use({ storageState: staffState('teacher'), viewport });

    test('/pubNoti shows the notices with 部门, 发布者 and 时间 in view; on a phone the columns fold away', async ({
      page,
    }) => {
      allowSteps(17);
      await page.goto('/pubNoti?typeId=17');
      const list = page.locator('.staff-card', { has: page.locator('.ant-table') });
      const first = list.locator('.ant-table-row').first();
      await expect(first).toBeVisible();
      const myRelease = page.getByRole('menuitem', { name: '我的发布' });
      if (phone) {
        // The notices come first: their first row is in the first screen, the menu folded.
        const box = (await first.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        await expect(myRelease).toBeHidden();
        // 部门 · 发布者 · 时间 as the row's second line, whole.
        const meta = first.locator('.news-row-meta');
        await expect(meta).toHaveText(/^.+ · .+ · \d{4}-\d{2}-\d{2}$/);
        const line = (await meta.boundingBox())!;
        expect(line.x + line.width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: test.info().outputPath('pubNoti-390.png') });
        await page.getByRole('button', { name: /栏目：部门公告/ }).click();
        await expect(myRelease).toBeVisible();
      } else {
        await expect(myRelease).toBeVisible();
        await expect(list.getByRole('columnheader', { name: '发布者' })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      // 我的发布's own 通知, once its list has opened: a click while the list still grows can
      // land beside the item (seen on a phone with both cores busy).
      await myRelease.click();
      await expect(myRelease).toHaveAttribute('aria-expanded', 'true');
      const mine = page.locator(`[id="${await myRelease.getAttribute('aria-controls')}"]`);
      await expect(mine).toBeVisible();
      await page.waitForFunction(
        () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
      );
      await mine.getByRole('menuitem', { name: '通知', exact: true }).click();
      await expect(page).toHaveURL(/myRelease=2/);
    });

    test('/mineWp reaches 回收站 from its tab list without an overflow menu', async ({ page }) => {
      // Ten steps, and axe over the page counts as three.
      allowSteps(12);
      await page.goto('/mineWp');
      const tabs = page.getByRole('tablist', { name: '我的网盘' });
      await expect(tabs.getByRole('tab')).toHaveCount(5);
      await expect(tabs.getByRole('tab', { name: '我的网盘' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expectAccessible(page);
      const bin = tabs.getByRole('tab', { name: '回收站' });
      await expect(bin).toBeInViewport();
      await bin.click();
      await expect(page).toHaveURL(/\/mineWp\?tab=4$/);
      await expect(bin).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page);
    });
  });
}
