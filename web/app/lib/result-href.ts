/** What a search hit needs to be opened. News items carry newId, videos videoId. */
export interface SearchTarget {
  newId: number | null;
  videoId: number | null;
  typeId: number;
  newsTitle: string;
}

const MEDIA = [6, 7, 8];
const GALLERIES = [11, 12];
const CAMPUS = [15, 16, 17, 21];
const VIDEO = 13;
const SPECIAL = 4;

/**
 * The page of a search hit, by its column (portal.md §2 "Search results"):
 * 13 video, 2 and 3 news, 4 special topic, 6-8 media, 11 and 12 galleries,
 * 15, 16, 17 and 21 campus columns; any other column opens as news.
 */
export function searchResultHref(hit: SearchTarget): string {
  const { newId, typeId } = hit;
  if (typeId === VIDEO && hit.videoId !== null) {
    return `/videoDetail?videoId=${hit.videoId}&typeId=${VIDEO}`;
  }
  if (typeId === SPECIAL) {
    const title = encodeURIComponent(hit.newsTitle);
    return `/newspecialDetail?newId=${newId}&newsNum=${SPECIAL}&newspecialTitle=${title}&typeId=${SPECIAL}`;
  }
  if (MEDIA.includes(typeId))
    return `/mediaDetail?newId=${newId}&newsNum=${typeId}&typeId=${typeId}`;
  if (GALLERIES.includes(typeId)) return `/picdetail?newId=${newId}&newTxt=${typeId}`;
  if (CAMPUS.includes(typeId)) {
    return `/campusDetail?newId=${newId}&campusNum=${typeId}&typeId=${typeId}`;
  }
  // News (2, 3) and any column without a page of its own.
  return `/newsDetail?newId=${newId}&newsNum=${typeId}&typeId=${typeId}`;
}
