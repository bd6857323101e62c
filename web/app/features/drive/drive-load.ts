import { emptyPage, intSearch, read, type Read } from '../../api/page-data';
import type { PathsAnswering } from '@school/common/api';
import type { BodyTo } from '../../api/client';
import { RESOURCES_FILE_TYPE, RESOURCES_TYPE, type DriveList } from './drive-api';
import { sortOf, sortParams, type DriveSort } from './drive-data';
import { DRIVE_PAGE_SIZE } from './DriveTable';
import { facetFilterOf, facetPayload, type FacetFilter } from './facet-data';

/** The filters, sort and page of a drive list, as its address keeps them. */
export interface DriveQuery {
  keyword: string;
  resourcesType: string;
  resourcesFileType: string;
  sort: DriveSort;
  /** Whether the person chose the sort (the ranking lists keep their own order until then). */
  sortChosen: boolean;
  pageNum: number;
  /** The library's teaching facets (学段, 年级, 学科, 教材版本, 章节). */
  facets: FacetFilter;
}

export function driveQueryOf(params: URLSearchParams): DriveQuery {
  return {
    keyword: (params.get('KeywordName') ?? '').trim(),
    resourcesType: params.get('resourcesType') ?? '',
    resourcesFileType: params.get('resourcesFileType') ?? '',
    sort: sortOf(params.get('sort')),
    sortChosen: params.has('sort'),
    pageNum: intSearch(params, 'pageNum') ?? 1,
    facets: facetFilterOf(params),
  };
}

/** The call's filters for a query: empty ones are left out. */
/** The lists of resources the drive's pages read (all answer a page of DriveRow). */
export type DriveListPath = PathsAnswering<DriveList>;

export const listPayload = (query: DriveQuery, ranked = false) => ({
  KeywordName: query.keyword || undefined,
  resourcesType: query.resourcesType || undefined,
  resourcesFileType: query.resourcesFileType || undefined,
  ...(ranked && !query.sortChosen ? {} : sortParams(query.sort)),
  ...facetPayload(query.facets),
  pageNum: query.pageNum,
  pageSize: DRIVE_PAGE_SIZE,
});

export const readList = <P extends DriveListPath>(
  path: P,
  payload: BodyTo<P>,
): Promise<Read<DriveList>> => read(path, payload, emptyPage());

/** Both dictionaries of the filters (RESOURCES_TYPE, RESOURCES_FILE_TYPE). */
export async function readDictionaries() {
  const [types, formats] = await Promise.all([
    read('dictionary/list', { dicCode: RESOURCES_TYPE }, []),
    read('dictionary/list', { dicCode: RESOURCES_FILE_TYPE }, []),
  ]);
  return { types, formats };
}
