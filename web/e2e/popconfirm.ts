import { expect, type Page } from '@playwright/test';

/**
 * Answers the open popconfirm (确定, 彻底删除 …). antd lets no click through
 * while the bubble is still being placed and zoomed in: such a click lands
 * on what lies under it and the bubble stays open, which a person never meets
 * but a test clicking within the first frames does. So this waits until the
 * bubble has settled (no running animation, pointer events on), then clicks,
 * then waits for it to close.
 */
export async function answerPopconfirm(page: Page, button: string | RegExp, hasText?: string) {
  const bubble = page
    .locator('.ant-popconfirm')
    .filter({ visible: true, ...(hasText ? { hasText } : {}) });
  await expect(bubble).toBeVisible();
  await expect
    .poll(() =>
      bubble.evaluate(
        (el) =>
          el.getAnimations({ subtree: true }).length === 0 &&
          getComputedStyle(el).pointerEvents !== 'none',
      ),
    )
    .toBe(true);
  await bubble.getByRole('button', { name: button }).click();
  await expect(bubble).toBeHidden();
}
