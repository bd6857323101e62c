import type { WebBuild } from '../web/pages.js';
import type { KeptPaths } from '../web/page-cache.js';

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

/** The staff pages whose shells the stand-in builds serve, the same for all staff. */
export const STAFF_PAGES: ReadonlySet<string> = new Set(['/teachPage', '/writEmail', '/mineWp']);

const KEPT: KeptPaths = { visitors: PORTAL_PAGES, staff: STAFF_PAGES };

/** A stand-in web build that renders with `render`, its kept pages PORTAL_PAGES and STAFF_PAGES. */
export const fakeWebBuild = (render: WebBuild['render'], clientDir: string): WebBuild => ({
  render,
  ready: async () => {},
  clientDir,
  keptPaths: () => KEPT,
});
