import type { DriveRow, PathsAnswering } from '@school/common/api';
import type { Route } from './+types/mine-wp';
import { emptyPage, intSearch, read, type ListPage } from '../../api/page-data';
import { driveQueryOf, listPayload, readDictionaries } from '../../features/drive/drive-load';
import { MINE_TABS, MinePage, type MineTab } from '../../features/drive/MinePage';
import { requireUser } from '../../lib/session';
import mineCss from '../../styles/drive-mine.css?url';

export const meta = () => [{ title: '我的网盘 - 教学网盘' }];
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: mineCss }];

const TAB_PATHS: Record<Exclude<MineTab, '4'>, PathsAnswering<ListPage<DriveRow>>> = {
  '0': 'resources/getFolderFiles',
  '1': 'resources/getMyFavorites',
  '2': 'resources/getMyDownloads',
  '3': 'resources/getMyShares',
};

/** /mineWp?fid=..&tab=.. (intranet.md §2): tab 0 my disk (its folder fid), 1-3 my lists. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab = (MINE_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as MineTab)
    : '0';
  const fid = tab === '0' ? (intSearch(params, 'fid') ?? 0) : 0;
  const query = driveQueryOf(params);
  // Tab 4 is the 回收站 (issue 19); scope=library its library view for drive administrators.
  const scope = params.get('scope') === 'library' ? 'library' : 'mine';
  const [info, list, quota, { types, formats }, recycle, folderShares] = await Promise.all([
    fid
      ? read('resources/getFolderInfo', { fId: fid }, null)
      : Promise.resolve({ data: null, error: null }),
    tab === '4'
      ? Promise.resolve({ data: emptyPage(), error: null })
      : read(
          TAB_PATHS[tab],
          { ...listPayload(query), ...(tab === '0' ? { fId: fid, sType: 1 } : {}) },
          emptyPage(),
        ),
    read('resources/getMyQuota', {}, { used: 0, total: 0, pending: 0 }),
    readDictionaries(),
    tab === '4'
      ? read(
          'resources/getRecycleList',
          { scope, KeywordName: query.keyword || undefined, pageNum: query.pageNum },
          emptyPage(),
        )
      : Promise.resolve({ data: emptyPage(), error: null }),
    // 我的分享 lists the folder links too, below the files'.
    tab === '3'
      ? read('resources/getMyFolderShares', { pageNum: 1, pageSize: 50 }, emptyPage())
      : Promise.resolve({ data: emptyPage(), error: null }),
  ]);
  return {
    tab,
    fid,
    query,
    info,
    list,
    quota,
    types,
    formats,
    recycle,
    scope,
    folderShares,
  } as const;
}

export default function MineWp({ loaderData }: Route.ComponentProps) {
  return <MinePage data={loaderData} />;
}
