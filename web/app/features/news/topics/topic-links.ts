import type { NewsItem } from '@school/common/api';

/** The special carousel's interval (portal spec §9). */
export const SPECIAL_CAROUSEL_MS = 5000;

/** Where a sub-news opens: its own address, keeping the left list on the same page. */
export function subjectNewsHref(
  newId: number,
  subjectNewId: number,
  typeId: number,
  pageNum: number,
): string {
  return `/newspecialZxwDetail?newId=${newId}&subjectNewId=${subjectNewId}&typeId=${typeId}&pageNum=${pageNum}`;
}

/** A special topic's page, with the parameters the news list has always linked it with. */
export function topicHref(item: Pick<NewsItem, 'newId' | 'newsTitle' | 'typeId'>): string {
  const title = encodeURIComponent(item.newsTitle);
  return `/newspecialDetail?newId=${item.newId}&newsNum=4&newspecialTitle=${title}&typeId=${item.typeId}`;
}

/**
 * The most recently published of some special topics. The list API puts
 * pinned topics first, so the first row is not always the newest.
 */
export function latestTopic<T extends Pick<NewsItem, 'shelvesDate'>>(items: T[]): T | undefined {
  return items.reduce<T | undefined>(
    (latest, item) => (!latest || item.shelvesDate > latest.shelvesDate ? item : latest),
    undefined,
  );
}
