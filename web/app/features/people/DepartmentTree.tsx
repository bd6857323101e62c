import { Tree, type TreeProps } from 'antd';
import { useState } from 'react';
import { allDeptIds, moveForDrop, toTreeData, type DeptNode } from './dept-tree';

/**
 * The departments as an antd Tree, with each one's staff count (its own and
 * with the departments below it). Choosing one selects it; dragging one onto
 * or between others asks to move it there.
 */
export function DepartmentTree({
  tree,
  selected,
  onSelect,
  onMove,
}: {
  tree: DeptNode[];
  selected: number | undefined;
  onSelect: (deptId: number | undefined) => void;
  onMove: (deptId: number, parentId: number, position: number) => void;
}) {
  // Branches start open, new ones too; only those the user closes stay closed.
  const [closed, setClosed] = useState<Set<number>>(() => new Set());
  const all = allDeptIds(tree);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const pos = info.node.pos.split('-');
    const move = moveForDrop(tree, {
      dragId: Number(info.dragNode.key),
      targetId: Number(info.node.key),
      toGap: info.dropToGap,
      relative: info.dropPosition - Number(pos[pos.length - 1]),
      targetOpen: Boolean(info.node.expanded),
    });
    if (move) onMove(Number(info.dragNode.key), move.parentId, move.position);
  };

  return (
    <Tree
      blockNode
      showLine
      draggable={{ icon: false }}
      expandedKeys={all.filter((id) => !closed.has(id))}
      onExpand={(keys) => {
        const open = new Set(keys.map(Number));
        setClosed(new Set(all.filter((id) => !open.has(id))));
      }}
      selectedKeys={selected === undefined ? [] : [selected]}
      onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
      onDrop={onDrop}
      treeData={toTreeData(tree, (node) =>
        node.children.length
          ? `${node.deptName}（${node.staffCount}人，含下级${node.totalStaffCount}人）`
          : `${node.deptName}（${node.staffCount}人）`,
      )}
    />
  );
}
