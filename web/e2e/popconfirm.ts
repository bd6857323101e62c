import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Answers the open popconfirm (确定, 彻底删除 …). antd lets no click through
 * while the bubble is still being placed and zoomed in: such a click lands
 * on what lies under it and the bubble stays open, which a person never meets
 * but a test clicking within the first frames does. So this waits until the
 * bubble has settled (no running animation, pointer events on its button), then clicks,
 * then waits for it to close.
 */
export async function answerPopconfirm(page: Page, button: string | RegExp, hasText?: string) {
  const bubble = page
    .locator('.ant-popconfirm')
    .filter({ visible: true, ...(hasText ? { hasText } : {}) });
  await answerOnceSettled(bubble, button);
}

/**
 * Answers an open confirm dialog (Modal.confirm's 确定 …) the same way: antd's
 * modal swallows a click made while it is still zooming in.
 */
export async function answerDialog(dialog: Locator, button: string | RegExp) {
  await answerOnceSettled(dialog, button);
}

async function answerOnceSettled(container: Locator, button: string | RegExp) {
  await expect(container).toBeVisible();
  const target = container.getByRole('button', { name: button });
  // Settled: nothing in it still animating, and the button takes pointer events (inherited:
  // a modal's own box has none, its content and buttons do).
  await expect
    .poll(async () => {
      const still = await container.evaluate((el) => el.getAnimations({ subtree: true }).length);
      const pointer = await target.evaluate((el) => getComputedStyle(el).pointerEvents);
      return still === 0 && pointer !== 'none';
    })
    .toBe(true);
  await target.click();
  await expect(container).toBeHidden();
}
