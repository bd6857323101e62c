import type { Route } from './+types/filelist-page';
import { emptyPage, intSearch, read } from '../../api/page-data';
import {
  driveQueryOf,
  listPayload,
  readDictionaries,
  readList,
} from '../../features/drive/drive-load';
import { FolderPage } from '../../features/drive/FolderPage';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '教学网盘 - 校内网' }];

/** /filelistPage?fid=..&secondLevel=..&fsuperId=.. (intranet.md §2). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const query = driveQueryOf(params);
  const columnsRead = await read('resources/getFolderList', { layer: 0 }, []);
  // Without a folder the first column opens.
  const fid = intSearch(params, 'fid') ?? columnsRead.data[0]?.fid ?? 0;
  const [info, list, count, { types, formats }] = await Promise.all([
    fid
      ? read('resources/getFolderInfo', { fId: fid }, null)
      : Promise.resolve({ data: null, error: null }),
    fid
      ? readList('resources/getFolderFiles', { ...listPayload(query), fId: fid, sType: 0 })
      : Promise.resolve({ data: emptyPage(), error: null }),
    // The folder's whole count (共N个资源), whatever the filters.
    fid
      ? readList('resources/getFolderFiles', { fId: fid, sType: 0, pageNum: 1, pageSize: 1 })
      : Promise.resolve({ data: emptyPage(), error: null }),
    readDictionaries(),
  ]);
  return {
    fid,
    secondLevel: intSearch(params, 'secondLevel'),
    query,
    info,
    list,
    count,
    columns: columnsRead,
    types,
    formats,
  };
}

export default function FilelistPage({ loaderData }: Route.ComponentProps) {
  return <FolderPage data={loaderData} />;
}
