import { describe, expect, it } from 'vitest';
import { SOCIETY_CATEGORIES, societiesOf, type Society } from './media-societies';

const society = (id: number, type: number): Society => ({
  associationId: id,
  associationName: `社团${id}`,
  associationType: type,
  associationTypeName: '',
  associationLog: `/api/files/${id}`,
  associationPic: `/api/files/${id + 100}`,
});

describe('societiesOf', () => {
  it('keeps one category, in the order given', () => {
    const all = [society(1, 2), society(2, 1), society(3, 2)];
    expect(societiesOf(all, 2).map((s) => s.associationId)).toEqual([1, 3]);
  });
  it('is empty for a category without societies', () => {
    expect(societiesOf([society(1, 1)], 6)).toEqual([]);
  });
});

it('has the six tabs of the spec, in order', () => {
  expect(SOCIETY_CATEGORIES.map((c) => c.label)).toEqual([
    '海外文化',
    '理工科技',
    '人文社科',
    '社会文化',
    '体育运动',
    '文化艺术',
  ]);
});
