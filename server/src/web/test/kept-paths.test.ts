import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { keptPathsIn } from '../pages.js';

type Routes = ServerBuild['routes'];

/** A route manifest shaped as the build writes it: ids, parents, paths and modules. */
function manifest(
  routes: { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown }[],
): Routes {
  return Object.fromEntries(
    routes.map(({ handle, ...route }) => [route.id, { ...route, module: { handle } }]),
  ) as unknown as Routes;
}

describe('the pages the page cache may keep', () => {
  it('are the routes under a layout that says keptForVisitors or keptForStaff, with their full paths', () => {
    const routes = manifest([
      { id: 'root', path: '' },
      { id: 'portal', parentId: 'root', handle: { keptForVisitors: true } },
      { id: 'landing', parentId: 'portal', index: true },
      { id: 'news', parentId: 'portal', path: 'news' },
      { id: 'detail', parentId: 'portal', path: 'newsDetail', handle: { hydrate: false } },
      { id: 'staff', parentId: 'root', handle: { staffStyles: true, keptForStaff: true } },
      { id: 'teach', parentId: 'staff', path: 'teachPage' },
      { id: 'cms', parentId: 'root', path: 'cms' },
      { id: 'cms-news', parentId: 'cms', path: 'news', handle: { keptForVisitors: 'yes' } },
      { id: 'share', parentId: 'root', path: 's/:shareCode' },
    ]);
    const kept = keptPathsIn(routes);
    expect([...kept.visitors].sort()).toEqual(['/', '/news', '/newsDetail']);
    expect([...kept.staff]).toEqual(['/teachPage']);
  });
});
