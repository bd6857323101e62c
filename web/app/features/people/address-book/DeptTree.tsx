import { Tree } from 'antd';
import { useMemo, useState } from 'react';
import type { AddressDept } from '@school/common/api';

interface Node {
  key: string;
  title: string;
  children: Node[];
}

const toNodes = (depts: AddressDept[]): Node[] =>
  depts.map((dept) => ({
    key: String(dept.deptId),
    title: dept.deptName,
    children: toNodes(dept.children),
  }));

/** The key of `key`'s parent in the tree, or undefined at the top. */
function parentOf(nodes: Node[], key: string, parent?: string): string | undefined | null {
  for (const node of nodes) {
    if (node.key === key) return parent;
    const found = parentOf(node.children, key, node.key);
    if (found !== null) return found;
  }
  return null;
}

/** The path from the top to `key` (its ancestors and itself). */
function pathTo(nodes: Node[], key: string): string[] {
  const path: string[] = [];
  let current: string | undefined | null = key;
  while (current) {
    path.unshift(current);
    current = parentOf(nodes, current) ?? undefined;
  }
  return path;
}

/**
 * A department tree with one branch open at a time (intranet.md §4): opening
 * a department closes its open siblings and their branches.
 */
export function DeptTree({
  departments,
  selected,
  onSelect,
  label,
}: {
  departments: AddressDept[];
  selected?: number;
  onSelect: (deptId: number | undefined) => void;
  label: string;
}) {
  const nodes = useMemo(() => toNodes(departments), [departments]);
  const [expanded, setExpanded] = useState<string[]>(() =>
    selected ? pathTo(nodes, String(selected)) : nodes.slice(0, 1).map((n) => n.key),
  );
  return (
    <nav aria-label={label} className="dept-tree">
      <Tree
        blockNode
        treeData={nodes}
        expandedKeys={expanded}
        selectedKeys={selected ? [String(selected)] : []}
        onExpand={(_keys, { node, expanded: open }) => {
          const key = String(node.key);
          setExpanded(open ? pathTo(nodes, key) : pathTo(nodes, key).slice(0, -1));
        }}
        onSelect={(keys, { node }) => {
          const key = String(node.key);
          setExpanded(pathTo(nodes, key));
          onSelect(keys.length ? Number(key) : undefined);
        }}
      />
    </nav>
  );
}
