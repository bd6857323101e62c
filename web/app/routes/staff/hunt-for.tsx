import type { Route } from './+types/hunt-for';
import { intSearch, read } from '../../api/page-data';
import { DriveListPage } from '../../features/drive/DriveListPage';
import {
  driveQueryOf,
  listPayload,
  readDictionaries,
  readList,
} from '../../features/drive/drive-load';
import { facetPayload } from '../../features/drive/facet-data';
import { requireUser } from '../../lib/session';

export const meta = () => [{ title: '资源搜索 - 教学网盘' }];

/**
 * /huntFor (intranet.md §2): zylxType (or type) 0 and 1 search the library,
 * 2 one's own disk; fid limits it to a folder and what is below it.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const query = driveQueryOf(params);
  // The home's search sends zylxType and the dropdown's resource type as `type`;
  // the folder page's sends type 1 (the library) with fid.
  const fromHome = params.has('zylxType');
  if (fromHome && !query.resourcesType) query.resourcesType = params.get('type') ?? '';
  const kind = Number((fromHome ? params.get('zylxType') : params.get('type')) ?? 1);
  const zylxType = kind === 0 || kind === 2 ? kind : 1;
  const fId = intSearch(params, 'fid');
  const library = zylxType !== 2;
  // The library's facet panel: the dictionary and the counts under the same filters.
  const counted = {
    KeywordName: query.keyword || undefined,
    resourcesType: query.resourcesType || undefined,
    resourcesFileType: query.resourcesFileType || undefined,
    fId,
    ...facetPayload(query.facets),
  };
  const [list, { types, formats }, values, counts] = await Promise.all([
    readList('resources/searchResources', { ...listPayload(query), zylxType, fId }),
    readDictionaries(),
    library ? read('resources/getFacets', {}, []) : null,
    library ? read('resources/getFacetCounts', counted, null) : null,
  ]);
  const facets = values && counts?.data ? { values: values.data, counts: counts.data } : undefined;
  return { query, list, types, formats, facets, mine: !library };
}

export default function HuntFor({ loaderData }: Route.ComponentProps) {
  const { query, mine } = loaderData;
  return (
    <DriveListPage
      title="资源搜索"
      data={loaderData}
      placeholder="文件名或关键字搜索"
      intro={`${mine ? '我的网盘' : '教学网盘'}中${query.keyword ? `“${query.keyword}”的` : ''}搜索结果`}
    />
  );
}
