/** Categories shown as tabs; the rest sit under 更多 (portal spec §9). */
export const SHOWN_CATEGORIES = 8;

/** The first `shown` categories as tabs, the others for the 更多 menu. */
export function splitCategories<T>(types: T[], shown = SHOWN_CATEGORIES): { tabs: T[]; more: T[] } {
  return { tabs: types.slice(0, shown), more: types.slice(shown) };
}

/** The video centre filtered by a category; 0 is 全部. */
export const videoCentreHref = (typeId: number): string =>
  typeId ? `/video?typeId=${typeId}` : '/video';
