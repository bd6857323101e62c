import { describe, expect, it } from 'vitest';
import { columnTree, type Column } from './column-tree';

const column = (typeId: number, parentId: number, typeName = `栏目${typeId}`): Column => ({
  typeId,
  typeName,
  parentId,
  sort: 0,
  teacherOpen: 1,
  isParent: false,
  newsCount: 0,
});

describe('columnTree', () => {
  it('nests columns under their parents in the given order; leaves have no children', () => {
    const tree = columnTree([column(1, 0), column(2, 1), column(3, 1), column(20, 0)]);
    expect(tree.map((c) => c.typeId)).toEqual([1, 20]);
    expect(tree[0]!.children?.map((c) => c.typeId)).toEqual([2, 3]);
    expect(tree[1]!.children).toBeUndefined();
    expect(tree[0]!.children![0]!.children).toBeUndefined();
  });
});
