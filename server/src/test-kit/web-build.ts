import type { WebBuild } from '../web/pages.js';

/**
 * The public portal's pages, as the real build declares them (the portal layout's
 * `keptForVisitors`, web/pages.ts keptPathsOf): the stand-in builds of the tests serve these
 * as the portal's, so the page cache keeps them.
 */
export const PORTAL_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/index',
  '/news',
  '/newsDetail',
  '/newsSpecial',
  '/newspecialDetail',
  '/media',
  '/campus',
  '/picture',
  '/video',
  '/videoDetail',
  '/outnetSech',
]);

/** A stand-in web build that renders with `render`, its portal pages PORTAL_PAGES. */
export const fakeWebBuild = (render: WebBuild['render'], clientDir: string): WebBuild => ({
  render,
  ready: async () => {},
  clientDir,
  keptPaths: () => PORTAL_PAGES,
});
