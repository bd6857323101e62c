/** The two galleries of the picture centre: news columns 12 and 11. */
export const GALLERIES = [
  { typeId: 12, label: '最美校园', path: '/picture' },
  { typeId: 11, label: '似水流年', path: '/sylyPicture' },
] as const;

export type Gallery = (typeof GALLERIES)[number];

/** The gallery of a column id (picdetail's newTxt); 最美校园 for anything else. */
export function galleryOf(typeId: number | null | undefined): Gallery {
  return GALLERIES.find((g) => g.typeId === typeId) ?? GALLERIES[0];
}

export const isGalleryType = (typeId: number | null | undefined): boolean =>
  GALLERIES.some((g) => g.typeId === typeId);

/** Where a gallery item opens: picdetail, whose newTxt leads the breadcrumb back. */
export const picDetailHref = (newId: number, typeId: number): string =>
  `/picdetail?newId=${newId}&newTxt=${galleryOf(typeId).typeId}`;
