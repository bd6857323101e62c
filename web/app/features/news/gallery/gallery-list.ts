import type { Transport } from '../../../api/client';
import { intParam, load, pageOr, type Page } from '../../../api/load';
import type { BannerItem, NewsItem } from '@school/common/api';

export const GALLERY_PAGE_SIZE = 6;

export interface GalleryPageData {
  typeId: number;
  pageNum: number;
  page: Page<NewsItem>;
  cover: BannerItem | undefined;
}

/** A gallery's page of items (news column 11 or 12) and the picture centre's cover (typeId 9). */
export async function loadGallery(
  transport: Transport,
  url: string,
  typeId: number,
): Promise<GalleryPageData> {
  const pageNum = intParam(url, 'pageNum', 1);
  const [page, cover] = await Promise.all([
    load(transport, 'news/getNewsList', {
      typeId,
      pageNum,
      pageSize: GALLERY_PAGE_SIZE,
      enableType: 1,
    }),
    load(transport, 'coverPic/getCoverPic', { typeId: 9 }),
  ]);
  return { typeId, pageNum, page: pageOr(page), cover: cover.ok ? cover.data[0] : undefined };
}
