import { describe, expect, it } from 'vitest';
import { campusDetailHref, campusLabels } from './columns';

describe('campusLabels', () => {
  it("takes the API's names and falls back where one is missing", () => {
    const labels = campusLabels([
      { typeId: 17, typeName: '处室公告' },
      { typeId: 15, typeName: '' },
      { typeId: 2, typeName: '校园新闻' },
    ]);
    expect(labels).toEqual({ 15: '示范校建设', 16: '校务公开', 17: '处室公告', 21: '课程建设' });
  });
});

it('opens an item with its column as campusNum and typeId', () => {
  expect(campusDetailHref(42, 21)).toBe('/campusDetail?newId=42&campusNum=21&typeId=21');
});
