import type { ApiData } from '@school/common/api';
import type { Transport } from '../../../api/client';
import { intParam, load, pageOr, type Loaded, type Page } from '../../../api/load';
import type { BannerItem } from '@school/common/api';

/** One issue (api/magazine/selMagazineList, selMagazineDetails); filePath is its PDF. */
export type Magazine = ApiData<'magazine/selMagazineDetails'>;

/** The three series (schoolWenji's newsNum, the API's typeId). */
export const MAGAZINE_SERIES_IDS = [1, 2, 3] as const;
export const MAGAZINE_PAGE_SIZE = 15;

/** A series' name when it has no issue to carry its typeName. */
const FALLBACK_NAMES: Record<number, string> = { 1: '校刊', 2: '学生文集', 3: '教师文集' };

export interface MagazineListData {
  newsNum: number;
  pageNum: number;
  series: Array<{ typeId: number; typeName: string }>;
  page: Page<Magazine>;
  cover: BannerItem | undefined;
}

/**
 * schoolWenji?newsNum=1|2|3: a page of the chosen series, and the names of all
 * three for the tabs. The API names a series only on its issues, so the other
 * two are asked for one issue each.
 */
export async function loadMagazines(transport: Transport, url: string): Promise<MagazineListData> {
  const asked = intParam(url, 'newsNum', 1);
  const newsNum = (MAGAZINE_SERIES_IDS as readonly number[]).includes(asked) ? asked : 1;
  const pageNum = intParam(url, 'pageNum', 1);
  const list = (typeId: number, pageNum: number, pageSize: number) =>
    load(transport, 'magazine/selMagazineList', { typeId, pageNum, pageSize });
  const [pages, cover] = await Promise.all([
    Promise.all(
      MAGAZINE_SERIES_IDS.map((id) =>
        id === newsNum ? list(id, pageNum, MAGAZINE_PAGE_SIZE) : list(id, 1, 1),
      ),
    ),
    load(transport, 'coverPic/getCoverPic', { typeId: 0 }),
  ]);
  const series = MAGAZINE_SERIES_IDS.map((typeId, i) => {
    const named = pages[i]!.ok ? pageOr(pages[i]!).list[0]?.typeName : undefined;
    return { typeId, typeName: named || FALLBACK_NAMES[typeId]! };
  });
  return {
    newsNum,
    pageNum,
    series,
    page: pageOr(pages[MAGAZINE_SERIES_IDS.indexOf(newsNum as 1 | 2 | 3)]!),
    cover: cover.ok ? cover.data[0] : undefined,
  };
}

/** schWenjiDetail?magazineId=: one issue; a missing one is the 404 page. */
export async function loadMagazine(
  transport: Transport,
  url: string,
): Promise<{ magazineId: number; detail: Loaded<Magazine> }> {
  const magazineId = intParam(url, 'magazineId', 0);
  const detail = magazineId
    ? await load(transport, 'magazine/selMagazineDetails', { magazineId })
    : ({ ok: false, status: 404, message: '刊物不存在' } as const);
  return { magazineId, detail };
}
