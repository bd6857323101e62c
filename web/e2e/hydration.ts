import type { Locator } from '@playwright/test';

/**
 * True once React has hydrated the element (it then carries React's fiber): a server-rendered
 * element shows before its handlers are attached, so a click or a play that lands earlier does
 * nothing a test could wait for.
 */
export const isHydrated = (element: Locator) =>
  element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
