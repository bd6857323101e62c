import type { ApiData } from '@school/common/api';
export type Column = ApiData<'cms/column/list'>[number];

export type ColumnNode = Column & { children?: ColumnNode[] };

/** The flat column list as a tree: parents with their columns, in order. */
export function columnTree(columns: Column[]): ColumnNode[] {
  const children = (parentId: number): ColumnNode[] =>
    columns
      .filter((c) => c.parentId === parentId)
      .map((c) => {
        const kids = children(c.typeId);
        return kids.length ? { ...c, children: kids } : { ...c };
      });
  return children(0);
}
