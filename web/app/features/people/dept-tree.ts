import type { ApiData } from '@school/common/api';
/** A department as api/cms/department/tree answers it. */
export type DeptNode = ApiData<'cms/department/tree'>[number];

/** antd Tree / TreeSelect data: key and value are the deptId. */
export interface DeptTreeItem {
  key: number;
  value: number;
  title: string;
  children: DeptTreeItem[];
}

/** The tree as antd shows it, each title made by `label`. */
export function toTreeData(
  nodes: DeptNode[],
  label: (node: DeptNode) => string = (node) => node.deptName,
): DeptTreeItem[] {
  return nodes.map((node) => ({
    key: node.deptId,
    value: node.deptId,
    title: label(node),
    children: toTreeData(node.children, label),
  }));
}

/** Where a department sits: itself, its siblings (it included) and its place among them. */
export interface DeptPlace {
  node: DeptNode;
  parent: DeptNode | null;
  siblings: DeptNode[];
  index: number;
}

export function findDept(
  nodes: DeptNode[],
  deptId: number,
  parent: DeptNode | null = null,
): DeptPlace | null {
  for (const [index, node] of nodes.entries()) {
    if (node.deptId === deptId) return { node, parent, siblings: nodes, index };
    const found = findDept(node.children, deptId, node);
    if (found) return found;
  }
  return null;
}

/** Every department's name by id. */
export function deptNames(nodes: DeptNode[], names = new Map<number, string>()) {
  for (const node of nodes) {
    names.set(node.deptId, node.deptName);
    deptNames(node.children, names);
  }
  return names;
}

/** Every deptId of the tree, parents before children (to expand it all). */
export function allDeptIds(nodes: DeptNode[]): number[] {
  return nodes.flatMap((node) => [node.deptId, ...allDeptIds(node.children)]);
}

/** What antd's Tree tells about a drop, reduced to what matters. */
export interface TreeDrop {
  dragId: number;
  targetId: number;
  /** Dropped between nodes (true) or onto the target (false). */
  toGap: boolean;
  /** -1 before the target, 1 after it, 0 onto it. */
  relative: number;
  /** The target shows its children open, so "after it" means "its first child". */
  targetOpen: boolean;
}

/**
 * The api/cms/department/move call for a drop: the new parent (0 for the top
 * level) and the place among the new siblings, counted without the dragged
 * department. null when the drop changes nothing or makes no sense.
 */
export function moveForDrop(
  nodes: DeptNode[],
  drop: TreeDrop,
): { parentId: number; position: number } | null {
  if (drop.dragId === drop.targetId) return null;
  const target = findDept(nodes, drop.targetId);
  const dragged = findDept(nodes, drop.dragId);
  if (!target || !dragged) return null;
  // Into itself or below itself: the server refuses it too.
  if (findDept(dragged.node.children, drop.targetId)) return null;
  if (!drop.toGap || (drop.relative === 1 && drop.targetOpen && target.node.children.length)) {
    return { parentId: target.node.deptId, position: 0 };
  }
  const siblings = target.siblings.filter((node) => node.deptId !== drop.dragId);
  const at = siblings.findIndex((node) => node.deptId === drop.targetId);
  return {
    parentId: target.parent?.deptId ?? 0,
    position: drop.relative < 0 ? at : at + 1,
  };
}
