import { describe, expect, it } from 'vitest';
import { galleryOf, isGalleryType, picDetailHref } from './galleries';

describe('galleryOf', () => {
  it('finds 最美校园 (12) and 似水流年 (11)', () => {
    expect(galleryOf(12)).toMatchObject({ label: '最美校园', path: '/picture' });
    expect(galleryOf(11)).toMatchObject({ label: '似水流年', path: '/sylyPicture' });
  });
  it('falls back to 最美校园 for other or missing ids', () => {
    expect(galleryOf(2).typeId).toBe(12);
    expect(galleryOf(undefined).typeId).toBe(12);
  });
});

describe('isGalleryType', () => {
  it('accepts only the two gallery columns', () => {
    expect(isGalleryType(11)).toBe(true);
    expect(isGalleryType(12)).toBe(true);
    expect(isGalleryType(13)).toBe(false);
  });
});

describe('picDetailHref', () => {
  it('carries the gallery as newTxt', () => {
    expect(picDetailHref(7, 11)).toBe('/picdetail?newId=7&newTxt=11');
    expect(picDetailHref(8, 12)).toBe('/picdetail?newId=8&newTxt=12');
  });
});
